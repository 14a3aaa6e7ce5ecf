package dev.cif.cluster;

import dev.cif.bench.sql.TezDagCounters;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.embedded.hive.EmbeddedHive;
import dev.cif.embedded.hive.HiveShell;
import dev.cif.data.ssb.SsbData;
import dev.cif.data.TextDataWriter;
import dev.cif.data.Workload;
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
import org.apache.pig.ExecType;
import org.apache.pig.PigServer;
import dev.cif.embedded.pig.ClusterPig;
import dev.cif.embedded.pig.PigScript;
import dev.cif.mapreduce.ColumnSplit;
import dev.cif.mapreduce.SplitPlanner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Hive (the embedded driver as the client, Derby metastore) on Tez containers on YARN over HDFS with
 * ColumnPlacementPolicy: CIF tables written and read by tasks in container JVMs that get CIF only from
 * the jars the session ships, answers equal to the local runner's.
 */
@Timeout(600)
@ExtendWith(SharedCluster.Start.class)
class HiveAndPigOnClusterIT {
  static final File BASE = SharedCluster.BASE;
  static final List<String> SSB_QUERIES = List.of("q1.1", "q2.1", "q3.2", "q4.1");

  static OneMachineCluster cluster;
  static EmbeddedHive hive;
  static FileSystem fs;

  @BeforeAll
  static void start() {
    SharedCluster shared = SharedCluster.get();
    cluster = shared.cluster;
    hive = shared.hive;
    fs = shared.fs;
  }

