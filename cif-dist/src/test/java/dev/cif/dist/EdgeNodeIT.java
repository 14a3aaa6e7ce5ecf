package dev.cif.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.dist.UnpackedDistribution.Run;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The distribution on an operator's edge node: {@code bin/cif cluster start} (the source tree's) runs the
 * one-machine cluster, and the unpacked distribution, given only the cluster's client configuration
 * ({@code --conf DIR}), runs a Hive statement on the cluster's Tez, a Pig script on its MapReduce and the file
 * commands on its HDFS. Without the cluster's hosts file the node names do not resolve: one line says so.
 */
class EdgeNodeIT {
  private static UnpackedDistribution dist;
  private static Map<String, String> clusterEnv;
  private static String conf;
  private static long started;

  @BeforeAll
  static void startCluster() throws Exception {
    started = System.nanoTime();
    dist = UnpackedDistribution.get();
    Path cluster = Path.of("target", "edge-node-cluster").toAbsolutePath();
    clusterEnv = Map.of("CIF_CLUSTER_DIR", cluster.toString(), "CIF_CLUSTER_HEAP", "2g");
    Run start = dist.sourceCif(clusterEnv, "cluster", "start");
    assertEquals(0, start.exit(), start.all());
    conf = cluster.resolve("conf").toString();
    System.out.printf("EdgeNodeIT: cluster up after %.1f s%n", (System.nanoTime() - started) / 1e9);
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (clusterEnv != null) {
      Run stop = dist.sourceCif(clusterEnv, "cluster", "stop");
      System.out.printf("EdgeNodeIT: %.1f s in all (cluster stopped: %s)%n", (System.nanoTime() - started) / 1e9, stop.out().trim());
    }
  }

  @Test
  void runsHiveAndPigOnTheClusterThroughConf() throws Exception {
    // One statement that runs a job on the cluster's Tez (the INSERT); the table's files on its HDFS.
    Run hive = dist.cif("hive", "--conf", conf, "-e", "CREATE TABLE edge (id INT, name STRING) STORED AS CIF"
        + " LOCATION '/edge/hive'; INSERT INTO edge VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    assertEquals(0, hive.exit(), hive.all());
    System.out.printf("EdgeNodeIT: hive done at %.1f s%n", (System.nanoTime() - started) / 1e9);
    // One Pig script, a MapReduce job on YARN, reading what Hive wrote.
    Run pig = dist.cif("pig", "--conf", conf, "-e", "t = LOAD '/edge/hive' USING CifLoader();"
        + " f = FILTER t BY id > 1; STORE f INTO '/edge/pig' USING CifStorer();");
    assertEquals(0, pig.exit(), pig.all());
    System.out.printf("EdgeNodeIT: pig done at %.1f s%n", (System.nanoTime() - started) / 1e9);
    Run cat = dist.cif("cat", "--conf", conf, "/edge/pig");
    assertEquals(0, cat.exit(), cat.all());
    assertEquals(List.of("{\"id\": 2, \"name\": \"b\"}", "{\"id\": 3, \"name\": \"c\"}"), cat.out().lines().sorted().toList());
    Run meta = dist.cif("meta", "--conf", conf, "/edge/hive");
    assertEquals(0, meta.exit(), meta.all());
    assertTrue(meta.out().contains("3 rows"), meta.out());
  }

  @Test
  void saysInOneLineThatANodeNameDoesNotResolve() throws Exception {
    // The client configuration without the hosts file, as an edge node whose DNS does not know the nodes.
    Path noHosts = Files.createDirectories(dist.work.resolve("conf-without-hosts"));
    for (File f : new File(conf).listFiles()) {
      if (!f.getName().equals("hosts") && f.isFile()) Files.copy(f.toPath(), noHosts.resolve(f.getName()));
    }
    Run meta = dist.cif("meta", "--conf", noHosts.toString(), "/edge");
    assertEquals(1, meta.exit(), meta.all());
    assertEquals(1, meta.err().lines().count(), meta.err());
    assertTrue(meta.err().matches("cif meta: cannot resolve host node\\d+\\.cif\\.test .*\\s*"), meta.err());
  }
}
