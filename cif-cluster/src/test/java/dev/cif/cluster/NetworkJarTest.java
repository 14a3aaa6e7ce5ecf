package dev.cif.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.jar.JarFile;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code conf/cif-cluster-network.jar} is all a client or a container needs of this module: one class that
 * refers to nothing but the JDK and Hadoop's {@code Configuration} (no test library, no mini cluster), so that
 * the distribution's launcher can put it beside any Hadoop client.
 */
class NetworkJarTest {
  @Test
  void theNetworkJarHoldsOneClassThatNeedsOnlyTheJdkAndHadoopsConfiguration(@TempDir File dir) throws Exception {
    File jar = new File(dir, "cif-cluster-network.jar");
    OneMachineCluster.writeNetworkJar(jar);
    try (JarFile j = new JarFile(jar)) {
      assertEquals(List.of("dev/cif/cluster/NodeAddressSocketFactory.class"), j.stream().map(e -> e.getName()).toList());
    }
    // jdeps lists every class the jar's class refers to, one indented "CLASS -> CLASS MODULE" line each
    // (after a line per module, unindented).
    StringWriter out = new StringWriter();
    int status = ToolProvider.findFirst("jdeps").orElseThrow()
        .run(new PrintWriter(out), new PrintWriter(out), "-verbose:class", "-filter:none", jar.getPath());
    assertEquals(0, status, out.toString());
    List<String> targets = out.toString().lines().filter(l -> l.startsWith(" ") && l.contains(" -> "))
        .map(l -> l.substring(l.indexOf(" -> ") + 4).trim().split("\\s+")[0]).toList();
    assertFalse(targets.isEmpty(), out.toString());
    for (String target : targets) {
      assertTrue(target.startsWith("java.") || target.startsWith("javax.") || target.startsWith("org.apache.hadoop.conf.")
          || target.equals(NodeAddressSocketFactory.class.getName()), "the network jar's class needs " + target + ":\n" + out);
    }
  }
}
