package dev.cif.cluster;

import dev.cif.bench.sql.TezDagCounters;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.bench.sql.Answer;
import dev.cif.bench.sql.Format;
import dev.cif.data.TextDataWriter;
import dev.cif.data.Workload;
import dev.cif.embedded.hive.HiveShell;
import dev.cif.embedded.hive.EmbeddedHive;
import dev.cif.testing.NameNodeCalls;
import java.io.File;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.server.namenode.NameNodeRpcServer;
import org.junit.jupiter.api.Test;

/**
 * The cluster benchmark harness (not run in CI: its name does not end in IT). SSB and/or TPC-H through
 * Hive on Tez containers on the one-machine cluster, data on HDFS, -Dcif.bench.runs timed runs of every query per
 * format (default 1; a query's figures are the medians of its runs),
 * with the placement policy chosen by -Dcif.bench.placement=column|default and the tables written by Hive's
 * tasks or, with -Dcif.bench.load=client, then copied by a client on no node; each query after -Dcif.bench.warmups
 * untimed rounds (default 1) of it on every format, the formats taking turns going first; the tables' loads in
 * -Dcif.bench.load.rounds rounds (default 1; each but the last dropped again), the report giving every round and the
 * median; with -Dcif.bench.floor=true also the loads' floor in every round (TableLoad#floor: each text table read
 * and parsed as a load reads it, no row written), against which the report gives every load. The containers run the JDK's
 * default JIT, as a real cluster's do (-Dcif.bench.jit=c1: C1 only, the tests' setting). The formats load table by
 * table in turns, after an untimed load each; per table the report gives the load's wall time, the part after Hive's
 * stages (CIF's block merge) and the tasks' CPU ({@link TableLoad}). Per query and format: wall
 * time, the tasks' CPU time, HDFS bytes read and file opens (Tez counters), NameNode RPCs (the client RPC
 * server's request count, and by method), the CIF column-file and schema-file opens and the distinct column files
 * (the NameNode's audit log: NameNodeOpens), the YARN containers allocated, data-local map tasks, the bytes the tasks read from the DataNodes and the share they
 * read from their own node's DataNode (TaskReads); per CIF table, how much of each split-directory one node
 * holds (what a data-local task can read locally). Answers are checked equal across formats. The session keeps its
 * containers for the whole run and every layout's tables are scanned together untimed first ({@link KeptContainers}), so
 * that no layout pays for new containers where another finds the ones it left. Writes a
 * markdown report to -Dcif.bench.out. Command: see docs/benchmarks.md, "On a cluster".
 *
 * <p>With -Dcif.bench.merge=true every format's tables are loaded with Hive's merge on (hive.merge.tezfiles, small
 * files under -Dcif.bench.merge.avgsize merged into files of up to -Dcif.bench.merge.size, both 256000000 by
 * default: ORC gets its stripe-level merge) and, for CIF, CifMergeHook's block merge after the insert; the load
 * is then an empty CTAS and an INSERT OVERWRITE, since the hook acts on inserts. Per table the report gives its
 * NameNode objects (directories + files + blocks) and, for CIF, its split-directories and their median size
 * (docs/scale-measured.md). With -Dcif.bench.answers=DIR each answer is kept in DIR, or compared with the one a
 * previous run kept there (the answers before and after a merge).
 *
 * <p>With -Dcif.bench.paired=true the before/after comparison is one run: each CIF format of -Dcif.bench.formats is
 * loaded twice, into {@code <workload>_cif_before} as Hive's tasks write it (merge off) and into
 * {@code <workload>_cif_after} with the merge on (CifMergeHook also as a pre-execution hook, so that Hive's own
 * merge stage leaves CIF tables to the block merge), and any other format merged ({@code _orc_merged}), the third
 * witness of the answers; every query then runs on the layouts taking turns ({@link Layout#turn}), so both see the
 * same machine load, and the summary gives each layout's geomean against the first (after / before). Answers kept
 * with -Dcif.bench.answers are named by format, so both CIF layouts are checked against the same kept answer.
 */
class ClusterBenchmark {
  /** The cluster's directory: the one whose conf/hosts this JVM resolves names through. */
  static final File BASE = new File(System.getProperty(NodeNames.HOSTS_FILE_PROPERTY, "target/cif-cluster-it/conf/hosts"))
      .getAbsoluteFile().getParentFile().getParentFile();

