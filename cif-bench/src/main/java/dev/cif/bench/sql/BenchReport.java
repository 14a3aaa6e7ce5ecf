package dev.cif.bench.sql;

import dev.cif.bench.harness.BarChart;
import dev.cif.bench.harness.LoadResult;
import dev.cif.bench.harness.MarkdownTable;
import dev.cif.bench.harness.RunConditions;
import dev.cif.data.Workload;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The results as Markdown (load time and size per format; median wall and CPU time and bytes read per
 * query per format; geometric means of times and their ratios to ORC's over the queries every format
 * answered), a CSV and three PNG bar charts beside the Markdown file.
 */
public final class BenchReport {
  private final BenchRun run;
  private final List<Format> formats;
  private final Format baseline;

  public BenchReport(BenchRun run) {
    this.run = run;
    this.formats = run.options().formats();
    this.baseline = formats.contains(Format.ORC) ? Format.ORC : formats.get(0);
  }

  /** Queries every format answered (and agreed on). */
  List<String> comparableQueries() {
    List<String> q = new ArrayList<>();
    for (String query : run.options().queries()) {
      Map<Format, QueryResult> m = run.byFormat(query);
      if (m.size() == formats.size() && m.values().stream().allMatch(QueryResult::ok)) q.add(query);
    }
    return q;
  }

  /** Geometric mean of median wall times over the comparable queries. */
  public double geomeanMillis(Format f) { return geomean(f, QueryResult::medianMillis); }

  /** Geometric mean of median CPU times over the comparable queries; NaN when CPU was not measured. */
  public double geomeanCpuMillis(Format f) { return geomean(f, QueryResult::medianCpuMillis); }

  private double geomean(Format f, java.util.function.ToLongFunction<QueryResult> metric) {
    List<String> qs = comparableQueries();
    if (qs.isEmpty()) return Double.NaN;
    double logs = 0;
    for (String q : qs) {
      long v = metric.applyAsLong(run.byFormat(q).get(f));
      if (v < 0) return Double.NaN;
      logs += Math.log(Math.max(1, v));
    }
    return Math.exp(logs / qs.size());
  }

  /** Bytes read, summed over the comparable queries. */
  public long bytesRead(Format f) {
    long sum = 0;
    for (String q : comparableQueries()) sum += run.byFormat(q).get(f).bytesRead();
    return sum;
  }

  /**
   * The Hive that ran and the ORC and Parquet it bundles (SQL runs keep the peers their Hive ships), read
   * from the jars on this classpath, so a table cannot name a version that did not run.
   */
  static String versions() {
    String[][] libraries = {
        {"Hive", "org.apache.hive/hive-exec"}, {"Tez", "org.apache.tez/tez-api"},
        {"ORC", "org.apache.orc/orc-core"}, {"Parquet", "org.apache.parquet/parquet-hadoop"},
        {"Hadoop", "org.apache.hadoop/hadoop-common"}};
    StringBuilder line = new StringBuilder();
    for (String[] library : libraries) {
      String version = RunConditions.version(library[1]);
      if (version != null) line.append(library[0]).append(' ').append(version).append(", ");
    }
    return line.append("JDK ").append(Runtime.version().feature()).toString();
  }

