package dev.cif.bench.sql;

import dev.cif.embedded.console.EngineLog;
import dev.cif.embedded.console.Progress;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code bin/cif bench-sql ssb|tpch --sf N [--formats ...] [--runs K] ...}: SSB or TPC-H on Hive 4 over
 * every storage format (see {@link BenchOptions#USAGE}). Exit status 1 if any query failed or any
 * format's answer differed.
 */
public final class SqlBench {
  private SqlBench() {}

  public static void main(String[] args) throws Exception {
    args = workloadFirst(args);
    // Standard output carries the results alone. Everything else the engines write (log4j2, and Tez local's
    // "Running Dag" and task-attempt lines, which it prints to System.out as it would to a YARN container's
    // log) goes to DIR/bench-sql.log; the terminal gets its path and a progress line.
    if (args.length > 0 && args[0].equals("crawl-maps")) {
      System.exit(crawlMaps(java.util.Arrays.copyOfRange(args, 1, args.length)));
      return;
    }
    BenchOptions o;
    try {
      o = BenchOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    File logFile = new File(o.dir(), "bench-sql.log");
    logFile.delete();
    EngineLog log = EngineLog.to(logFile, "cif bench-sql");
    int status;
    try (Progress progress = Progress.on(log.terminal(), System.err)) {
      status = run(o, log.results(), progress);
    }
    log.results().flush();
    if (status == 1) log.terminal().println("cif bench-sql: some queries failed or disagreed; see the report and " + logFile);
    System.exit(status);
  }

  /** The arguments with an option pair given before the workload ({@code --engine spark ssb}) moved after it. */
  static String[] workloadFirst(String[] args) {
    List<String> a = new ArrayList<>(Arrays.asList(args));
    List<String> leading = new ArrayList<>();
    while (a.size() >= 2 && a.get(0).startsWith("--")) {
      leading.add(a.remove(0));
      leading.add(a.remove(0));
    }
    a.addAll(Math.min(1, a.size()), leading);
    return a.toArray(new String[0]);
  }

  /** crawl-maps (CrawlMapBench): its table on stdout, the engines' output in DIR/bench-sql.log as for ssb and tpch. */
  private static int crawlMaps(String[] args) throws Exception {
    File dir = new File("bench-crawl-maps");
    for (int i = 0; i + 1 < args.length; i++) if (args[i].equals("--dir")) dir = new File(args[i + 1]);
    dir.mkdirs();
    File logFile = new File(dir, "bench-sql.log");
    logFile.delete();
    EngineLog log = EngineLog.to(logFile, "cif bench-sql");
    int status = CrawlMapBench.run(args, log.results());
    log.results().flush();
    return status;
  }

  public static int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    args = workloadFirst(args);
    if (args.length > 0 && args[0].equals("crawl-maps")) return CrawlMapBench.run(java.util.Arrays.copyOfRange(args, 1, args.length), out);
    BenchOptions o;
    try {
      o = BenchOptions.parse(args);
    } catch (IllegalArgumentException e) {
      out.println(e.getMessage());
      return 2;
    }
    return run(o, out, Progress.logOnly(System.err));
  }

  /** Runs the benchmark; the report (or "wrote FILE") goes to {@code out}, each step to {@code progress}. */
  static int run(BenchOptions o, PrintStream out, Progress progress) throws Exception {
    File hiveRoot = new File(o.dir(), "hive");
    RunDirectoryLock lock;
    try {
      lock = RunDirectoryLock.acquire(o.dir());
    } catch (IllegalStateException e) {
      out.println(e.getMessage());
      return 2;
    }
    try (lock) {
      return run(o, hiveRoot, out, progress);
    }
  }

  private static int run(BenchOptions o, File hiveRoot, PrintStream out, Progress progress) throws Exception {
    // The metastore is in memory: directories a stopped run left behind would only collide.
    clearSessionDirectories(o.dir());
    BenchRun run;
    try (SqlSession sql = o.jdbcUrl() != null ? new JdbcSession(o.jdbcUrl())
        : o.conf() != null ? new ClusterSqlSession(hiveRoot, o.conf())
        : o.engine() == Engine.SPARK ? new SparkChildSession(o.dir()) : new EmbeddedSession(hiveRoot, o.engine())) {
      // With --md the report is rewritten after every query, so a long run that is stopped keeps its results.
      run = new BenchRun(o, sql, System.err, progress).runAll(partial -> {
        if (o.md() == null) return;
        try {
          new BenchReport(partial).write(o.md());
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
    }
    progress.close(); // the terminal's progress line is cleared before the report is printed
    BenchReport report = new BenchReport(run);
    if (o.md() != null) {
      report.write(o.md());
      out.println("wrote " + o.md());
    } else {
      out.println(report.markdown(null));
    }
    boolean ok = run.results().stream().allMatch(QueryResult::ok);
    if (o.jdbcUrl() == null) clearSessionDirectories(o.dir());
    return ok ? 0 : 1;
  }

  /** Deletes DIR/hive and DIR/warehouse (an embedded session's files and tables), not the generated data. */
  static void clearSessionDirectories(File dir) throws java.io.IOException {
    deleteTree(new File(dir, "hive"));
    deleteTree(new File(dir, "warehouse"));
  }

  private static void deleteTree(File dir) throws java.io.IOException {
    if (!dir.exists()) return;
    try (var paths = Files.walk(dir.toPath())) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