  /** The same run outside Maven (a classpath and the -D settings of the class comment). */
  public static void main(String[] args) throws Exception {
    new ClusterBenchmark().run();
    System.exit(0);
  }

  @Test
  void run() throws Exception {
    double sf = Double.parseDouble(System.getProperty("cif.bench.sf", "0.1"));
    List<Workload> workloads = List.of(System.getProperty("cif.bench.workloads", "ssb").split(",")).stream()
        .map(Workload::of).toList();
    List<Format> formats = Format.list(System.getProperty("cif.bench.formats", "cif,cif_lz4,orc,parquet"));
    boolean column = !"default".equals(System.getProperty("cif.bench.placement", "column"));
    // "client": every table rewritten by this JVM, a client on no node, after Hive's tasks wrote it (an edge
    // node's `hdfs dfs -cp`, a load from outside the cluster): the case where HDFS's writer-local first replica
    // cannot keep a split-directory's files together and only the placement policy can.
    boolean clientLoad = "client".equals(System.getProperty("cif.bench.load", "tasks"));
    File out = new File(System.getProperty("cif.bench.out", "target/cluster-bench.md")).getAbsoluteFile();
    int warmups = Integer.getInteger("cif.bench.warmups", 1);
    // Rounds of loads: on the one-machine cluster one format's load of the same table moved by half between two
    // runs (SSB lineorder as ORC 13.1 and 19.7 s), so a load figure is the median of the rounds' totals.
    int loadRounds = Integer.getInteger("cif.bench.load.rounds", 1);
    // Timed runs of each query per layout, the layouts taking turns; a query's figures are the medians of its runs.
    int runs = Integer.getInteger("cif.bench.runs", 1);
    boolean merge = Boolean.getBoolean("cif.bench.merge");
    boolean paired = Boolean.getBoolean("cif.bench.paired");
    List<Layout> layouts = Layout.of(formats, merge, paired);
    // The loads' floor: every table read and parsed as the loads read it, nothing written (TableLoad#floor), in
    // turns with the formats' loads; what no format can load a table in less than, on this cluster.
    List<Layout> loaders = new ArrayList<>(layouts);
    if (Boolean.getBoolean("cif.bench.floor")) loaders.add(Layout.FLOOR);
    String answers = System.getProperty("cif.bench.answers");
    // Room for 5 containers of 768 MB per node, beside the Tez session's application master and held
    // containers. (Raising it from 2048 MB did not, as first thought, fix the map tasks that ran off their
    // split's node: the application master's racks did; cluster.md, "Racks".)
    int nodeMb = Integer.getInteger("cif.bench.node-mb", 4096);
    // The containers' JIT: the JDK's default (C1, then C2), as a real cluster runs them, unless -Dcif.bench.jit=c1
    // (the tests' setting, under which hot loops stay C1-compiled: how this benchmark ran before 2026-11-30).
    boolean fullJit = !"c1".equals(System.getProperty("cif.bench.jit", "full"));
    Map<String, String> hdfs = settings("cif.bench.hdfs.");
    // Hive (and Tez) settings of the session, -Dcif.bench.hive.KEY=VALUE: for example tez.grouping.min-size, which
    // sets how many tasks a load has, and so how many files a CIF load writes.
    Map<String, String> hiveSettings = settings("cif.bench.hive.");
    List<String> problems = new ArrayList<>();
    int[] keptChecked = {0};
    TaskReads.counting();
    NameNodeOpens.counting();

    org.apache.hadoop.fs.FileUtil.fullyDelete(BASE);
    try (OneMachineCluster cluster = OneMachineCluster.start(BASE, new OneMachineCluster.Options()
        .columnPlacement(column).blockSize(16L << 20).nodeMemoryMb(nodeMb).containerMb(768).fullJit(fullJit)
        .extraJavaOpts(System.getProperty("cif.bench.container.opts", "")).hdfsSettings(hdfs))) {
      FileSystem fs = cluster.fileSystem();
      StringBuilder report = new StringBuilder();
      String load = Files.readString(Path.of("/proc/loadavg")).trim();
      report.append("Placement: ").append(column ? "ColumnPlacementPolicy" : "HDFS default").append(", SF ").append(sf)
          .append(", 4 DataNodes / NodeManagers on 2 racks, 16 MB blocks, ").append(nodeMb)
          .append(" MB of containers per node, 768 MB containers (").append(fullJit ? "the JDK's default JIT" : "C1 only")
          .append(hdfs.isEmpty() ? "" : "; HDFS settings " + hdfs).append(hiveSettings.isEmpty() ? "" : "; Hive settings " + hiveSettings)
          .append("); tables written by ")
          .append(clientLoad ? "Hive's tasks, then copied by a client on no node (as from an edge node)" : "Hive's tasks on the nodes")
          .append("; load average at start: ")
          .append(load).append(paired ? "; paired: " + layouts.stream().map(Layout::label).toList()
              + ", the merged ones with hive.merge.tezfiles and CifMergeHook, taking turns on every query"
              : merge ? "; merge on (hive.merge.tezfiles, CifMergeHook)" : "").append("\n\n");
      try (EmbeddedHive hive = ClusterFixture.hive(BASE, KeptContainers.sessionSettings())) {
        hive.set("hive.merge.smallfiles.avgsize", System.getProperty("cif.bench.merge.avgsize", "256000000"));
        for (Map.Entry<String, String> e : hiveSettings.entrySet()) hive.set(e.getKey(), e.getValue());
        hive.set("hive.merge.size.per.task", System.getProperty("cif.bench.merge.size", "256000000"));
        NameNodeRpcServer rpc = (NameNodeRpcServer) cluster.dfs().getNameNode().getRpcServer();
        LongSupplier containers = containersStarted(cluster);
        for (Workload w : workloads) {
          Path text = BASE.toPath().resolve(w.id() + "-text");
          new TextDataWriter(2, new PrintStream(OutputStream.nullOutputStream())).write(text, w.tables(sf, 1));
          String hdfsText = "/bench/" + w.id() + "-text";
          fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(text.toUri()), new org.apache.hadoop.fs.Path(hdfsText));
          String staging = w.id() + "_text";
          hive.run("CREATE DATABASE " + staging);
          for (String ddl : HiveShell.statements(w.stagingScript(staging, fs.getUri() + hdfsText, "DOUBLE"))) hive.run(ddl);
          List<String> tables = hive.run("SHOW TABLES IN " + staging);
          StringBuilder objects = new StringBuilder();
          StringBuilder homes = new StringBuilder();
          report.append("### ").append(w.id().toUpperCase()).append("\n\n| format | load s | bytes on HDFS | split-dirs | best one-node share of a split-dir |\n|---|---|---|---|---|\n");
          // The layouts load table by table in turns (the order rotating from table to table), so that each sees
          // the same machine. Untimed first: a scan of every text table at once, so that the session holds the
          // containers the largest load needs on the nodes of its text, then a load of the largest table per layout,
          // so that every kept container has run each format's writer. Without them the first large load paid for
          // what the next reused: new containers (SSB lineorder 40.7 s, then ORC's 23.4 s) or, with the containers
          // kept, the compiling of the writer and Hive's file sink in each (CIF first 28.5 s against ORC's 22.9 s;
          // on TPC-H's lineitem ORC first, 42.4 s against CIF's 37.8 s).
          hive.run(KeptContainers.warmUp(staging, tables));
          String largest = largest(hive, fs, staging, tables);
          for (Layout layout : loaders) {
            String db = layout.database(w.id());
            hive.run("CREATE DATABASE " + db);
            // The floor too: in a run without its warm-up, its first lineorder took 12.4 s (task CPU 21.8 s) and
            // the next two 4.9 and 5.3 s (7.7 and 8.2 s).
            if (layout == Layout.FLOOR) TableLoad.floor(hive, db + ".load_warm_up", staging + "." + largest);
            else TableLoad.of(hive, layout, db + ".load_warm_up", staging + "." + largest);
            hive.run("DROP TABLE " + db + ".load_warm_up PURGE");
          }
          // Per layout, each round's load of all tables; every round but the last drops what it loaded.
          Map<Layout, List<Double>> roundS = new LinkedHashMap<>();
          StringBuilder perTable = new StringBuilder();
          for (int round = 0; round < loadRounds; round++) {
            boolean last = round == loadRounds - 1;
            for (int ti = 0; ti < tables.size(); ti++) {
              String t = tables.get(ti);
              for (Layout layout : Layout.turn(loaders, ti + round)) {
                String target = layout.database(w.id()) + "." + t;
                TableLoad l = layout == Layout.FLOOR ? TableLoad.floor(hive, target, staging + "." + t)
                    : TableLoad.of(hive, layout, target, staging + "." + t);
                List<Double> totals = roundS.computeIfAbsent(layout, x -> new ArrayList<>());
                if (totals.size() == round) totals.add(0.0);
                totals.set(round, totals.get(round) + l.wall());
                perTable.append(l.row(loadRounds == 1 ? t : t + " (round " + (round + 1) + ")", layout.label())).append('\n');
                if (!last) hive.run("DROP TABLE " + target + " PURGE");
              }
            }
          }
          Map<Layout, Double> loadS = new LinkedHashMap<>();
          roundS.forEach((layout, totals) -> loadS.put(layout, median(totals)));
          for (Layout layout : layouts) {
            String db = layout.database(w.id());
            Colocation c = new Colocation(0, 0, 0);
            Map<String, Integer> nodes = new java.util.TreeMap<>();
            for (String t : tables) {
              org.apache.hadoop.fs.Path location = new org.apache.hadoop.fs.Path(HiveAndPigOnClusterIT.location(hive, db + "." + t));
              if (clientLoad) copyThroughClient(fs, location);
              c = c.plus(Colocation.of(fs, location));
              Colocation.wholeOnNode(fs, location).forEach((node, n) -> nodes.merge(node, n, Integer::sum));
              objects.append(NameNodeObjects.of(fs, location).row(layout.label(), t)).append('\n');
            }
            report.append(c.row(layout.label(), loadS.get(layout))).append('\n');
            if (!nodes.isEmpty()) homes.append("- ").append(layout.label()).append(": ").append(nodes.toString().replaceAll("[{}]", "")).append('\n');
          }
          if (loadRounds > 1 || loaders.contains(Layout.FLOOR)) report.append('\n').append(roundsSummary(roundS)).append('\n');
          report.append(TableLoad.HEADER).append(perTable).append('\n');
          report.append(NameNodeObjects.HEADER).append(objects).append('\n');
          if (homes.length() > 0) report.append("Split-directories held whole by each node (a node's tasks read them locally):\n\n").append(homes).append('\n');
          objects.setLength(0);
          report.append(QUERY_TABLE_HEADER);
          // Per query and format: wall s, task CPU s, HDFS bytes, data-local map tasks, map tasks, tasks' bytes, local bytes.
          Map<String, Map<Layout, double[]>> measured = new LinkedHashMap<>();
          String only = System.getProperty("cif.bench.queries");
          List<String> queries = only == null ? w.queries() : List.of(only.split(",")).stream().filter(w.queries()::contains).toList();
          // YARN applications: one for the queries when the Tez session (its application master, where CIF's
          // splits are planned and its ListingCache lives) is kept from query to query.
          int apps0 = cluster.yarn().getResourceManager().getRMContext().getRMApps().size();
          // Untimed: a scan of every layout's tables at once, so that the session (which keeps its containers: KeptContainers)
          // holds containers on the nodes of every layout's split-directories; then each format's first query.
          for (Layout layout : layouts) {
            hive.run(KeptContainers.warmUp(layout.database(w.id()), tables));
          }
          for (int qi = 0; qi < queries.size(); qi++) {
            String q = queries.get(qi);
            // Untimed: the query on every layout first, so that none pays the compiling of the query's operators
            // (Hive's joins and aggregations, shared by the formats in kept containers) or new containers.
            for (int i = 0; i < warmups; i++) {
              for (Layout layout : layouts) {
                hive.run("USE " + layout.database(w.id()));
                for (String sql : HiveShell.statements(w.queryScript(q))) hive.run(sql);
              }
            }
            Answer reference = null;
            Layout referenceFormat = null;
            Map<Layout, List<double[]>> perRun = new LinkedHashMap<>();
            boolean allAlike = true;
            for (int run = 0; run < runs; run++) {
              // The layouts take turns going first: the one after another finds the containers it left.
              for (Layout layout : Layout.turn(layouts, qi + run)) {
                Format f = layout.format();
                String label = runs == 1 ? q : q + " (run " + (run + 1) + ")";
                hive.run("USE " + layout.database(w.id()));
                Measured m;
                try {
                  m = measure(hive, rpc, containers, HiveShell.statements(w.queryScript(q)));
                } catch (Exception e) {
                  allAlike = false;
                  problems.add(w.id() + " " + q + " " + layout.label() + " failed: " + e);
                  report.append(String.format("| %s | %s | FAILED: %s |%n", label, layout.label(), String.valueOf(e.getMessage()).replace('\n', ' ')));
                  continue;
                }
                Answer answer = m.answer();
                if (reference == null) {
                  reference = answer;
                  referenceFormat = layout;
                }
                String differs = reference.difference(answer);
                if (differs != null) {
                  allAlike = false;
                  problems.add(w.id() + " " + q + " " + layout.label() + " differs from " + referenceFormat.label() + ": " + differs);
                }
                if (answers != null) {
                  String kept = KeptAnswers.check(new File(answers), w.id() + "-" + q + "-" + f.id(), m.rows());
                  if (kept != null) problems.add(w.id() + " " + q + " " + layout.label() + " differs from the answer kept in " + answers + ": " + kept);
                  else keptChecked[0]++;
                }
                report.append(m.row(label, layout.label())).append(differs == null ? "" : " DIFFERS |").append('\n');
                perRun.computeIfAbsent(layout, x -> new ArrayList<>()).add(m.totals());
              }
            }
            if (allAlike) {
              Map<Layout, double[]> medians = new LinkedHashMap<>();
              perRun.forEach((layout, totals) -> medians.put(layout, medianOf(totals)));
              measured.put(q, medians);
            }
            // A run stopped early still says how its finished queries' answers compared.
            write(out, report + "\n(partial: " + (qi + 1) + " of " + queries.size() + " " + w.id() + " queries; "
                + keptChecked[0] + " answers agree with " + answers + "; failed or differing so far: "
                + (problems.isEmpty() ? "none" : String.join("; ", problems)) + ")\n");
          }
          int apps = cluster.yarn().getResourceManager().getRMContext().getRMApps().size() - apps0;
          report.append("\nYARN applications started during the ").append(w.id()).append(" queries: ").append(apps)
              .append(apps <= 1 ? " (at most one new Tez session: one application master plans every query)" : "").append('\n');
          // Over the queries every format answered alike.
          List<Map<Layout, double[]>> alike = measured.values().stream().filter(m -> m.size() == layouts.size()).toList();
          // The reference of the ratios: before the merge in a paired run, else ORC.
          Layout base = paired ? layouts.get(0) : layouts.stream().filter(l -> l.format() == Format.ORC).findFirst().orElse(null);
          String vs = base == null ? "vs ORC" : "vs " + base.label();
          report.append("\nOver the ").append(alike.size()).append(" of ").append(queries.size())
              .append(" queries every layout answered alike:\n\n| format | geomean wall s | " + vs + " | task CPU s | HDFS bytes read | " + vs + " | data-local map tasks | tasks' HDFS bytes | node-local | containers allocated |\n|---|---|---|---|---|---|---|---|---|---|\n");
          Map<Layout, double[]> totals = new LinkedHashMap<>();
          for (Layout layout : layouts) {
            double[] t = new double[8];
            for (Map<Layout, double[]> m : alike) {
              double[] v = m.get(layout);
              t[0] += Math.log(v[0]);
              for (int i = 1; i < 8; i++) t[i] += v[i];
            }
            totals.put(layout, t);
          }
          double[] orc = base == null ? null : totals.get(base);
          int n = Math.max(1, alike.size());
          for (Map.Entry<Layout, double[]> e : totals.entrySet()) {
            double[] t = e.getValue();
            double geo = Math.exp(t[0] / n);
            report.append(String.format("| %s | %.2f | %s | %.1f | %,d | %s | %.0f%% (%.0f / %.0f) | %,d | %.1f%% | %.0f |%n", e.getKey().label(), geo,
                orc == null ? "" : String.format("%.2f×", geo / Math.exp(orc[0] / n)), t[1], (long) t[2],
                orc == null ? "" : String.format("%.2f×", t[2] / orc[2]), t[4] == 0 ? 0 : 100 * t[3] / t[4], t[3], t[4],
                (long) t[5], t[5] == 0 ? 100 : 100 * t[6] / t[5], t[7]));
          }
          report.append('\n');
        }
        long crawlRows = Long.getLong("cif.bench.crawl", 0);
        if (crawlRows > 0) new CrawlOnCluster(cluster, hive, rpc, crawlRows, formats, report, problems).run();
      }
      if (answers != null) report.append("Answers kept in or compared with ").append(answers).append(": ").append(keptChecked[0])
          .append(" agree (written now or equal to the kept ones)\n\n");
      report.append("Load average at end: ").append(Files.readString(Path.of("/proc/loadavg")).trim()).append('\n');
      if (!problems.isEmpty()) report.append("\nFailed or differing:\n\n").append(String.join("\n", problems)).append('\n');
      write(out, report.toString());
      ClusterReportCharts.write(out);
      assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
  }