  static String resource(String name) throws java.io.IOException {
    try (java.io.InputStream in = HiveAndPigOnClusterIT.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) throw new IllegalStateException("no resource " + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /**
   * Every container of every application got CIF as a localized jar in its working directory, and none
   * from the build tree through its classpath (which is the nodes' Hadoop and Tez install only).
   */
  static void assertContainersGotCifOnlyAsShippedJars(String localizedJarPrefix) throws Exception {
    List<Path> scripts = NodeFiles.named(BASE.toPath().resolve("data"), n -> n.equals("launch_container.sh"));
    assertFalse(scripts.isEmpty(), "no container was launched");
    int shipped = 0;
    for (Path script : scripts) {
      String text = NodeFiles.text(script).orElse(null);
      if (text == null) continue; // its application finished meanwhile
      String classpath = text.lines().filter(l -> l.startsWith("export CLASSPATH=")).findFirst().orElseThrow();
      for (String module : List.of("/cif-core/", "/hive-cif/", "/pig-cif/", "/cif-embedded/", "test-classes")) {
        assertFalse(classpath.contains(module), script + " classpath names " + module);
      }
      if (localizedJarPrefix != null && text.contains("\"" + localizedJarPrefix)) shipped++;
    }
    // Hive's aux jars are localized one by one; Pig's REGISTERed jars travel inside its job.jar.
    if (localizedJarPrefix != null) assertTrue(shipped > 0, "no container got a localized " + localizedJarPrefix + " jar");
  }

  @Test
  void ssbQueriesOnTezContainersGiveTheLocalRunnersAnswers() throws Exception {
    Path text = BASE.toPath().resolve("ssb-text");
    new TextDataWriter(2, new PrintStream(OutputStream.nullOutputStream())).write(text, new SsbData(0.01, 1).tables());
    fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(text.toUri()), new org.apache.hadoop.fs.Path("/ssb"));
    hive.run("CREATE DATABASE ssb_text");
    for (String ddl : HiveShell.statements(Workload.SSB.stagingScript("ssb_text", fs.getUri() + "/ssb", ""))) hive.run(ddl);
    hive.run("CREATE DATABASE ssb_cif");
    for (String table : List.of("lineorder", "customer", "supplier", "part", "dates")) {
      hive.run("CREATE TABLE ssb_cif." + table + " STORED AS CIF AS SELECT * FROM ssb_text." + table);
    }
    List<String> onCluster = new ArrayList<>();
    NameNodeOpens opens = NameNodeOpens.counting();
    opens.reset();
    for (String q : SSB_QUERIES) onCluster.add(q + ": " + answer("ssb_cif", q));
    // Every column file was opened by a Tez task that names itself in the NameNode's audit log (the cluster's
    // caller-context shim), so the benchmark counts the files a query needs per task (docs/scale-opens.md).
    assertTrue(opens.now().columnOpens() > 0, "the queries opened CIF's column files");
    assertEquals(opens.now().columnOpens(), opens.columnOpensInTasks(), "column-file opens naming their Tez task");
    assertTrue(finishedOrRunningApps("TEZ") >= 1, "Hive ran on Tez on YARN");
    assertContainersGotCifOnlyAsShippedJars("hive-cif");
    // Written by CTAS in Tez containers, 3 replicas of 1 MB blocks: ColumnPlacementPolicy keeps each
    // split-directory's column files on one set of nodes.
    org.apache.hadoop.fs.Path lineorder = new org.apache.hadoop.fs.Path(location(hive, "ssb_cif.lineorder"));
    awaitReplicas(lineorder, 3); // the blocks' hosts compared are those the NameNode has been told of
    assertEveryBlockOfASplitDirectoryOnTheSameNodes(lineorder);
    localRunner();
    try {
      List<String> local = new ArrayList<>();
      for (String q : SSB_QUERIES) local.add(q + ": " + answer("ssb_text", q));
      assertEquals(local, onCluster);
    } finally {
      clusterRunner();
    }
  }

  /**
   * ddl-examples' urlinfo.sql (the paper's URLInfo table, CIF with DCSL maps): the INSERT and the crawl
   * query run on Tez containers; the local runner's answer over the same table must be equal, and the
   * table's split-directories must be co-located (every block of a directory on the same nodes).
   */
  @Test
  void crawlQueryOnTezContainersGivesTheLocalRunnersAnswer() throws Exception {
    List<String> script = HiveShell.statements(Files.readString(
        Path.of("../ddl-examples/src/main/hive/urlinfo.sql"), StandardCharsets.UTF_8));
    hive.run("CREATE DATABASE crawl");
    hive.run("USE crawl");
    hive.run(script.get(0)); // CREATE TABLE urlinfo ... STORED AS CIF
    // A replica on every node, so that the map task is data-local wherever YARN starts it: the capacity
    // scheduler gives up a task's nodes after as many missed heartbeats as the cluster has nodes (4 here), so
    // with 3 replicas the task sometimes ran on the fourth node. Which replica the task reads is then up to
    // the NameNode's ordering for the task's node: at random, all of its column files would come from its
    // own node about once in 4^files runs.
    hive.set("dfs.replication", "4");
    try {
      hive.run(script.get(1)); // INSERT INTO urlinfo SELECT ... (400 generated pages)
    } finally {
      hive.set("dfs.replication", "3");
    }
    // The query's split lists the nodes the NameNode knows to hold the blocks. A close returns once one replica is
    // reported (with the client's close settings, 20 ms after the first ask instead of 400), so the other
    // replicas may still be unknown when the query plans, and the task's node then not among its split's.
    org.apache.hadoop.fs.Path urlinfo = new org.apache.hadoop.fs.Path(location(hive, "crawl.urlinfo"));
    awaitReplicas(urlinfo, 4);
    // Every node holds the table, so its splits name every node. Until 2026-11-30 a split named the 3 hosts holding
    // most bytes whatever the replication, and a task YARN started on the fourth node ran rack-local (twice in CI).
    for (ColumnSplit split : SplitPlanner.plan(fs.getConf(), new org.apache.hadoop.fs.Path[] {urlinfo})) {
      assertEquals(4, split.getLocations().length, "hosts of " + split);
    }
    String crawl = script.get(2);
    assertTrue(crawl.contains("metadata['content-type']"), crawl);
    TezDagCounters.reset();
    TaskReads.Snapshot before = TaskReads.counting().now();
    List<String> onCluster = sortedRows(hive.run(crawl));
    TaskReads.Snapshot reads = TaskReads.counting().now().minus(before);
    Map<String, Long> counters = TezDagCounters.last();
    // The map task runs on a node holding its split-directory (before the nodes had addresses of their
    // own, every NodeManager registered as "localhost" and no task was ever data-local), and reads all of
    // it from that node: the NameNode, knowing the task's node by its address, hands it that node's replicas
    // first (before NodeAddressSocketFactory, it ordered them as if the reader were a random DataNode).
    assertTrue(counters.getOrDefault("DATA_LOCAL_TASKS", 0L) >= 1, "no data-local task: " + counters);
    assertTrue(reads.taskBytes() > 0, "the tasks read nothing from HDFS: " + reads);
    assertEquals(reads.taskBytes(), reads.taskLocalBytes(), "the data-local task read from other nodes: " + reads);
    assertEquals(List.of("400"), hive.run("SELECT count(*) FROM urlinfo"));
    localRunner();
    try {
      List<String> local = sortedRows(hive.run(crawl));
      assertTrue(local.size() >= 3, "a filter worth testing: " + local);
      assertEquals(local, onCluster);
    } finally {
      clusterRunner();
    }
    String location = hive.run("DESCRIBE FORMATTED urlinfo").stream().filter(l -> l.startsWith("Location:"))
        .findFirst().orElseThrow().substring("Location:".length()).trim();
    assertEveryBlockOfASplitDirectoryOnTheSameNodes(new org.apache.hadoop.fs.Path(location));
  }

  /** A table's directory, as DESCRIBE FORMATTED reports it. */
  static String location(EmbeddedHive hive, String table) throws Exception {
    return hive.run("DESCRIBE FORMATTED " + table).stream().filter(l -> l.startsWith("Location:"))
        .findFirst().orElseThrow().substring("Location:".length()).trim();
  }

  /** Waits (up to 30 s) until the NameNode knows {@code replicas} replicas of every block of the CIF files under root. */
  static void awaitReplicas(org.apache.hadoop.fs.Path root, int replicas) throws Exception {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (true) {
      int fewest = Integer.MAX_VALUE;
      var files = fs.listFiles(root, true);
      while (files.hasNext()) {
        var f = files.next();
        if (!f.getPath().getName().endsWith(".cif")) continue;
        for (var b : f.getBlockLocations()) fewest = Math.min(fewest, b.getHosts().length);
      }
      if (fewest >= replicas) return;
      assertTrue(System.nanoTime() < deadline, root + ": a block still has " + fewest + " of " + replicas + " replicas after 30 s");
      Thread.sleep(50);
    }
  }

  static void assertEveryBlockOfASplitDirectoryOnTheSameNodes(org.apache.hadoop.fs.Path table) throws Exception {
    Map<org.apache.hadoop.fs.Path, java.util.Set<java.util.Set<String>>> hostsByDir = new java.util.HashMap<>();
    var files = fs.listFiles(table, true);
    while (files.hasNext()) {
      var f = files.next();
      if (!f.getPath().getName().endsWith(".cif")) continue;
      for (var b : f.getBlockLocations()) {
        hostsByDir.computeIfAbsent(f.getPath().getParent(), d -> new java.util.HashSet<>())
            .add(java.util.Set.of(b.getHosts()));
      }
    }
    assertFalse(hostsByDir.isEmpty(), "no CIF files under " + table);
    hostsByDir.forEach((dir, sets) -> assertEquals(1, sets.size(), dir + " blocks on " + sets));
    for (var sets : hostsByDir.values()) {
      for (String host : sets.iterator().next()) {
        assertTrue(cluster.names().hosts().contains(host), "block on " + host + ", not a node name");
      }
    }
  }

  private static String answer(String db, String query) throws Exception {
    hive.run("USE " + db);
    List<String> rows = List.of();
    for (String sql : HiveShell.statements(Workload.SSB.queryScript(query))) rows = hive.run(sql);
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
    int mapReduceAppsBefore = finishedApps("MAPREDUCE");
    List<String> onYarn;
    ClassLoader saved = Thread.currentThread().getContextClassLoader();
    // As bin/cif pig --cluster does: the client configuration, CIF's jars REGISTERed (into the job jar).
    PigServer pig = ClusterPig.open(OneMachineCluster.confDir(BASE), pigProperties(Map.of(), BASE.toPath().resolve("pig-yarn")));
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
      Thread.currentThread().setContextClassLoader(saved);
    }
    java.util.Collections.sort(onYarn);
    assertEquals(local, onYarn);
    // Two jobs (the load, the crawl job) ran as MapReduce applications on YARN, not on Pig's local runner.
    assertTrue(finishedApps("MAPREDUCE") >= mapReduceAppsBefore + 2, "MapReduce applications on YARN");
    assertContainersGotCifOnlyAsShippedJars(null);
  }

