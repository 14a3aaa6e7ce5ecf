package dev.cif.bench.sql;

import dev.cif.conf.CifConf;
import java.io.File;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bin/cif bench-sql crawl-maps [--rows N] [--runs K] [--warmups W] [--dir DIR]}: map-key pushdown (issue 20)
 * measured on embedded Hive, vectorized on Tez local. One crawl-like table (CrawlMapQueries) in CIF
 * (defaults: LZ4), CIF uncompressed, ORC and Parquet, and both CIFs again with cif.hive.map-key-pushdown
 * off; each query runs W times (1) on each configuration to warm up, then K times on each with the
 * configurations taking turns, and the median of the K is reported: wall
 * time, task CPU (the CPU time of the threads Tez local runs the tasks on, in this JVM; Hive's compile
 * and the AM are left out: see threadCpu) and the bytes of table data read (the tables live under
 * benchtable:, TableFileSystem). Every format's answer must
 * be ORC's. Results on standard output as a markdown table.
 */
final class CrawlMapBench {
  static final String USAGE = "usage: bin/cif bench-sql crawl-maps [--rows N (1000000)] [--runs K (5)] [--warmups W (1)] [--dir DIR (bench-crawl-maps)]"
      + " [--tables DIR (reuse the crawl_<format> directories an earlier run wrote)] [--keep (leave this run's tables in DIR/warehouse/crawl_maps)]"
      + " [--queries 1,2,... (all)] [--configs 1,2,... (all)] [--engine tez|spark (tez: Hive; spark: cif, parquet, orc on Spark SQL)]";

  /** A configuration measured: a table format and whether map keys are pushed. */
  private record Config(String name, Format format, boolean pushdown) {
    String table() { return "crawl_" + format.id(); }
  }

  private static final List<Config> CONFIGS = List.of(
      new Config("CIF", Format.CIF, true), new Config("CIF uncompressed", Format.CIF_NONE, true),
      new Config("ORC", Format.ORC, true), new Config("Parquet", Format.PARQUET, true),
      new Config("CIF, no pushdown", Format.CIF, false), new Config("CIF uncompressed, no pushdown", Format.CIF_NONE, false));

  /**
   * One statement's cost. Task CPU is split three ways: the task attempts' TezChild threads (the
   * scan and Hive's operators), the other threads started for the statement (resource localization,
   * container launch, I/O set-up), and what no Java thread accounts for (garbage collection and JIT
   * compilation, on the JVM's own threads).
   */
  private record Cost(double seconds, double taskCpuSeconds, long bytesRead, double tezChild, double otherThreads, double gcJit) {}

  private CrawlMapBench() {}

