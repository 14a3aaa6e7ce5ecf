package dev.cif.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.hive.ClusterSettings;
import dev.cif.hive.EmbeddedHive;
import dev.cif.hive.HiveScripts;
import dev.cif.sqlbench.SsbData;
import dev.cif.sqlbench.TextDataWriter;
import dev.cif.sqlbench.Workload;
import java.io.File;
import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileSystem;
import dev.cif.testing.CrawlPages;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.apache.pig.ExecType;
import org.apache.pig.PigServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hive (the embedded driver as the client, Derby metastore) on Tez containers on YARN over HDFS with
 * ColumnPlacementPolicy: CIF tables written and read by tasks in container JVMs that get CIF only from
 * the jars the session ships, answers equal to the local runner's.
 */
@Timeout(600)
class HiveAndPigOnClusterIT {
  static final File BASE = new File("target/cif-cluster-it").getAbsoluteFile();
  static final List<String> SSB_QUERIES = List.of("q1.1", "q2.1", "q3.2", "q4.1");

  static OneMachineCluster cluster;
  static EmbeddedHive hive;
  static FileSystem fs;

  @BeforeAll
  static void start() throws Exception {
    cluster = OneMachineCluster.start(BASE, new OneMachineCluster.Options()
        .nodeClasspath(ClusterFixture.nodeClasspath()).blockSize(1 << 20));
    fs = cluster.fileSystem();
    Map<String, String> clientConf = ClusterSettings.read(OneMachineCluster.confDir(BASE));
    hive = new EmbeddedHive(new File(BASE, "hive-client"), false, clientConf);
    // What a user types: ADD JAR of the operator's CIF jars. Hive loads them into the session and
    // localizes them into every Tez container.
    SessionState.get().add_resources(SessionState.ResourceType.JAR,
        ClusterFixture.auxJars("cif-core", "hive-cif", "aircompressor").stream().map(File::getPath).toList());
    for (String line : resource("sqlbench/hive4-settings.sql").split("\n")) {
      if (line.startsWith("SET ")) {
        String[] kv = line.substring(4, line.length() - 1).split("=", 2);
        hive.set(kv[0], kv[1]);
      }
    }
  }

  static String resource(String name) throws java.io.IOException {
    try (java.io.InputStream in = HiveAndPigOnClusterIT.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) throw new IllegalStateException("no resource " + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    try {
      if (hive != null) hive.close();
    } finally {
      if (cluster != null) cluster.close();
    }
  }

  @Test
  void theClientCannotSeeCifButTheSessionCan() {
    assertThrows(ClassNotFoundException.class, () -> Class.forName("dev.cif.hive.CifSerDe", false,
        HiveAndPigOnClusterIT.class.getClassLoader()));
  }

  @Test
  void ssbQueriesOnTezContainersGiveTheLocalRunnersAnswers() throws Exception {
    Path text = BASE.toPath().resolve("ssb-text");
    new TextDataWriter(2, new PrintStream(OutputStream.nullOutputStream())).write(text, new SsbData(0.01, 1).tables());
    fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(text.toUri()), new org.apache.hadoop.fs.Path("/ssb"));
    hive.run("CREATE DATABASE ssb_text");
    for (String ddl : Workload.SSB.stagingDdl("ssb_text", fs.getUri() + "/ssb", "")) hive.run(ddl);
    hive.run("CREATE DATABASE ssb_cif");
    for (String table : List.of("lineorder", "customer", "supplier", "part", "dates")) {
      hive.run("CREATE TABLE ssb_cif." + table + " STORED AS CIF AS SELECT * FROM ssb_text." + table);
    }
    List<String> onCluster = new ArrayList<>();
    for (String q : SSB_QUERIES) onCluster.add(q + ": " + answer("ssb_cif", q));
    localRunner();
    try {
      List<String> local = new ArrayList<>();
      for (String q : SSB_QUERIES) local.add(q + ": " + answer("ssb_text", q));
      assertEquals(local, onCluster);
    } finally {
      clusterRunner();
    }
  }

  private static String answer(String db, String query) throws Exception {
    hive.run("USE " + db);
    List<String> rows = List.of();
    for (String sql : Workload.SSB.query(query)) rows = hive.run(sql);
    assertFalse(rows.isEmpty(), db + " " + query + " answered nothing");
    return rows.stream().sorted().collect(Collectors.joining(" | "));
  }