  /** load_crawl.pig (text to CIF with CifStorer), then the paper's crawl job over CIF with CifLoader. */
  private static List<String> crawlJob(PigServer pig, String text, String cif, String answer) throws Exception {
    Path scripts = Path.of("../ddl-examples/src/main/pig").toAbsolutePath();
    try (java.io.InputStream in = Files.newInputStream(scripts.resolve("load_crawl.pig"))) {
      PigScript.runOrFail(pig, "load_crawl.pig", in, Map.of("input", text, "output", cif, "storer", "dev.cif.pig.CifStorer('metadata:dcsl')"));
    }
    try (java.io.InputStream in = Files.newInputStream(scripts.resolve("crawl.pig"))) {
      PigScript.runOrFail(pig, "crawl.pig", in, Map.of("input", cif, "loader", "dev.cif.pig.CifLoader()", "output", answer));
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

  static java.util.Properties pigProperties(Map<String, String> base, Path work) throws Exception {
    Files.createDirectories(work);
    java.util.Properties p = new java.util.Properties();
    p.putAll(base);
    p.setProperty("hadoop.tmp.dir", work.resolve("hadoop-tmp").toString());
    p.setProperty("pig.temp.dir", work.resolve("pig-tmp").toString());
    p.setProperty("pig.logfile", work.resolve("pig.log").toString());
    p.setProperty("mapreduce.jobtracker.staging.root.dir", work.resolve("staging").toString());
    return p;
  }

  /** Applications of a type YARN knows, in any state (Hive's Tez session stays up between queries). */
  static int finishedOrRunningApps(String type) {
    return (int) cluster.yarn().getResourceManager().getRMContext().getRMApps().values().stream()
        .filter(a -> a.getApplicationType().equals(type)).count();
  }

  /** Applications of a type that YARN has seen finish successfully. */
  static int finishedApps(String type) {
    return (int) cluster.yarn().getResourceManager().getRMContext().getRMApps().values().stream()
        .filter(a -> a.getApplicationType().equals(type))
        .filter(a -> a.getFinalApplicationStatus() == org.apache.hadoop.yarn.api.records.FinalApplicationStatus.SUCCEEDED)
        .count();
  }

  static List<String> sortedRows(List<String> rows) {
    List<String> copy = new ArrayList<>(rows);
    java.util.Collections.sort(copy);
    return copy;
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