  static int run(String[] args, PrintStream out) throws Exception {
    long rows = 1_000_000;
    int runs = 5;
    int warmups = 1;
    File dir = new File("bench-crawl-maps");
    File tables = null;
    List<Integer> queries = null;
    List<Integer> configs = null;
    boolean keep = false;
    String engine = "tez";
    for (int i = 0; i < args.length; i++) {
      String v = i + 1 < args.length ? args[i + 1] : null;
      switch (args[i]) {
        case "--rows": rows = Long.parseLong(v); i++; break;
        case "--runs": runs = Integer.parseInt(v); i++; break;
        case "--warmups": warmups = Integer.parseInt(v); i++; break;
        case "--dir": dir = new File(v); i++; break;
        case "--tables": tables = new File(v); i++; break;
        case "--queries": queries = indices(v); i++; break;
        case "--configs": configs = indices(v); i++; break;
        case "--keep": keep = true; break;
        case "--engine": engine = v; i++; break;
        default:
          out.println(USAGE);
          return 2;
      }
    }
    if (engine.equals("spark")) {
      if (tables != null || configs != null || keep) {
        out.println("--engine spark takes --rows, --runs, --warmups, --dir and --queries; " + USAGE);
        return 2;
      }
      return SparkCrawlMaps.run(rows, runs, warmups, dir, queries, out);
    }
    if (!engine.equals("tez")) {
      out.println("--engine " + engine + ": tez or spark; " + USAGE);
      return 2;
    }
    SqlBench.clearSessionDirectories(dir);
    boolean ok = true;
    try (EmbeddedSession hive = new EmbeddedSession(new File(dir, "hive"), Engine.TEZ)) {
      hive.set("hive.fetch.task.conversion", "none");
      hive.set("hive.compute.query.using.stats", "false");
      hive.set("hive.vectorized.execution.enabled", "true");
      // Tables live under benchtable: so that reads of table data are counted apart from plans and jars.
      hive.run("CREATE DATABASE crawl_maps LOCATION '" + TableFileSystem.SCHEME + "://"
          + new File(dir, "warehouse/crawl_maps").getAbsolutePath() + "'");
      hive.run("USE crawl_maps");
      Map<String, Long> sizes = tables == null ? load(hive, rows) : attach(hive, tables, rows);
      Map<String, Map<Config, Cost>> results = new LinkedHashMap<>();
      for (int qi = 0; qi < CrawlMapQueries.QUERIES.size(); qi++) {
        if (queries != null && !queries.contains(qi + 1)) continue;
        CrawlMapQueries.Query q = CrawlMapQueries.QUERIES.get(qi);
        List<Config> measured = new ArrayList<>();
        for (int ci = 0; ci < CONFIGS.size(); ci++) {
          if (configs == null || configs.contains(ci + 1)) measured.add(CONFIGS.get(ci));
        }
        List<String> expected = null;
        for (Config c : measured) {
          List<String> answer = null;
          for (int w = 0; w < Math.max(1, warmups); w++) answer = sorted(hive.run(statement(hive, q, c)));
          if (expected == null) expected = answer;
          if (!answer.equals(expected)) {
            ok = false;
            System.err.println("crawl-maps: " + c.name + " answered " + q.name() + " differently: " + answer + " vs " + expected);
          }
        }
        // The configurations take turns, each run starting one further along, so that none is always
        // the first after another query's statements (JIT and caches warmed by its predecessor).
        Map<Config, List<Cost>> costs = new LinkedHashMap<>();
        for (int r = 0; r < runs; r++) {
          for (int k = 0; k < measured.size(); k++) {
            Config c = measured.get((r + k) % measured.size());
            String sql = statement(hive, q, c);
            costs.computeIfAbsent(c, x -> new ArrayList<>()).add(measure(hive, sql));
          }
        }
        Map<Config, Cost> byConfig = new LinkedHashMap<>();
        for (Config c : measured) {
          byConfig.put(c, median(costs.get(c)));
          System.err.println("crawl-maps: " + q.name() + " on " + c.name + ": " + byConfig.get(c));
        }
        hive.set(CifConf.HIVE_MAP_KEY_PUSHDOWN.key(), "true");
        results.put(q.name(), byConfig);
      }
      out.print(markdown(rows, runs, warmups, sizes, results));
    }
    if (!keep) SqlBench.clearSessionDirectories(dir);
    return ok ? 0 : 1;
  }

  /** Makes the table in each format (ORC first, from the generated rows; the others from ORC); returns their sizes in bytes. */
  private static Map<String, Long> load(EmbeddedSession hive, long rows) throws Exception {
    Map<String, Long> sizes = new LinkedHashMap<>();
    hive.run("CREATE TABLE crawl_orc " + Format.ORC.storage() + " AS " + CrawlMapQueries.rows(rows));
    for (Format f : new Format[] {Format.CIF, Format.CIF_NONE, Format.PARQUET}) {
      hive.run("CREATE TABLE crawl_" + f.id() + " " + f.storage() + " AS SELECT * FROM crawl_orc");
    }
    for (Format f : new Format[] {Format.CIF, Format.CIF_NONE, Format.ORC, Format.PARQUET}) {
      for (String l : hive.run("DESCRIBE FORMATTED crawl_" + f.id())) {
        String[] p = l.trim().split("\\s+");
        if (p.length == 2 && p[0].equals("totalSize")) sizes.put(f.id(), Long.parseLong(p[1]));
      }
    }
    return sizes;
  }

  private static List<Integer> indices(String commaSeparated) {
    List<Integer> out = new ArrayList<>();
    for (String s : commaSeparated.split(",")) out.add(Integer.parseInt(s.trim()));
    return out;
  }