  public String markdown(String chartPrefix) {
    BenchOptions o = run.options();
    StringBuilder md = new StringBuilder();
    md.append(String.format(Locale.ROOT, "#### %s, SF %s: %d timed run(s) after %d warm-up(s), medians%n%n",
        o.workload() == Workload.SSB ? "SSB" : "TPC-H", o.sfId().replace('_', '.'), o.runs(), o.warmups()));
    if (o.workload() == Workload.TPCH) md.append("Money and quantity columns: ").append(o.money()).append("\n\n");
    md.append("Engine: ").append(o.jdbcUrl() != null ? "the server's (" + o.jdbcUrl() + ")"
        : o.conf() != null ? "Tez on the cluster of " + o.conf() + " (data in its HDFS; CPU and bytes read are the tasks', from Tez's counters)"
        : o.engine() == Engine.SPARK ? "Spark " + SparkChildSession.MASTER + " in a JVM of its own (-Xmx" + SparkChildSession.HEAP
            + ", CIF's session extensions on); CPU is the tasks' executor CPU time and bytes read the Spark JVM's reads of the tables' files on every thread"
        : o.engine().id() + " local, in one JVM").append("\n\n");
    md.append("Versions: ").append(run.versions()).append("; load average at the end ").append(RunConditions.loadAverage())
        .append(" (2 cores)\n\n");
    md.append("Rows: ").append(run.rows()).append("\n\n");
    md.append(o.engine() == Engine.SPARK ? "Statistics: none (Spark cannot ANALYZE a DataSource V2 table, so no format gets them);"
        + " Spark plans from the scans' sizes.\n\n" : o.stats() ? "Statistics: every table's, and every column's, computed after its load (ANALYZE TABLE ... COMPUTE STATISTICS"
        + " [FOR COLUMNS], as hive-testbench does); load s is the CTAS alone.\n\n"
        : "Statistics: only what CTAS gathers (--stats off: no column statistics).\n\n");
    MarkdownTable summary = new MarkdownTable(List.of("format", "load s", "size MB", "geomean ms", "ratio to " + baseline.id(),
        "geomean CPU ms", "CPU ratio to " + baseline.id(), "read MB (all queries)", "read ratio"), 1);
    for (Format f : formats) {
      summary.row(f.id(), fmt("%.1f", run.loadMillis(f) / 1e3), fmt("%.1f", run.bytesOnDisk(f) / 1e6), fmt("%.0f", geomeanMillis(f)),
          fmt("%.2f", geomeanMillis(f) / geomeanMillis(baseline)), fmt("%.0f", geomeanCpuMillis(f)),
          fmt("%.2f", geomeanCpuMillis(f) / geomeanCpuMillis(baseline)), fmt("%.1f", bytesRead(f) / 1e6),
          fmt("%.2f", (double) bytesRead(f) / bytesRead(baseline)));
    }
    md.append(summary);
    md.append(String.format("%nGeomean over the %d of %d queries every format answered alike.%n%n",
        comparableQueries().size(), o.queries().size()));
    md.append(loadTable());
    md.append(table("ms", r -> Long.toString(r.medianMillis())));
    md.append('\n').append(table("CPU ms", r -> Long.toString(r.medianCpuMillis())));
    md.append('\n').append(table("read MB", r -> String.format(Locale.ROOT, "%.1f", r.bytesRead() / 1e6)));
    if (chartPrefix != null) {
      md.append(String.format("%n![time](%s-time.png)%n%n![CPU](%s-cpu.png)%n%n![read](%s-read.png)%n%n![load](%s-load.png)%n",
          chartPrefix, chartPrefix, chartPrefix, chartPrefix));
    }
    return md.toString();
  }

  private static String fmt(String format, Object value) { return String.format(Locale.ROOT, format, value); }