  @Test
  void pigCrawlJobInMapReduceModeOnYarnGivesTheLocalModesAnswer() throws Exception {
    Path work = BASE.toPath().resolve("pig-local");
    Path text = CrawlPages.write(work.resolve("crawl.txt"), 400, 2000);
    List<String> local;
    PigServer localPig = new PigServer(ExecType.LOCAL, pigProperties(Map.of("fs.defaultFS", "file:///"), work));
    try {
      local = crawlJob(localPig, text.toString(), work.resolve("crawl.cif").toString(), work.resolve("answer").toString());
    } finally {
      localPig.shutdown();
    }
    java.util.Collections.sort(local);
    assertTrue(local.size() >= 3, "a filter worth testing: " + local);

    fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(text.toUri()), new org.apache.hadoop.fs.Path("/pig/crawl.txt"));
    Map<String, String> clientConf = ClusterSettings.read(OneMachineCluster.confDir(BASE));
    int mapReduceAppsBefore = finishedApps("MAPREDUCE");
    List<String> onYarn;
    PigServer pig = new PigServer(ExecType.MAPREDUCE, pigProperties(clientConf, BASE.toPath().resolve("pig-yarn")));
    try {
      crawlJob(pig, "/pig/crawl.txt", "/pig/crawl.cif", "/pig/answer");
      onYarn = new ArrayList<>();
      for (org.apache.hadoop.fs.FileStatus f : fs.listStatus(new org.apache.hadoop.fs.Path("/pig/answer"),
          p -> p.getName().startsWith("part-"))) {
        try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(fs.open(f.getPath()),
            StandardCharsets.UTF_8))) {
          r.lines().forEach(onYarn::add);
        }
      }
    } finally {
      pig.shutdown();
    }
    java.util.Collections.sort(onYarn);
    assertEquals(local, onYarn);
    // Two jobs (the load, the crawl job) ran as MapReduce applications on YARN, not on Pig's local runner.
    assertTrue(finishedApps("MAPREDUCE") >= mapReduceAppsBefore + 2, "MapReduce applications on YARN");
  }

  /** load_crawl.pig (text to CIF with CifStorer), then the paper's crawl job over CIF with CifLoader. */
  private static List<String> crawlJob(PigServer pig, String text, String cif, String answer) throws Exception {
    // REGISTER of the jars an operator ships: Pig puts them in its job jar.
    for (File jar : ClusterFixture.auxJars("pig-cif", "cif-core", "aircompressor")) pig.registerJar(jar.getPath());
    Path scripts = Path.of("../ddl-examples/src/main/pig").toAbsolutePath();
    try (java.io.InputStream in = Files.newInputStream(scripts.resolve("load_crawl.pig"))) {
      pig.registerScript(in, Map.of("input", text, "output", cif, "storer", "dev.cif.pig.CifStorer('metadata:dcsl')"));
    }
    try (java.io.InputStream in = Files.newInputStream(scripts.resolve("crawl.pig"))) {
      pig.registerScript(in, Map.of("input", cif, "loader", "dev.cif.pig.CifLoader()", "output", answer));
    }
    List<String> lines = new ArrayList<>();
    Path local = Path.of(answer);
    if (Files.isDirectory(local)) {
      try (var files = Files.list(local)) {
        for (Path f : files.filter(f -> f.getFileName().toString().startsWith("part")).toList()) {
          lines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
        }
      }
    }
    return lines;
  }

  private static java.util.Properties pigProperties(Map<String, String> base, Path work) throws Exception {
    Files.createDirectories(work);
    java.util.Properties p = new java.util.Properties();
    p.putAll(base);
    p.setProperty("hadoop.tmp.dir", work.resolve("hadoop-tmp").toString());
    p.setProperty("pig.temp.dir", base.containsKey("yarn.resourcemanager.address") ? "/tmp/pig" : work.resolve("pig-tmp").toString());
    p.setProperty("pig.logfile", work.resolve("pig.log").toString());
    if (!base.containsKey("yarn.resourcemanager.address")) {
      p.setProperty("mapreduce.jobtracker.staging.root.dir", work.resolve("staging").toString());
    }
    return p;
  }

  /** Applications of a type that YARN has seen finish successfully. */
  static int finishedApps(String type) {
    return (int) cluster.yarn().getResourceManager().getRMContext().getRMApps().values().stream()
        .filter(a -> a.getApplicationType().equals(type))
        .filter(a -> a.getFinalApplicationStatus() == org.apache.hadoop.yarn.api.records.FinalApplicationStatus.SUCCEEDED)
        .count();
  }

  static void localRunner() {
    hive.set("hive.execution.engine", "mr");
    hive.set("mapreduce.framework.name", "local");
  }

  static void clusterRunner() {
    hive.set("hive.execution.engine", "tez");
    hive.set("mapreduce.framework.name", "yarn");
  }
}
