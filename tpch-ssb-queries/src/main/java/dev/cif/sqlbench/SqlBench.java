package dev.cif.sqlbench;

import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code bin/cif bench-sql ssb|tpch --sf N [--formats ...] [--runs K] ...}: SSB or TPC-H on Hive 4 over
 * every storage format (see {@link BenchOptions#USAGE}). Exit status 1 if any query failed or any
 * format's answer differed.
 */
public final class SqlBench {
  private SqlBench() {}

  public static void main(String[] args) throws Exception {
    // Standard output carries the results alone: Tez local's AM and tasks print their progress ("Running
    // Dag", "Starting to run new task attempt") to System.out as well as to System.err, as they would to a
    // YARN container's log files; here those lines go to standard error with the rest of the libraries' log.
    PrintStream results = System.out;
    System.setOut(System.err);
    System.exit(run(new Configuration(), args, results));
  }

  public static int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    if (args.length > 0 && args[0].equals("crawl-maps")) return CrawlMapBench.run(java.util.Arrays.copyOfRange(args, 1, args.length), out);
    BenchOptions o;
    try {
      o = BenchOptions.parse(args);
    } catch (IllegalArgumentException e) {
      out.println(e.getMessage());
      return 2;
    }
    File hiveRoot = new File(o.dir(), "hive");
    RunDirectoryLock lock;
    try {
      lock = RunDirectoryLock.acquire(o.dir());
    } catch (IllegalStateException e) {
      out.println(e.getMessage());
      return 2;
    }
    try (lock) {
      return run(o, hiveRoot, out);
    }
  }

  private static int run(BenchOptions o, File hiveRoot, PrintStream out) throws Exception {
    // The metastore is in memory: directories a stopped run left behind would only collide.
    clearSessionDirectories(o.dir());
    BenchRun run;
    try (SqlSession sql = o.jdbcUrl() != null ? new JdbcSession(o.jdbcUrl()) : new EmbeddedSession(hiveRoot, o.engine())) {
      // With --md the report is rewritten after every query, so a long run that is stopped keeps its results.
      run = new BenchRun(o, sql, out).runAll(partial -> {
        if (o.md() == null) return;
        try {
          new BenchReport(partial).write(o.md());
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
    }
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