  /** CTAS wall and CPU seconds per table and format, their ratios to the baseline's, and how the runner ordered the loads. */
  String loadTable() {
    long warmUp = run.options().warmUpRows();
    StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "Loads (CTAS from the text tables; wall seconds, then the"
        + " process's CPU seconds during each): %sthe formats take turns table by table, the order reversed on every other"
        + " table.%n%n", warmUp > 0 ? String.format(Locale.ROOT, "after an untimed warm-up CTAS per format of up"
        + " to %,d rows of the largest table, ", warmUp) : "no warm-up (--load-warm-up 0); "));
    List<Format> others = formats.stream().filter(f -> f != baseline).toList();
    List<String> header = new ArrayList<>(List.of("table"));
    for (String unit : List.of("s", "CPU s")) {
      for (Format f : formats) header.add(f.id() + " " + unit);
      for (Format f : others) header.add(f.id() + " / " + baseline.id());
    }
    MarkdownTable loads = new MarkdownTable(header, 1);
    java.util.Set<String> tables = new java.util.LinkedHashSet<>(run.rows().keySet());
    for (LoadResult l : run.loads()) tables.add(l.dataset());
    for (String t : tables) {
      List<String> cells = new ArrayList<>(List.of(t));
      cells.addAll(loadCells(others, f -> run.load(f, t).map(BenchRun::millis).orElse(-1L)));
      cells.addAll(loadCells(others, f -> run.load(f, t).map(BenchRun::cpuMillis).orElse(-1L)));
      loads.row(cells);
    }
    List<String> all = new ArrayList<>(List.of("all"));
    all.addAll(loadCells(others, run::loadMillis));
    all.addAll(loadCells(others, run::loadCpuMillis));
    return md.append(loads.row(all)).append('\n').toString();
  }

  private List<String> loadCells(List<Format> others, java.util.function.ToLongFunction<Format> millis) {
    List<String> cells = new ArrayList<>();
    for (Format f : formats) cells.add(fmt("%.1f", millis.applyAsLong(f) / 1e3));
    for (Format f : others) cells.add(fmt("%.2f", (double) millis.applyAsLong(f) / millis.applyAsLong(baseline)));
    return cells;
  }

  private String table(String unit, java.util.function.Function<QueryResult, String> cell) {
    List<String> header = new ArrayList<>(List.of("query (" + unit + ")"));
    for (Format f : formats) header.add(f.id());
    MarkdownTable table = new MarkdownTable(header, 1);
    for (String q : run.options().queries()) {
      List<String> cells = new ArrayList<>(List.of(q));
      Map<Format, QueryResult> m = run.byFormat(q);
      for (Format f : formats) {
        QueryResult r = m.get(f);
        cells.add(r == null ? "" : r.ok() ? cell.apply(r) : "**" + r.error().replace('|', '/') + "**");
      }
      table.row(cells);
    }
    return table.toString();
  }

  public String csv() {
    StringBuilder csv = new StringBuilder("workload,sf,query,format,median_ms,runs_ms,median_cpu_ms,runs_cpu_ms,bytes_read,rows,error\n");
    for (QueryResult r : run.results()) {
      csv.append(String.join(",", run.options().workload().id(), run.options().sfId().replace('_', '.'), r.query(),
          r.format().id(), Long.toString(r.medianMillis()),
          joined(r.millis()), Long.toString(r.medianCpuMillis()), joined(r.cpuMillis()), Long.toString(r.bytesRead()),
          r.answer() == null ? "" : Integer.toString(r.answer().rows()), r.ok() ? "" : '"' + r.error().replace('"', '\'') + '"'))
          .append('\n');
    }
    return csv.toString();
  }

  private static String joined(List<Long> values) {
    return values.stream().map(String::valueOf).reduce((a, b) -> a + ";" + b).orElse("");
  }

  /** Writes FILE.md, FILE.csv and the charts FILE-time.png, -cpu.png, -read.png and -load.png (FILE without its .md). */
  public void write(File md) throws IOException {
    String base = md.getPath().replaceAll("\\.md$", "");
    String name = new File(base).getName();
    if (md.getAbsoluteFile().getParentFile() != null) md.getAbsoluteFile().getParentFile().mkdirs();
    Files.writeString(md.toPath(), markdown(name));
    Files.writeString(new File(base + ".csv").toPath(), csv());
    chart("median wall time per query", "ms", r -> r.medianMillis()).write(new File(base + "-time.png"));
    chart(run.options().engine() == Engine.SPARK ? "median task CPU time per query" : "median CPU time per query (whole process)", "ms", r -> r.medianCpuMillis()).write(new File(base + "-cpu.png"));
    chart("bytes read per query", "MB", r -> r.bytesRead() / 1e6).write(new File(base + "-read.png"));
    loadChart().write(new File(base + "-load.png"));
  }

  /** CTAS wall time per table and format, as the loads table has it. */
  BarChart loadChart() {
    List<String> tables = new ArrayList<>(new java.util.LinkedHashSet<>(run.rows().keySet()));
    double[][] values = new double[tables.size()][formats.size()];
    for (int t = 0; t < tables.size(); t++) {
      for (int f = 0; f < formats.size(); f++) {
        long ms = run.load(formats.get(f), tables.get(t)).map(BenchRun::millis).orElse(-1L);
        values[t][f] = ms < 0 ? Double.NaN : ms / 1e3;
      }
    }
    String w = run.options().workload() == Workload.SSB ? "SSB" : "TPC-H";
    return new BarChart(w + " SF " + run.options().sfId().replace('_', '.') + ": load (CTAS) per table", "s", tables,
        formats.stream().map(Format::id).toList(), values);
  }

  BarChart chart(String title, String unit, java.util.function.ToDoubleFunction<QueryResult> metric) {
    List<String> queries = run.options().queries();
    double[][] values = new double[queries.size()][formats.size()];
    for (int q = 0; q < queries.size(); q++) {
      Map<Format, QueryResult> m = run.byFormat(queries.get(q));
      for (int f = 0; f < formats.size(); f++) {
        QueryResult r = m.get(formats.get(f));
        values[q][f] = r == null || !r.ok() ? Double.NaN : metric.applyAsDouble(r);
      }
    }
    String w = run.options().workload() == Workload.SSB ? "SSB" : "TPC-H";
    return new BarChart(w + " SF " + run.options().sfId().replace('_', '.') + ": " + title, unit, queries,
        formats.stream().map(Format::id).toList(), values);
  }
}