  /**
   * Hive's merge for the loads that follow: on (hive.merge.tezfiles; CifMergeHook after the insert, and before it
   * to keep Hive's own merge stage off CIF tables) or off (Tez's counters the only hook).
   */
  static void mergeOnLoad(EmbeddedHive hive, boolean on) throws Exception {
    hive.set("hive.merge.tezfiles", String.valueOf(on));
    hive.set("hive.exec.pre.hooks", on ? "dev.cif.hive.CifMergeHook" : "");
    hive.set("hive.exec.post.hooks", TezDagCounters.class.getName() + (on ? ",dev.cif.hive.CifMergeHook" : ""));
  }

  /** The median of values (the mean of the middle two of an even count). */
  static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /** Measure by measure, the median of runs' totals ({@link Measured#totals}). */
  static double[] medianOf(List<double[]> runs) {
    double[] m = new double[runs.get(0).length];
    for (int i = 0; i < m.length; i++) {
      int k = i;
      m[i] = median(runs.stream().map(r -> r[k]).toList());
    }
    return m;
  }

  /**
   * Each round's load of all tables per layout and, against ORC's in the same round, its ratio; the median of
   * the ratios beside the ratio of the medians.
   */
  static String roundsSummary(Map<Layout, List<Double>> roundS) {
    Layout orc = roundS.keySet().stream().filter(l -> l.format() == Format.ORC).findFirst().orElse(null);
    StringBuilder sb = new StringBuilder("| format | load s, each round | median s | vs ORC, each round | median of the ratios |\n|---|---|---|---|---|\n");
    roundS.forEach((layout, totals) -> {
      List<Double> ratios = new ArrayList<>();
      for (int r = 0; orc != null && r < totals.size(); r++) ratios.add(totals.get(r) / roundS.get(orc).get(r));
      sb.append(String.format("| %s | %s | %.1f | %s | %s |%n", layout.label(),
          String.join(", ", totals.stream().map(v -> String.format("%.1f", v)).toList()), median(totals),
          String.join(", ", ratios.stream().map(v -> String.format("%.2f×", v)).toList()),
          ratios.isEmpty() ? "" : String.format("%.2f×", median(ratios))));
    });
    return sb.toString();
  }

