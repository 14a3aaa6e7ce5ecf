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
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.ServiceLoader;
import org.apache.hadoop.ipc.CallerContext;
import org.apache.tez.hadoop.shim.HadoopShim;
import org.apache.tez.hadoop.shim.HadoopShimProvider;
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

  /**
   * The nodes' Tez finds the cluster's shim through the shim jar's service entry (tez.hadoop.shim.provider.class
   * chooses it among those found), and the shim sets Hadoop's caller context, which the NameNode writes into its
   * audit log beside each call, and clears it again.
   */
  @Test
  void theShimJarsShimSetsHadoopsCallerContextForTez(@TempDir File dir) throws Exception {
    File jar = new File(dir, "cif-cluster-tez-shim.jar");
    OneMachineCluster.writeShimJar(jar);
    try (JarFile j = new JarFile(jar)) {
      assertEquals(List.of("META-INF/services/org.apache.tez.hadoop.shim.HadoopShimProvider",
          "dev/cif/cluster/TezCallerContextShim.class", "dev/cif/cluster/TezCallerContextShim$Shim.class"),
          j.stream().map(e -> e.getName()).toList());
    }
    HadoopShim shim;
    try (URLClassLoader node = new URLClassLoader(new URL[] {jar.toURI().toURL()}, getClass().getClassLoader())) {
      List<HadoopShimProvider> found = new ArrayList<>();
      ServiceLoader.load(HadoopShimProvider.class, node).forEach(found::add);
      assertEquals(List.of(TezCallerContextShim.class), found.stream().map(Object::getClass).toList());
      shim = found.get(0).createHadoopShim("3.4.1", 3, 4);
    }
    CallerContext before = CallerContext.getCurrent();
    try {
      shim.setHadoopCallerContext("tez_ta:attempt_1764440000000_0001_1_00_000000_0");
      assertEquals("tez_ta:attempt_1764440000000_0001_1_00_000000_0", CallerContext.getCurrent().getContext());
      shim.clearHadoopCallerContext();
      assertEquals(null, CallerContext.getCurrent());
    } finally {
      CallerContext.setCurrent(before);
    }
  }
}
