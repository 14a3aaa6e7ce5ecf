package dev.cif.bench.sql;

import dev.cif.bench.harness.LoadResult;
import dev.cif.data.TextDataWriter;
import dev.cif.data.Workload;
import dev.cif.embedded.console.Progress;
import dev.cif.embedded.hive.HiveShell;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * One benchmark run, in the manner of hive-testbench: generate text data, create text tables over it,
 * convert it into every format with CTAS and compute its table and column statistics ({@code ANALYZE TABLE
 * ... COMPUTE STATISTICS [FOR COLUMNS]}, which Hive's cost-based optimizer plans with), then run each query
 * on each format, the formats taking turns (every format's warm-ups, then the timed runs in turns), and check
 * that every format returns the same answer as the first format. Each step is written to the log a line
 * each, and shown on the progress line.
 */
public final class BenchRun {
  private final BenchOptions options;
  private final SqlSession sql;
  private final PrintStream log;
  private final Progress progress;
  private final List<LoadResult> loads = new ArrayList<>();
  private final List<QueryResult> results = new ArrayList<>();
  private Map<String, Long> rows = Map.of();
  private String versions = "";

  /** A run whose steps go to {@code log}, with no progress line. */
  public BenchRun(BenchOptions options, SqlSession sql, PrintStream log) {
    this(options, sql, log, Progress.logOnly(log));
  }

  /** A run whose steps go to {@code log} and to {@code progress}. */
  public BenchRun(BenchOptions options, SqlSession sql, PrintStream log, Progress progress) {
    this.options = options;
    this.sql = sql;
    this.log = log;
    this.progress = progress;
  }

  /** One load per table and format: the CTAS's wall and CPU time, the rows and the table's bytes on disk. */
  public List<LoadResult> loads() { return loads; }

  public List<QueryResult> results() { return results; }

  /** The versions of the engine and formats that ran (SqlSession#versions). */
  public String versions() { return versions; }

  /** Rows per generated table. */
  public Map<String, Long> rows() { return rows; }

  /** Generates (unless already there), loads every format and runs every query. */
  public BenchRun runAll() throws Exception {
    return runAll(run -> {});
  }

  /** Same, calling {@code afterEachQuery} once a query has run on every format (to save partial results). */
  public BenchRun runAll(java.util.function.Consumer<BenchRun> afterEachQuery) throws Exception {
    versions = sql.versions();
    applySettings();
    File data = generate();
    load(data);
    int index = 0;
    for (String q : options.queries()) {
      runQuery(q, index++);
      afterEachQuery.accept(this);
    }
    return this;
  }

  String database(String suffix) {
    return options.workload().id() + "_sf" + options.sfId() + "_" + suffix;
  }

  private void applySettings() throws Exception {
    String text = options.settings() != null ? Files.readString(options.settings().toPath()) : Workload.text(Workload.HIVE_SETTINGS);
    for (String line : text.split("\n")) {
      String l = line.trim();
      if (!l.regionMatches(true, 0, "SET ", 0, 4)) continue;
      String kv = l.substring(4).replaceAll(";\\s*$", "");
      sql.set(kv.substring(0, kv.indexOf('=')).trim(), kv.substring(kv.indexOf('=') + 1).trim());
    }
  }

  private File generate() throws Exception {
    File data = new File(options.dir(), options.workload().id() + "/sf" + options.sfId());
    progress.start("generate " + options.workload().id() + " sf " + options.sf());
    rows = new TextDataWriter(options.threads(), log)
        .write(data.toPath(), options.workload().tables(options.sf(), options.seed()));
    progress.done(rows.values().stream().mapToLong(Long::longValue).sum() + " rows in " + data);
    return data;
  }

  private void load(File data) throws Exception {
    String text = database("text");
    sql.run("DROP DATABASE IF EXISTS " + text + " CASCADE");
    sql.run("CREATE DATABASE " + text);
    for (String ddl : HiveShell.statements(options.workload().stagingScript(text, sql.stage(data), options.money()))) sql.run(sql.staging(ddl));
    // A first CTAS starts the engine's session (Tez's AM) and loads the write path's classes (seconds), which
    // would otherwise be counted in the first format's load time.
    progress.start("start the engine");
    String first = rows.keySet().iterator().next();
    sql.run("CREATE TABLE " + text + ".engine_start " + sql.storage(Format.TEXTFILE) + " AS SELECT * FROM " + text + "." + first + " LIMIT 10");
    progress.done("");
    for (Format f : options.formats()) {
      String db = database(f.id());
      sql.run("DROP DATABASE IF EXISTS " + db + " CASCADE");
      String location = sql.databaseLocation(db, options.dir());
      sql.run("CREATE DATABASE " + db + (location != null ? " LOCATION '" + location + "'" : ""));
    }
    warmUp(text);
    int i = 0;
    for (String table : rows.keySet()) {
      for (Format f : loadOrder(options.formats(), i++)) {
        String t = database(f.id()) + "." + table;
        progress.start("load " + f.id() + " " + table);
        long start = System.nanoTime();
        long cpuStart = sql.cpuNanos();
        sql.run("CREATE TABLE " + t + " " + sql.storage(f) + " AS SELECT * FROM " + text + "." + table);
        LoadResult l = new LoadResult(table, f.id(), rows.get(table), System.nanoTime() - start,
            cpuStart < 0 ? -1 : sql.cpuNanos() - cpuStart, sizeOnDisk(t));
        loads.add(l);
        progress.done(rows.get(table) + " rows");
        log.printf(Locale.ROOT, "load %-12s %-10s %8.1f s %8.1f s CPU%n", f.id(), table, millis(l) / 1e3, cpuMillis(l) / 1e3);
        // Statistics as hive-testbench computes them after loading; not part of the load time.
        if (options.stats()) {
          progress.start("analyze " + f.id() + " " + table);
          for (String analyze : sql.analyze(t)) sql.run(analyze);
          progress.done("");
        }
      }
    }
    for (Format f : options.formats()) {
      log.printf(Locale.ROOT, "load %-12s %8.1f s %10.1f MB%n", f.id(), loadMillis(f) / 1e3, bytesOnDisk(f) / 1e6);
    }
  }

  /** A table's CTAS wall time in ms. */
  static long millis(LoadResult l) { return l.wallNanos() / 1_000_000; }

  /** A table's CTAS CPU time in ms; -1 when not measured (a server's). */
  static long cpuMillis(LoadResult l) { return l.cpuNanos() < 0 ? -1 : l.cpuNanos() / 1_000_000; }

  /** The load of {@code table} in format {@code f}, if it ran. */
  java.util.Optional<LoadResult> load(Format f, String table) {
    return loads.stream().filter(l -> l.format().equals(f.id()) && l.dataset().equals(table)).findFirst();
  }

  /** CTAS wall time in ms summed over the tables format {@code f} loaded. */
  long loadMillis(Format f) { return loadsOf(f).mapToLong(BenchRun::millis).sum(); }

  /** CTAS CPU time in ms summed over the tables; -1 when not measured. */
  long loadCpuMillis(Format f) {
    return loadsOf(f).anyMatch(l -> l.cpuNanos() < 0) ? -1 : loadsOf(f).mapToLong(BenchRun::cpuMillis).sum();
  }

  /** Bytes on disk summed over the tables format {@code f} loaded. */
  long bytesOnDisk(Format f) { return loadsOf(f).mapToLong(LoadResult::sizeOnDisk).sum(); }

  private java.util.stream.Stream<LoadResult> loadsOf(Format f) {
    return loads.stream().filter(l -> l.format().equals(f.id()));
  }

  /**
   * The order the formats load a table (or run a query) in: the formats alternate table by table and query by
   * query, the order reversed on every other one, so that no format's loads all run before (or after)
   * another's: the first large CTAS of a session costs more (the JIT compiles the text reading and operator
   * pipeline; at SF 1 the first lineorder CTAS took ~25 s longer than a later one of either format).
   */
  static List<Format> loadOrder(List<Format> formats, int table) {
    List<Format> order = new ArrayList<>(formats);
    if (table % 2 == 1) java.util.Collections.reverse(order);
    return order;
  }

  /** Rows of the largest table each format writes, untimed, before the timed loads (--load-warm-up). */
  static final long WARM_UP_ROWS = 1_000_000;

  /**
   * An untimed CTAS per format of up to {@link #WARM_UP_ROWS} rows of the largest table (dropped again), so
   * that the timed loads all run on a warm JVM: the same text reading and each format's writer compiled.
   */
  private void warmUp(String text) throws Exception {
    String largest = rows.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    long n = Math.min(options.warmUpRows(), rows.get(largest));
    if (n == 0) return;
    for (Format f : options.formats()) {
      String t = database(f.id()) + ".load_warm_up";
      progress.start("warm up " + f.id() + " (" + n + " rows of " + largest + ", not timed)");
      long start = System.nanoTime();
      sql.run("CREATE TABLE " + t + " " + sql.storage(f) + " AS SELECT * FROM " + text + "." + largest + " LIMIT " + n);
      sql.run("DROP TABLE " + t);
      progress.done("");
      log.printf(Locale.ROOT, "warm-up %-12s %8.1f s (%d rows of %s, not timed)%n", f.id(), (System.nanoTime() - start) / 1e9, n, largest);
    }
  }

  /** The statements that compute a loaded table's statistics: its row count and sizes, then every column's. */
  static List<String> analyze(String table) {
    return List.of("ANALYZE TABLE " + table + " COMPUTE STATISTICS", "ANALYZE TABLE " + table + " COMPUTE STATISTICS FOR COLUMNS");
  }

  private long sizeOnDisk(String table) throws Exception {
    Path dir = new Path(sql.location(table));
    try {
      return dir.getFileSystem(new Configuration()).getContentSummary(dir).getLength();
    } catch (java.io.IOException e) {
      return -1; // a server's file system this process cannot see
    }
  }

  private void runQuery(String query, int index) {
    List<String> statements = HiveShell.statements(options.workload().queryScript(query));
    Map<Format, QueryRuns> runs = new LinkedHashMap<>();
    for (Format f : options.formats()) runs.put(f, new QueryRuns(query, f));
    List<Format> order = loadOrder(options.formats(), index);
    for (int i = 0; i < options.warmups() + options.runs(); i++) {
      boolean timed = i >= options.warmups();
      for (Format f : order) {
        progress.start(query + " " + f.id() + (timed ? "" : " (warm-up)"));
        QueryRuns r = runs.get(f);
        r.runOnce(statements, timed);
        progress.done(r.error != null ? "FAILED" : (r.answer == null ? "-" : r.answer.rows()) + " rows");
      }
    }
    QueryResult reference = null;
    for (QueryRuns runsOfFormat : runs.values()) {
      QueryResult r = runsOfFormat.result();
      if (r.ok()) {
        if (reference == null) {
          reference = r;
        } else {
          String diff = r.answer().difference(reference.answer());
          if (diff != null) r = r.failed("answer differs from " + reference.format().id() + ": " + diff);
        }
      }
      results.add(r);
      log.printf(Locale.ROOT, "%-5s %-12s %8d ms %8d ms CPU %10.2f MB read %6s rows%s%n", query, r.format().id(), r.medianMillis(),
          r.medianCpuMillis(), r.bytesRead() / 1e6, r.answer() == null ? "-" : Integer.toString(r.answer().rows()),
          r.ok() ? "" : "  ** " + r.error());
    }
  }

  /**
   * One query's runs on one format. The formats take turns run by run (every format's warm-up before any
   * timed run, then the timed runs in turns), in {@link #loadOrder}'s order, reversed on every other query.
   * Why: when a query ran all its runs on one format before the next, the first format listed met each
   * query's new operators first (Tez's and the JIT's first compilation of them), and its timed runs came
   * before the other formats' warm-ups had warmed the JIT further: a bias against that format.
   */
  private final class QueryRuns {
    private final String query;
    private final Format format;
    private final List<Long> millis = new ArrayList<>();
    private final List<Long> cpuMillis = new ArrayList<>();
    private long bytes;
    private Answer answer;
    private String error;

    QueryRuns(String query, Format format) {
      this.query = query;
      this.format = format;
    }

    /** Runs the query's statements once (not again after a failure); a timed run's figures are kept. */
    void runOnce(List<String> statements, boolean timed) {
      if (error != null) return;
      try {
        sql.takeTaskFailure(); // forget a failure of an earlier run
        sql.run("USE " + database(format.id()));
        long readBefore = sql.bytesRead();
        long start = System.nanoTime();
        long cpuStart = sql.cpuNanos();
        long planningStart = sql.planningNanos();
        List<String> rowsOut = null;
        for (String s : statements) {
          List<String> r = sql.run(s);
          String head = s.trim().toLowerCase(Locale.ROOT);
          if (head.startsWith("select") || head.startsWith("with")) rowsOut = r;
        }
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        long cpu = cpuStart < 0 ? -1 : (sql.cpuNanos() - cpuStart) / 1_000_000;
        // One line per run, so the log shows the order the formats took turns in.
        log.printf(Locale.ROOT, "%-5s %-12s %-11s %8d ms %8d ms CPU%s%n", query, format.id(),
            timed ? "timed run " + (millis.size() + 1) : "warm-up", elapsed, cpu,
            planningStart >= 0 ? String.format(Locale.ROOT, ", %d ms planning", (sql.planningNanos() - planningStart) / 1_000_000) : "");
        if (timed) {
          millis.add(elapsed);
          if (cpu >= 0) cpuMillis.add(cpu);
          bytes += sql.bytesRead() - readBefore;
        }
        answer = new Answer(rowsOut == null ? List.of() : rowsOut);
      } catch (Exception e) {
        error = QueryFailure.describe(e, sql);
      }
    }

    QueryResult result() {
      long bytesPerRun = error == null && sql.bytesRead() >= 0 ? bytes / options.runs() : -1;
      return new QueryResult(query, format, millis, cpuMillis, bytesPerRun, answer, error);
    }
  }

  /** Query results by format, in option order, for one query. */
  Map<Format, QueryResult> byFormat(String query) {
    Map<Format, QueryResult> m = new LinkedHashMap<>();
    for (QueryResult r : results) if (r.query().equals(query)) m.put(r.format(), r);
    return m;
  }

  public BenchOptions options() { return options; }
}