  /**
   * External tables over the table directories an earlier run wrote (copied out of its warehouse,
   * which each run clears), with that run's row count so that Hive plans them as it did the CTAS tables.
   */
  private static Map<String, Long> attach(EmbeddedSession hive, File tables, long rows) throws Exception {
    Map<String, Long> sizes = new LinkedHashMap<>();
    for (Format f : new Format[] {Format.CIF, Format.CIF_NONE, Format.ORC, Format.PARQUET}) {
      File d = new File(tables, "crawl_" + f.id());
      hive.run("CREATE EXTERNAL TABLE crawl_" + f.id() + " (id INT, url STRING, fetchtime INT, site INT,"
          + " metadata MAP<STRING,STRING>, content STRING) " + f.storage().replaceFirst(" TBLPROPERTIES.*", "")
          + " LOCATION '" + TableFileSystem.SCHEME + "://" + d.getAbsolutePath() + "'"
          + " TBLPROPERTIES ('numRows' = '" + rows + "')");
      long n = 0;
      try (var files = java.nio.file.Files.walk(d.toPath())) {
        for (java.nio.file.Path p : (Iterable<java.nio.file.Path>) files.filter(java.nio.file.Files::isRegularFile)::iterator) n += java.nio.file.Files.size(p);
      }
      sizes.put(f.id(), n);
    }
    return sizes;
  }

  /** The query on the configuration's table, with map-key pushdown set as the configuration has it. */
  private static String statement(EmbeddedSession hive, CrawlMapQueries.Query q, Config c) {
    hive.set(CifConf.HIVE_MAP_KEY_PUSHDOWN.key(), Boolean.toString(c.pushdown));
    return q.sql().replace("$t", c.table());
  }

  private static Cost measure(EmbeddedSession hive, String sql) throws Exception {
    ThreadWatch watch = new ThreadWatch(); // started first: a long-lived thread, left out of task CPU
    Map<Long, Long> threadsBefore = threadCpu();
    long gcBefore = gcMillis();
    long jitBefore = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
    long processBefore = hive.cpuNanos();
    long bytesBefore = localBytesRead();
    long t0 = System.nanoTime();
    hive.run(sql);
    double seconds = (System.nanoTime() - t0) / 1e9;
    long bytes = localBytesRead() - bytesBefore;
    long process = hive.cpuNanos() - processBefore;
    long longLived = 0;
    for (Map.Entry<Long, Long> e : threadCpu().entrySet()) {
      Long before = threadsBefore.get(e.getKey());
      if (before != null) longLived += e.getValue() - before;
    }
    Map<String, Long> shortLived = watch.stop(threadsBefore.keySet());
    shortLived.put("(GC collection ms, MXBean)", (gcMillis() - gcBefore) * 1_000_000);
    shortLived.put("(JIT compilation ms, MXBean)", (ManagementFactory.getCompilationMXBean().getTotalCompilationTime() - jitBefore) * 1_000_000);
    System.err.println("crawl-maps: CPU ms of the threads started by the statement, by name: " + shortLived.entrySet().stream()
        .map(e -> e.getKey() + " " + (e.getKey().endsWith(" (threads)") ? e.getValue() : e.getValue() / 1_000_000)).collect(java.util.stream.Collectors.joining(", ")));
    long tezChild = shortLived.getOrDefault("TezChild", 0L);
    long other = 0;
    for (Map.Entry<String, Long> e : shortLived.entrySet()) {
      if (!e.getKey().equals("TezChild") && !e.getKey().endsWith(" (threads)") && !e.getKey().startsWith("(")) other += e.getValue();
    }
    long task = Math.max(0, process - longLived);
    return new Cost(seconds, task / 1e9, bytes, tezChild / 1e9, other / 1e9, Math.max(0, task - tezChild - other) / 1e9);
  }

  /**
   * Polls the CPU time of every thread (every 5 ms) to find what the threads that start during a
   * statement use, by thread name without digits. A thread that ends is credited with its last poll,
   * so its figure may fall up to 5 ms of its CPU short (the shortfall lands in "GC and JIT").
   */
  private static final class ThreadWatch implements Runnable {
    private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    private final Map<Long, Long> cpu = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<Long, String> names = new java.util.concurrent.ConcurrentHashMap<>();
    private final Thread thread = new Thread(this, "crawl-maps thread watch");
    private volatile boolean stopped;

    ThreadWatch() {
      thread.setDaemon(true);
      thread.start();
    }

