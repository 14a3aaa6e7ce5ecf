package dev.cif.placement;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.SafeModeAction;
import org.apache.hadoop.hdfs.server.blockmanagement.BenchmarkFilesAsColumnFiles;
import org.apache.hadoop.hdfs.server.blockmanagement.ColumnPlacementPolicy;
import org.apache.hadoop.fs.permission.PermissionStatus;
import org.apache.hadoop.hdfs.server.namenode.EditLogFileOutputStream;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.server.namenode.NamespaceFiller;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.hdfs.server.namenode.HomeAttribute;
import org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocols;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * The placement policy at NameNode scale (docs/scale-placement.md): builds a namespace of N
 * split-directories once (in process, through the NameNode's own client methods, saved as two
 * fsimages under {@code --work}: without and with a recorded home on each, see
 * {@link NamespaceFiller}), then measures, each run in
 * a fresh JVM, NameNode start-up from each image, the background load of the homes (time, longest
 * read-lock hold), the same load as a standby that becomes active runs it, and the heap; and HDFS's
 * {@code NNThroughputBenchmark} with the default policy against ColumnPlacementPolicy. Prints a
 * markdown table on stdout. Generated data stays under {@code --work} (default
 * {@code placement-policy/target/scale}).
 *
 * <pre>usage: PlacementAtScale [--homes N] [--reps R] [--work DIR]</pre>
 */
public final class PlacementAtScale {
  private static final String DEFAULT_POLICY =
      "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault";
  private static final int TABLE_WIDTH = 1000;
  /** The fake datanodes homes name: as many as a mid-size cluster. */
  private static final int DATANODES = 200;

  private PlacementAtScale() {
  }

  public static void main(String[] args) {
    // Formatting and starting make one namesystem each in one JVM, as in MiniDFSCluster.
    org.apache.hadoop.metrics2.lib.DefaultMetricsSystem.setMiniClusterMode(true);
    int status;
    try {
      if (args.length > 0 && args[0].equals("child-build")) {
        build(Path.of(args[1]), Integer.parseInt(args[2]));
        status = 0;
      } else if (args.length > 0 && args[0].equals("child-start")) {
        start(Path.of(args[1]), args[2].equals("cpp"), Integer.parseInt(args[3]));
        status = 0;
      } else if (args.length > 0 && args[0].equals("child-throughput")) {
        throughput(Path.of(args[1]), args[2].equals("cpp"),
            Arrays.copyOfRange(args, 3, args.length));
        status = 0;
      } else {
        status = orchestrate(args);
      }
    } catch (Exception e) {
      System.err.println("PlacementAtScale " + String.join(" ", args) + ": " + e);
      e.printStackTrace();
      status = 1;
    }
    // A stopped NameNode leaves non-daemon threads behind.
    System.exit(status);
  }