  /** The table of the most bytes among a database's tables. */
  static String largest(EmbeddedHive hive, FileSystem fs, String db, List<String> tables) throws Exception {
    String largest = tables.get(0);
    long most = -1;
    for (String t : tables) {
      long bytes = fs.getContentSummary(new org.apache.hadoop.fs.Path(HiveAndPigOnClusterIT.location(hive, db + "." + t))).getLength();
      if (bytes > most) {
        most = bytes;
        largest = t;
      }
    }
    return largest;
  }

  /**
   * Settings from -D{prefix}KEY=VALUE: over the cluster's own HDFS settings with the prefix cif.bench.hdfs. (for
   * example a NameNode's setting), the Hive session's with cif.bench.hive.
   */
  static Map<String, String> settings(String prefix) {
    Map<String, String> settings = new java.util.TreeMap<>();
    System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith(prefix))
        .forEach(k -> settings.put(k.substring(prefix.length()), System.getProperty(k)));
    return settings;
  }

  /** The head of the per-query table, whose rows are {@link Measured#row}. */
  static final String QUERY_TABLE_HEADER = "\n| query | format | wall s | task CPU s | HDFS bytes read | HDFS opens | NameNode RPCs "
      + "| data-local map tasks | tasks' HDFS bytes | node-local | CIF column-file opens | column files needed | schema-file opens "
      + "| RPCs / files | NameNode RPCs by method | containers allocated |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";

  /** One statement list's cost on the cluster: wall time, Tez's counters, NameNode RPCs, the tasks' reads. */
  record Measured(double wall, Map<String, Long> counters, long rpcs, TaskReads.Snapshot reads, List<String> rows,
      Map<String, Long> byMethod, NameNodeOpens.Snapshot opens, long containersStarted) {
    Answer answer() { return new Answer(rows); }

    long dataLocal() { return counters.getOrDefault("DATA_LOCAL_TASKS", 0L); }

    /** Tasks that asked for a node (the map tasks): data-local, rack-local or elsewhere. */
    long mapTasks() {
      return dataLocal() + counters.getOrDefault("RACK_LOCAL_TASKS", 0L) + counters.getOrDefault("OTHER_LOCAL_TASKS", 0L);
    }

    double cpu() { return counters.getOrDefault("CPU_MILLISECONDS", 0L) / 1000.0; }

    long bytes() { return counters.getOrDefault("HDFS_BYTES_READ", 0L); }

    /** wall s, task CPU s, HDFS bytes, data-local map tasks, map tasks, tasks' bytes, their node-local bytes, containers allocated. */
    double[] totals() {
      return new double[] {wall, cpu(), bytes(), dataLocal(), mapTasks(), reads.taskBytes(), reads.taskLocalBytes(), containersStarted};
    }

    /**
     * A row of the per-query table (without its line end). The column files a query needs are the CIF column
     * files each of its tasks opened, once per task (NameNodeOpens); RPCs / files is the measure of wasted calls.
     */
    String row(String query, String format) {
      StringBuilder methods = new StringBuilder();
      byMethod.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
          .forEach(e -> methods.append(methods.length() == 0 ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue()));
      return String.format("| %s | %s | %.2f | %.2f | %,d | %d | %d | %d / %d | %,d | %.1f%% | %d | %d | %d | %s | %s | %d |", query, format,
          wall, cpu(), bytes(), counters.getOrDefault("HDFS_OP_OPEN", 0L), rpcs, dataLocal(), mapTasks(), reads.taskBytes(),
          reads.localPercent(), opens.columnOpens(), opens.columnFiles(), opens.schemaOpens(),
          opens.columnFiles() == 0 ? "n/a" : String.format("%.2f", (double) rpcs / opens.columnFiles()), methods, containersStarted);
    }
  }

  /** Runs the statements through Hive on the cluster; the last SELECT's rows are the answer. */
  static Measured measure(EmbeddedHive hive, NameNodeRpcServer rpc, LongSupplier containers, List<String> statements) throws Exception {
    TezDagCounters.reset();
    NameNodeCalls calls = new NameNodeCalls(rpc.getClientRpcServer());
    Map<String, Long> calls0 = calls.now();
    NameNodeOpens.counting().reset();
    long rpc0 = rpc.getClientRpcServer().getRpcMetrics().getTotalRequests();
    TaskReads.Snapshot reads0 = TaskReads.counting().now();
    long containers0 = containers.getAsLong();
    long t0 = System.nanoTime();
    List<String> rows = List.of();
    for (String sql : statements) rows = hive.run(sql);
    double wall = (System.nanoTime() - t0) / 1e9;
    long rpcs = rpc.getClientRpcServer().getRpcMetrics().getTotalRequests() - rpc0;
    return new Measured(wall, TezDagCounters.last(), rpcs, TaskReads.counting().now().minus(reads0), rows,
        NameNodeCalls.between(calls0, calls.now()), NameNodeOpens.counting().now(), containers.getAsLong() - containers0);
  }

  /**
   * YARN containers the cluster has allocated so far (its scheduler's count): per query, the new containers the
   * session asked for, the cost a kept container saves ({@link KeptContainers}). An upper bound on the JVMs started:
   * the application master hands back an allocation it no longer needs (its own log, "Launching container", counts
   * those it started: docs/bench/cluster/am_containers.py).
   */
  static LongSupplier containersStarted(OneMachineCluster cluster) {
    return () -> cluster.yarn().getResourceManager().getResourceScheduler().getRootQueueMetrics().getAggregateAllocatedContainers();
  }

  /**
   * Rewrites a table's directory through this JVM's HDFS client (a copy beside it, then the copy in its
   * place), the same bytes written by a writer that is on no DataNode.
   */
  static void copyThroughClient(FileSystem fs, org.apache.hadoop.fs.Path table) throws java.io.IOException {
    org.apache.hadoop.fs.Path copy = table.suffix(".client-copy");
    if (!org.apache.hadoop.fs.FileUtil.copy(fs, table, fs, copy, false, fs.getConf())) {
      throw new java.io.IOException("copying " + table + " to " + copy + " failed");
    }
    if (!fs.delete(table, true) || !fs.rename(copy, table)) throw new java.io.IOException("replacing " + table + " by " + copy + " failed");
  }

  /** The report so far: a long run that is stopped keeps what it measured. */
  static void write(File out, String text) throws java.io.IOException {
    out.getParentFile().mkdirs();
    try (PrintWriter pw = new PrintWriter(out, StandardCharsets.UTF_8)) {
      pw.print(text);
    }
  }

  /** How much of each CIF split-directory under a database's directory one node holds. */
  record Colocation(long bytes, int directories, long bestNodeBytes) {
    /** A row of the load table: | format | load s | bytes on HDFS | split-dirs | best one-node share | */
    String row(String format, double loadSeconds) {
      return String.format("| %s | %.1f | %,d | %d | %s |", format, loadSeconds, bytes, directories,
          directories == 0 ? "n/a" : String.format("%.1f%%", 100.0 * bestNodeBytes / bytes));
    }

    Colocation plus(Colocation o) {
      return new Colocation(bytes + o.bytes, directories + o.directories, bestNodeBytes + o.bestNodeBytes);
    }

    /**
     * Per node, the CIF split-directories under {@code root} of which it holds every block: the nodes where a task
     * reads the split-directory locally, and so where the session's containers must be for its tasks.
     */
    static Map<String, Integer> wholeOnNode(FileSystem fs, org.apache.hadoop.fs.Path root) throws java.io.IOException {
      Map<org.apache.hadoop.fs.Path, Map<String, Integer>> blocksByHost = new LinkedHashMap<>();
      Map<org.apache.hadoop.fs.Path, Integer> blocks = new LinkedHashMap<>();
      RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
      while (it.hasNext()) {
        LocatedFileStatus f = it.next();
        if (!f.getPath().getName().endsWith(".cif")) continue;
        org.apache.hadoop.fs.Path dir = f.getPath().getParent();
        for (BlockLocation b : f.getBlockLocations()) {
          blocks.merge(dir, 1, Integer::sum);
          for (String h : b.getHosts()) blocksByHost.computeIfAbsent(dir, d -> new LinkedHashMap<>()).merge(h, 1, Integer::sum);
        }
      }
      Map<String, Integer> whole = new java.util.TreeMap<>();
      blocksByHost.forEach((dir, byHost) -> byHost.forEach((h, n) -> {
        if (n.equals(blocks.get(dir))) whole.merge(h.replace("." + NodeNames.DOMAIN, ""), 1, Integer::sum);
      }));
      return whole;
    }

    static Colocation of(FileSystem fs, org.apache.hadoop.fs.Path root) throws java.io.IOException {
      Map<org.apache.hadoop.fs.Path, Map<String, Long>> perDir = new LinkedHashMap<>();
      Map<org.apache.hadoop.fs.Path, Long> dirBytes = new LinkedHashMap<>();
      long total = 0;
      RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
      while (it.hasNext()) {
        LocatedFileStatus f = it.next();
        total += f.getLen();
        if (!f.getPath().getName().endsWith(".cif")) continue;
        org.apache.hadoop.fs.Path dir = f.getPath().getParent();
        dirBytes.merge(dir, f.getLen(), Long::sum);
        Map<String, Long> byHost = perDir.computeIfAbsent(dir, d -> new LinkedHashMap<>());
        for (BlockLocation b : f.getBlockLocations()) {
          for (String h : b.getHosts()) byHost.merge(h, b.getLength(), Long::sum);
        }
      }
      long best = 0;
      long cifBytes = 0;
      for (Map.Entry<org.apache.hadoop.fs.Path, Map<String, Long>> e : perDir.entrySet()) {
        best += e.getValue().values().stream().mapToLong(Long::longValue).max().orElse(0);
        cifBytes += dirBytes.get(e.getKey());
      }
      // Other formats: their bytes, no split-directories.
      return perDir.isEmpty() ? new Colocation(total, 0, 0) : new Colocation(cifBytes, perDir.size(), best);
    }
  }
}
