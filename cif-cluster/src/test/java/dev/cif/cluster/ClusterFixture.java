package dev.cif.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;

/** Where the build put the node classpath and the CIF jars an operator ships (see this module's pom). */
final class ClusterFixture {
  private ClusterFixture() {}

  static List<String> nodeClasspath() throws IOException {
    File file = new File(required("cif.cluster.node.classpath"));
    String text = Files.readString(file.toPath(), StandardCharsets.UTF_8).trim();
    return Arrays.asList(text.split(File.pathSeparator));
  }

  /** The CIF jars, as local file URIs, for hive.aux.jars.path / ADD JAR / REGISTER. */
  static List<File> auxJars() {
    File dir = new File(required("cif.cluster.aux.dir"));
    File[] jars = dir.listFiles((d, n) -> n.endsWith(".jar"));
    if (jars == null || jars.length == 0) throw new IllegalStateException("no jars in " + dir);
    Arrays.sort(jars);
    return List.of(jars);
  }

  /** The aux jars whose names start with one of the prefixes. */
  static List<File> auxJars(String... prefixes) {
    return auxJars().stream().filter(f -> Arrays.stream(prefixes).anyMatch(p -> f.getName().startsWith(p))).toList();
  }

  private static String required(String property) {
    String v = System.getProperty(property);
    if (v == null) throw new IllegalStateException("system property " + property + " not set (run by failsafe)");
    return v;
  }
}
