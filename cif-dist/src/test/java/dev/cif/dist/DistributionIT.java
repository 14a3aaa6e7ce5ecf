package dev.cif.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.dist.UnpackedDistribution.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The distribution, unpacked ({@link UnpackedDistribution}): what it holds, and a first run of its commands without Maven. */
class DistributionIT {
  private static UnpackedDistribution dist;
  private static Path home;
  private static Path work;

  @BeforeAll
  static void unpack() throws Exception {
    dist = UnpackedDistribution.get();
    home = dist.home;
    work = dist.work;
  }

  @Test
  void holdsTheLauncherTheBundlesThePlacementPolicyAndTheDocs() throws IOException {
    assertTrue(Files.isExecutable(home.resolve("bin/cif")));
    String version = System.getProperty("cif.dist.name").substring("cif-".length());
    for (String jar : List.of("cif-hive-bundle-", "cif-pig-bundle-", "cif-spark-bundle-", "placement-policy-", "cif-core-", "hive-exec-")) {
      assertTrue(Files.isRegularFile(home.resolve("lib/" + jar + (jar.equals("hive-exec-") ? "4.1.0" : version) + ".jar")), jar);
    }
    assertTrue(Files.isRegularFile(home.resolve("docs/cluster.md")));
    for (String cp : List.of("cif-cli", "cif-embedded", "cif-bench", "cif-cluster")) {
      for (String jar : Files.readAllLines(home.resolve("lib/" + cp + ".classpath"))) {
        if (!jar.isEmpty()) assertTrue(Files.isRegularFile(home.resolve("lib").resolve(jar)), cp + ": " + jar);
      }
    }
  }

  /**
   * What a test needs is not what a user runs: a test framework in lib/ is only shipped, licensed and loaded.
   * The one exception is the cluster's classpath: Hadoop's MiniDFSCluster calls JUnit 4 asserts and Mockito
   * when it runs (cif-cluster's pom), so those three jars are there and on no other classpath.
   */
  @Test
  void shipsNoTestFrameworkButWhatTheMiniClusterCalls() throws IOException {
    String testJar = "(junit|mockito|opentest4j|apiguardian|hamcrest|assertj).*\\.jar";
    List<String> cluster = List.of("hamcrest-core-1.3.jar", "junit-4.13.2.jar", "mockito-core-2.28.2.jar");
    try (var jars = Files.list(home.resolve("lib"))) {
      assertEquals(cluster, jars.map(p -> p.getFileName().toString()).filter(n -> n.matches(testJar)).sorted().toList());
    }
    for (String cp : List.of("cif-cli", "cif-embedded", "cif-bench")) {
      assertEquals(List.of(), Files.readAllLines(home.resolve("lib/" + cp + ".classpath")).stream()
          .filter(n -> n.matches(testJar)).toList(), cp);
    }
  }

  @Test
  void runsTheDemoAndReadsWhatItWroteWithoutMaven() throws Exception {
    Run noMaven = dist.run(List.of(dist.path.resolve("bash").toString(), "-c", "command -v mvn"), dist.path.toString(), Map.of());
    assertFalse(noMaven.exit() == 0, "mvn is reachable on the test PATH: " + noMaven.out());

    Run demo = dist.cif("demo", "--rows", "2000", "--dir", work.resolve("demo").toString());
    assertEquals(0, demo.exit(), demo.out() + demo.err());
    assertTrue(demo.out().contains("crawl dataset: 2,000 rows"), demo.out());
    assertTrue(demo.out().contains("answers agree"), demo.out());

    Run meta = dist.cif("meta", work.resolve("demo/cif").toString());
    assertEquals(0, meta.exit(), meta.out() + meta.err());
    assertTrue(meta.out().contains("metadata") && meta.out().contains("url"), meta.out());
    Run verify = dist.cif("verify", work.resolve("demo/cif").toString());
    assertEquals(0, verify.exit(), verify.out() + verify.err());
  }

  @Test
  void runsPigWithTheShortNames() throws Exception {
    Path in = work.resolve("pig-in.txt");
    Files.write(in, List.of("1,a", "2,b"), StandardCharsets.UTF_8);
    Run pig = dist.cif("pig", "-e",
        "t = LOAD '" + in + "' USING PigStorage(',') AS (id:int, name:chararray);"
            + " STORE t INTO '" + work.resolve("pig-cif") + "' USING CifStorer();");
    assertEquals(0, pig.exit(), pig.out() + pig.err());
    Run cat = dist.cif("cat", work.resolve("pig-cif").toString());
    assertEquals(0, cat.exit(), cat.out() + cat.err());
    assertTrue(cat.out().contains("\"name\"") && cat.out().contains("\"b\""), cat.out());
  }
}
