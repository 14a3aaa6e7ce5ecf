package dev.cif.cluster;

import dev.cif.embedded.hive.ClusterSettings;
import dev.cif.embedded.hive.EmbeddedHive;
import dev.cif.bench.sql.TezDagCounters;
import java.io.File;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the cluster suites and the cluster benchmark put around {@link OneMachineCluster}: the CIF jars an
 * operator ships (where this module's build put them, execution cif-aux) and Hive's client with them.
 */
final class ClusterFixture {
  private ClusterFixture() {}

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

  /**
   * Hive's embedded driver as the cluster's client (in the role of HiveServer2, which has the aux jars on its
   * classpath), with the client configuration of the cluster under {@code base}, CIF shipped as an operator
   * installs it (docs/cluster.md: hive.aux.jars.path names the jars, which Hive localizes into every Tez
   * container), Tez's counters of each DAG kept (TezDagCounters) and the benchmark's Hive settings.
   */
  static EmbeddedHive hive(File base) throws Exception {
    return hive(base, Map.of());
  }

  /** {@link #hive(File)} with {@code session} laid over the client configuration before the Tez session opens. */
  static EmbeddedHive hive(File base, Map<String, String> session) throws Exception {
    Map<String, String> conf = new LinkedHashMap<>(ClusterSettings.read(OneMachineCluster.confDir(base)));
    conf.putAll(session);
    conf.put("hive.exec.post.hooks", TezDagCounters.class.getName());
    conf.put("hive.aux.jars.path", auxJars("cif-core", "hive-cif", "aircompressor").stream()
        .map(f -> f.toURI().toString()).collect(Collectors.joining(",")));
    EmbeddedHive hive = new EmbeddedHive(new File(base, "hive-client"), false, conf);
    for (String line : HiveAndPigOnClusterIT.resource("sqlbench/hive4-settings.sql").split("\n")) {
      if (line.startsWith("SET ")) {
        String[] kv = line.substring(4, line.length() - 1).split("=", 2);
        hive.set(kv[0], kv[1]);
      }
    }
    return hive;
  }
}