    @Override public void run() {
      while (!stopped) {
        for (java.lang.management.ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
          if (t == null) continue;
          long ns = mx.getThreadCpuTime(t.getThreadId());
          if (ns < 0) continue;
          cpu.put(t.getThreadId(), ns);
          names.putIfAbsent(t.getThreadId(), t.getThreadName().replaceAll("[0-9]+", "#").replaceAll("[ #_-]+$", ""));
        }
        try {
          Thread.sleep(5);
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    /** Stops polling; the CPU time of the threads not in before (alive before the statement), by name. */
    Map<String, Long> stop(java.util.Set<Long> before) throws InterruptedException {
      stopped = true;
      thread.join();
      Map<String, Long> byName = new java.util.TreeMap<>();
      for (Map.Entry<Long, Long> e : cpu.entrySet()) {
        if (before.contains(e.getKey()) || e.getKey() == thread.getId()) continue;
        // A thread started during the statement and still alive counts whole, as in measure.
        long now = mx.getThreadCpuTime(e.getKey());
        byName.merge(names.get(e.getKey()), Math.max(now, e.getValue()), Long::sum);
        byName.merge(names.get(e.getKey()) + " (threads)", 1L, Long::sum);
      }
      return byName;
    }
  }

  /**
   * CPU time of every live thread, by id. Tez local runs each task attempt (the scan and Hive's
   * operators, its sort and shuffle helpers) on threads it starts for that attempt, which end before
   * the statement returns; the threads alive before and after it are the driver (Hive's compile),
   * the AM's dispatcher and RPC threads and the metastore. A statement's task CPU is the process CPU
   * less what those long-lived threads used: the task threads, plus the JVM's garbage collection and
   * JIT, which are not Java threads.
   */
  private static Map<Long, Long> threadCpu() {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Map<Long, Long> cpu = new HashMap<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      long ns = mx.getThreadCpuTime(t.getId());
      if (ns >= 0) cpu.put(t.getId(), ns);
    }
    return cpu;
  }

  /** Time the JVM's collectors report spent collecting, ms (wall time of pauses and concurrent cycles). */
  private static long gcMillis() {
    long ms = 0;
    for (java.lang.management.GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) ms += Math.max(0, gc.getCollectionTime());
    return ms;
  }

  /** Bytes of table data read in this JVM so far (the tables live under benchtable:). */
  private static long localBytesRead() { return TableFileSystem.bytesRead(); }

  private static Cost median(List<Cost> costs) {
    return new Cost(median(costs.stream().mapToDouble(Cost::seconds).toArray()),
        median(costs.stream().mapToDouble(Cost::taskCpuSeconds).toArray()),
        (long) median(costs.stream().mapToDouble(Cost::bytesRead).toArray()),
        median(costs.stream().mapToDouble(Cost::tezChild).toArray()),
        median(costs.stream().mapToDouble(Cost::otherThreads).toArray()),
        median(costs.stream().mapToDouble(Cost::gcJit).toArray()));
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private static List<String> sorted(List<String> rows) {
    List<String> copy = new ArrayList<>(rows);
    java.util.Collections.sort(copy);
    return copy;
  }

  private static String markdown(long rows, int runs, int warmups, Map<String, Long> sizes, Map<String, Map<Config, Cost>> results) {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "crawl-maps: %,d rows, median of %d runs after %d warm-up(s) per configuration,"
        + " the configurations taking turns; Tez local, vectorized%n%n", rows, runs, Math.max(1, warmups)));
    b.append("| table | bytes |\n|---|---:|\n");
    sizes.forEach((f, n) -> b.append(String.format(Locale.ROOT, "| %s | %,d |%n", f, n)));
    for (String what : new String[] {"seconds (whole statement)", "task CPU seconds", "MB read",
        "task CPU seconds: TezChild threads", "task CPU seconds: other task threads", "task CPU seconds: GC and JIT"}) {
      b.append("\n| ").append(what).append(" |");
      for (Config c : CONFIGS) b.append(' ').append(c.name).append(" |");
      b.append(" CIF/ORC | CIF uncompressed/ORC |\n|---|");
      for (int i = 0; i < CONFIGS.size() + 2; i++) b.append("---:|");
      b.append('\n');
      results.forEach((q, byConfig) -> {
        b.append("| ").append(q).append(" |");
        double[] v = new double[CONFIGS.size()];
        for (int i = 0; i < CONFIGS.size(); i++) {
          Cost c = byConfig.get(CONFIGS.get(i));
          if (c == null) { // not measured (--configs)
            v[i] = Double.NaN;
            b.append(" – |");
            continue;
          }
          v[i] = what.startsWith("seconds") ? c.seconds : what.equals("task CPU seconds") ? c.taskCpuSeconds
              : what.endsWith("TezChild threads") ? c.tezChild : what.endsWith("other task threads") ? c.otherThreads
              : what.endsWith("GC and JIT") ? c.gcJit : c.bytesRead / 1e6;
          b.append(String.format(Locale.ROOT, " %.2f |", v[i]));
        }
        b.append(String.format(Locale.ROOT, " %.2f | %.2f |%n", v[0] / v[2], v[1] / v[2]));
      });
    }
    return b.toString();
  }
}