  private static int orchestrate(String[] args) throws Exception {
    int homes = 1_000_000;
    int reps = 3;
    String parts = "startup,throughput";
    String opNames = "blockReport";
    Path work = Path.of("placement-policy/target/scale");
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--homes" -> homes = Integer.parseInt(args[i + 1]);
        case "--reps" -> reps = Integer.parseInt(args[i + 1]);
        case "--work" -> work = Path.of(args[i + 1]);
        case "--parts" -> parts = args[i + 1];
        case "--ops" -> opNames = args[i + 1];
        default -> {
          System.err.println("usage: PlacementAtScale [--homes N] [--reps R] [--work DIR]"
              + " [--parts startup,throughput] [--ops blockReport,replication]");
          return 2;
        }
      }
    }
    work = work.toAbsolutePath();
    Path images = work.resolve("images-" + homes);
    boolean startup = parts.contains("startup");
    if (startup && !Files.exists(images.resolve("homes/current/VERSION"))) {
      long t = System.nanoTime();
      child("child-build", images.toString(), Integer.toString(homes));
      System.err.printf(Locale.ROOT, "namespace of %d split-directories built in %.0f s%n", homes,
          (System.nanoTime() - t) / 1e9);
    }
    Map<String, List<Map<String, Double>>> runs = new HashMap<>();
    for (int r = 0; startup && r < reps; r++) {
      for (String[] run : new String[][] {{"plain", "default"}, {"homes", "default"},
          {"homes", "cpp"}}) {
        Map<String, Double> m = parseResult(child("child-start",
            images.resolve(run[0]).toString(), run[1], Integer.toString(homes)));
        runs.computeIfAbsent(run[0] + "/" + run[1], k -> new ArrayList<>()).add(m);
      }
    }
    Map<String, Map<String, List<Double>>> throughput = new HashMap<>();
    // blockReport's set-up writes 100 files per benchmark directory (fixed in the benchmark): one
    // block per file gives 20 split-directories of 100 one-block column files, so that homes are
    // chosen, recorded and looked up many times, spread over the 10 datanodes. The replication op
    // writes a block per datanode per file: 10,000 blocks are 10 split-directories, whose 30 home
    // places cover every datanode, so the decommissioned datanode 0 is a home of some.
    List<String[]> ops = new ArrayList<>();
    for (String[] op : new String[][] {
        {"blockReport", "-op", "blockReport", "-datanodes", "10", "-reports", "10",
            "-blocksPerReport", "600", "-blocksPerFile", "1"},
        {"replication", "-op", "replication", "-datanodes", "10", "-nodesToDecommission", "1",
            "-nodeReplicationLimit", "100", "-totalBlocks", "10000"}}) {
      if (List.of(opNames.split(",")).contains(op[0])) {
        ops.add(op);
      }
    }
    // Interleaved (default, policy, default, policy, ...), each run in a fresh JVM, so that a
    // change of the shared machine's load falls on both policies alike.
    for (int r = 0; parts.contains("throughput") && r < reps; r++) {
      for (String[] op : ops) {
        for (String policy : List.of("default", "cpp")) {
          List<String> cmd = new ArrayList<>(List.of("child-throughput",
              work.resolve("nnbench-" + policy).toString(), policy));
          cmd.addAll(List.of(op).subList(1, op.length));
          Map<String, Double> m = parseThroughput(child(cmd.toArray(new String[0])));
          Map<String, List<Double>> byKey = throughput.computeIfAbsent(op[0] + "/" + policy,
              k -> new HashMap<>());
          m.forEach((k, v) -> byKey.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
        }
      }
    }
    report(homes, reps, runs, throughput);
    return 0;
  }

  // ---- the namespace ----------------------------------------------------------------------------

  /** N split-directories /warehouse/tK/split-I (1,000 per table), saved without and with homes. */
  private static void build(Path images, int n) throws IOException {
    Path name = images.resolve("build");
    deleteTree(images);
    Configuration conf = nameNodeConf(name);
    DFSTestUtil.formatNameNode(conf);
    EditLogFileOutputStream.setShouldSkipFsyncForTesting(true);
    NameNode nn = NameNode.createNameNode(new String[0], conf);
    try {
      NamenodeProtocols rpc = nn.getRpcServer();
      FSNamesystem fsn = nn.getNamesystem();
      PermissionStatus perm = new PermissionStatus(
          UserGroupInformation.getCurrentUser().getShortUserName(), "supergroup",
          FsPermission.getDirDefault());
      for (int t = 0; t * TABLE_WIDTH < n; t++) {
        String table = "/warehouse/t" + t;
        rpc.mkdirs(table, FsPermission.getDirDefault(), true);
        List<String> splits = new ArrayList<>();
        for (int i = t * TABLE_WIDTH; i < Math.min(n, (t + 1) * TABLE_WIDTH); i++) {
          splits.add(dir(i).substring(table.length() + 1));
        }
        NamespaceFiller.addDirectories(fsn, table, splits, perm);
      }
      save(rpc, name, images.resolve("plain"));
      List<String> uuids = new ArrayList<>();
      for (int d = 0; d < DATANODES; d++) {
        uuids.add(java.util.UUID.nameUUIDFromBytes(("dn" + d).getBytes(StandardCharsets.UTF_8))
            .toString());
      }
      for (int i = 0; i < n; i++) {
        NamespaceFiller.setHome(fsn, dir(i), uuids.get(i % DATANODES) + ","
            + uuids.get((i / 7 + 1) % DATANODES) + "," + uuids.get((i / 11 + 2) % DATANODES));
      }
      save(rpc, name, images.resolve("homes"));
    } finally {
      nn.stop();
      nn.join();
    }
  }

  private static String dir(int i) {
    return "/warehouse/t" + (i / TABLE_WIDTH) + "/split-" + i;
  }

  private static void save(NamenodeProtocols rpc, Path name, Path copy) throws IOException {
    rpc.setSafeMode(SafeModeAction.SAFEMODE_ENTER, false);
    rpc.saveNamespace(0, 0);
    rpc.setSafeMode(SafeModeAction.SAFEMODE_LEAVE, false);
    copyTree(name, copy);
  }

  // ---- start-up -------------------------------------------------------------------------------

  /** One NameNode start from a copy of {@code image}; prints "result key=value ...". */
  private static void start(Path image, boolean cpp, int homes) throws Exception {
    Path name = image.resolveSibling(image.getFileName() + "-run");
    deleteTree(name);
    copyTree(image, name);
    Configuration conf = nameNodeConf(name);
    if (cpp) {
      conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY,
          ColumnPlacementPolicy.class.getName());
      conf.set(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, ColumnPlacementPlugin.class.getName());
      // Room for every home: the heap per home is measured with all of them in memory.
      conf.setInt(ColumnPlacementPolicy.HOME_TABLE_CAPACITY_KEY, homes + 1000);
    }
    long t0 = System.nanoTime();
    NameNode nn = NameNode.createNameNode(new String[0], conf);
    double constructed = (System.nanoTime() - t0) / 1e6;
    while (nn.getNamesystem().isInSafeMode()) {
      Thread.sleep(10);
    }
    double started = (System.nanoTime() - t0) / 1e6;
    StringBuilder out = new StringBuilder("result");
    out.append(" constructed_ms=").append(constructed).append(" started_ms=").append(started);
    if (cpp) {
      ColumnPlacementPolicy policy = (ColumnPlacementPolicy) nn.getNamesystem().getBlockManager()
          .getBlockPlacementPolicy();
      HomeAttribute.Walk walk = policy.awaitHomesLoaded(600_000);
      out.append(" loaded_ms=").append((System.nanoTime() - t0) / 1e6)
          .append(" walk_ms=").append(walk.millis()).append(" homes=").append(walk.homes())
          .append(" lock_ms=").append(walk.maxLockHoldNanos() / 1e6);
      out.append(" heap=").append(usedHeap());
      // What the plugin runs when a standby becomes active.
      long t1 = System.nanoTime();
      policy.loadRecordedHomes();
      HomeAttribute.Walk again = policy.awaitHomesLoaded(600_000);
      out.append(" reload_ms=").append((System.nanoTime() - t1) / 1e6)
          .append(" reload_lock_ms=").append(again.maxLockHoldNanos() / 1e6);
    } else {
      out.append(" heap=").append(usedHeap());
    }
    System.out.println(out);
    nn.stop();
    nn.join();
    deleteTree(name);
  }

  private static Configuration nameNodeConf(Path name) {
    Configuration conf = new HdfsConfiguration();
    conf.set(DFSConfigKeys.DFS_NAMENODE_NAME_DIR_KEY, name.toUri().toString());
    conf.set(DFSConfigKeys.DFS_NAMENODE_EDITS_DIR_KEY, name.toUri().toString());
    FileSystem.setDefaultUri(conf, "hdfs://localhost:0");
    conf.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, "localhost:0");
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_SAFEMODE_EXTENSION_KEY, 0);
    return conf;
  }

  private static long usedHeap() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(200);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  // ---- NNThroughputBenchmark --------------------------------------------------------------------

  /** HDFS's benchmark as it ships, on an in-process NameNode ({@code -fs file:///}) of its own. */
  private static void throughput(Path dir, boolean cpp, String[] benchArgs) throws Exception {
    deleteTree(dir);
    // The edit log is written but not fsynced: the figure is the NameNode's own work, where the
    // policy's cost shows, and not the shared disk's flushes (the same for both policies).
    EditLogFileOutputStream.setShouldSkipFsyncForTesting(true);
    Configuration conf = new HdfsConfiguration();
    conf.set("hadoop.tmp.dir", dir.toString());
    // The benchmark's datanodes are tiny: blocks of 16 bytes, as HDFS's own test of it sets.
    conf.setInt(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, 16);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 16);
    if (cpp) {
      conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY,
          BenchmarkFilesAsColumnFiles.class.getName());
      conf.set(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, ColumnPlacementPlugin.class.getName());
      // The benchmark's datanodes register and heartbeat but send no full block report before its
      // replication op: a restarted NameNode's wait for such nodes does not apply to a fresh one.
      conf.setLong(ColumnPlacementPolicy.RESTART_GRACE_KEY, 0);
    } else {
      conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, DEFAULT_POLICY);
    }
    DFSTestUtil.formatNameNode(conf);
    Configurator.setLevel(NNThroughputBenchmark.class.getName(), Level.INFO);
    List<String> all = new ArrayList<>(List.of("-fs", "file:///"));
    all.addAll(List.of(benchArgs));
    NNThroughputBenchmark.runBenchmark(conf, all.toArray(new String[0]));
    deleteTree(dir);
  }

  private static final Pattern LOG_LINE =
      Pattern.compile("^(\\d\\d):(\\d\\d):(\\d\\d)\\.(\\d{3}) .*NNThroughputBenchmark - (.*)$");

  /**
   * From the benchmark's log: its figures ("... per sec: X"), and the rate at which its set-up
   * created files with their blocks (create, every block allocated and reported received, complete),
   * which it does not report: from its "Creating N files with B blocks each" line to its "Starting"
   * line, both of its own log.
   */
  private static Map<String, Double> parseThroughput(List<String> lines) {
    Map<String, Double> m = new HashMap<>();
    long creating = -1;
    double blocks = 0;
    for (String line : lines) {
      Matcher l = LOG_LINE.matcher(line);
      if (!l.matches()) {
        continue;
      }
      long at = ((Long.parseLong(l.group(1)) * 60 + Long.parseLong(l.group(2))) * 60
          + Long.parseLong(l.group(3))) * 1000 + Long.parseLong(l.group(4));
      String msg = l.group(5).trim();
      Matcher c = Pattern.compile("Creating (\\d+) files with (\\d+) blocks each\\.").matcher(msg);
      if (c.matches() && creating < 0) {
        creating = at;
        blocks = Double.parseDouble(c.group(1)) * Double.parseDouble(c.group(2));
      } else if (msg.startsWith("Starting ") && creating >= 0 && !m.containsKey("alloc")) {
        m.put("alloc", blocks * 1000 / Math.max(1, at - creating));
      }
      Matcher p = Pattern.compile("(?i)(ops|replications) per sec: ([0-9.E]+)").matcher(msg);
      if (p.find()) {
        m.put("ops", Double.parseDouble(p.group(2)));
      }
    }
    if (!m.containsKey("ops")) {
      throw new IllegalStateException("no figure in the benchmark's output:\n"
          + String.join("\n", lines));
    }
    return m;
  }

  // ---- the report ------------------------------------------------------------------------------

  private static void report(int homes, int reps, Map<String, List<Map<String, Double>>> runs,
      Map<String, Map<String, List<Double>>> throughput) {
    if (!runs.isEmpty()) {
      reportStartup(homes, reps, runs);
    }
    if (!throughput.isEmpty()) {
      reportThroughput(reps, throughput);
    }
  }

  private static void reportStartup(int homes, int reps,
      Map<String, List<Map<String, Double>>> runs) {
    double plain = median(runs.get("plain/default"), "started_ms");
    double withXattrs = median(runs.get("homes/default"), "started_ms");
    double cpp = median(runs.get("homes/cpp"), "started_ms");
    double loaded = median(runs.get("homes/cpp"), "loaded_ms");
    double walk = median(runs.get("homes/cpp"), "walk_ms");
    double heapPlain = median(runs.get("plain/default"), "heap");
    double heapXattr = median(runs.get("homes/default"), "heap");
    double heapCpp = median(runs.get("homes/cpp"), "heap");
    System.out.printf(Locale.ROOT, "%d split-directories (%d tables of %d), medians of %d runs,"
        + " each NameNode in a fresh JVM (%s, Hadoop %s):%n%n", homes, homes / TABLE_WIDTH,
        TABLE_WIDTH, reps, Runtime.version(), org.apache.hadoop.util.VersionInfo.getVersion());
    System.out.println("| NameNode start-up | time to out of safe mode (s) | × no homes |");
    System.out.println("|---|---:|---:|");
    System.out.printf(Locale.ROOT, "| no homes recorded, default policy | %.2f | 1.00 |%n",
        plain / 1e3);
    System.out.printf(Locale.ROOT, "| %d homes recorded, default policy | %.2f | %.2f |%n",
        homes, withXattrs / 1e3, withXattrs / plain);
    System.out.printf(Locale.ROOT, "| %d homes, ColumnPlacementPolicy (homes load in the"
        + " background) | %.2f | %.2f |%n", homes, cpp / 1e3, cpp / plain);
    System.out.printf(Locale.ROOT, "| %d homes, the load inside start-up as before this change"
        + " (start-up + the same walk) | %.2f | %.2f |%n", homes, (withXattrs + walk) / 1e3,
        (withXattrs + walk) / plain);
    System.out.println();
    System.out.println("| the homes' load | value |");
    System.out.println("|---|---:|");
    System.out.printf(Locale.ROOT, "| homes loaded (of %d) | %.0f |%n", homes,
        median(runs.get("homes/cpp"), "homes"));
    System.out.printf(Locale.ROOT, "| all homes in memory, from the NameNode's start (s) | %.2f |%n",
        loaded / 1e3);
    System.out.printf(Locale.ROOT, "| the walk itself (s) | %.2f |%n", walk / 1e3);
    System.out.printf(Locale.ROOT, "| longest namesystem read-lock hold during it (ms) | %.1f |%n",
        max(runs.get("homes/cpp"), "lock_ms"));
    System.out.printf(Locale.ROOT, "| reload when a standby becomes active (s) | %.2f |%n",
        median(runs.get("homes/cpp"), "reload_ms") / 1e3);
    System.out.printf(Locale.ROOT, "| longest read-lock hold during the reload (ms) | %.1f |%n",
        max(runs.get("homes/cpp"), "reload_lock_ms"));
    System.out.printf(Locale.ROOT, "| heap per home in the namespace (its attribute), bytes | %.0f |%n",
        (heapXattr - heapPlain) / homes);
    System.out.printf(Locale.ROOT, "| heap per home in the policy's table, bytes | %.0f |%n",
        (heapCpp - heapXattr) / homes);
  }

  private static void reportThroughput(int reps, Map<String, Map<String, List<Double>>> throughput) {
    System.out.printf(Locale.ROOT, "NNThroughputBenchmark (Hadoop %s, -fs file:///, JDK %s), %d"
        + " interleaved runs of each policy, each in a fresh JVM; median [min-max]; load average"
        + " at the end %.1f (%d cores):%n%n", org.apache.hadoop.util.VersionInfo.getVersion(),
        System.getProperty("java.runtime.version"), reps,
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
        Runtime.getRuntime().availableProcessors());
    System.out.println("| NNThroughputBenchmark | default policy | ColumnPlacementPolicy | ratio of"
        + " medians |");
    System.out.println("|---|---:|---:|---:|");
    if (throughput.containsKey("blockReport/default")) {
      row("blockReport set-up: files created with their blocks (addBlock, chooseTarget), blocks/s",
          throughput.get("blockReport/default").get("alloc"),
          throughput.get("blockReport/cpp").get("alloc"));
      row("blockReport: block reports/s", throughput.get("blockReport/default").get("ops"),
          throughput.get("blockReport/cpp").get("ops"));
    }
    if (throughput.containsKey("replication/default")) {
      row("replication set-up: blocks/s", throughput.get("replication/default").get("alloc"),
          throughput.get("replication/cpp").get("alloc"));
      row("replication: replications/s", throughput.get("replication/default").get("ops"),
          throughput.get("replication/cpp").get("ops"));
    }
  }

  private static void row(String name, List<Double> def, List<Double> cpp) {
    if (def == null || cpp == null) {
      return;
    }
    double d = median(def);
    double c = median(cpp);
    System.out.printf(Locale.ROOT, "| %s | %.0f [%.0f-%.0f] | %.0f [%.0f-%.0f] | %.2f |%n", name,
        d, min(def), max(def), c, min(cpp), max(cpp), c / d);
  }

  private static double min(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
  }

  private static double max(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
  }

  private static double median(List<Map<String, Double>> runs, String key) {
    return median(runs.stream().map(m -> m.get(key)).toList());
  }

  private static double max(List<Map<String, Double>> runs, String key) {
    return runs.stream().mapToDouble(m -> m.get(key)).max().orElse(0);
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  // ---- plumbing --------------------------------------------------------------------------------

  /** Runs this class in a fresh JVM; returns its stdout lines (its stderr goes to ours). */
  private static List<String> child(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx" + System.getProperty("cif.scale.child.heap", "4g"),
        "-cp", System.getProperty("java.class.path"), PlacementAtScale.class.getName()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    List<String> lines = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(
        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = r.readLine()) != null; ) {
        lines.add(line);
      }
    }
    if (p.waitFor() != 0) {
      throw new IllegalStateException("child " + args[0] + " failed (exit " + p.exitValue()
          + "):\n" + String.join("\n", lines));
    }
    return lines;
  }

  private static Map<String, Double> parseResult(List<String> lines) {
    for (String line : lines) {
      if (line.startsWith("result ")) {
        Map<String, Double> m = new HashMap<>();
        for (String kv : line.substring(7).trim().split(" ")) {
          String[] p = kv.split("=");
          m.put(p[0], Double.parseDouble(p[1]));
        }
        return m;
      }
    }
    throw new IllegalStateException("no result line in:\n" + String.join("\n", lines));
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else if (!f.getFileName().toString().equals("in_use.lock")) {
          Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
