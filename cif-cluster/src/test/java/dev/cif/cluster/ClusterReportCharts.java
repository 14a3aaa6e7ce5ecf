package dev.cif.cluster;

import dev.cif.bench.harness.BarChart;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The charts of a {@link ClusterBenchmark} report, drawn from its per-query table: for each workload,
 * wall time, the tasks' CPU time, HDFS bytes read and the node-local share of the tasks' bytes, per query and
 * format ({@code BASE-ssb-time.png}, ...), the median of a query's runs where it ran several. Reading the report rather than the run's numbers lets a report
 * that was written by an earlier run be charted too: {@code main REPORT.md}.
 */
final class ClusterReportCharts {
  private ClusterReportCharts() {}

  public static void main(String[] args) throws IOException {
    for (String report : args) write(new File(report));
  }

  /** Writes the charts beside the report (REPORT without .md, then -WORKLOAD-METRIC.png). */
  static List<File> write(File report) throws IOException {
    String base = report.getPath().replaceAll("\\.md$", "");
    List<File> written = new ArrayList<>();
    for (Map.Entry<String, Map<String, Map<String, List<String[]>>>> w : rows(report).entrySet()) {
      List<String> queries = List.copyOf(w.getValue().keySet());
      List<String> formats = new ArrayList<>();
      w.getValue().values().forEach(m -> m.keySet().forEach(f -> { if (!formats.contains(f)) formats.add(f); }));
      String name = w.getKey().toLowerCase(java.util.Locale.ROOT).replace("-", "");
      String title = w.getKey() + " on the one-machine cluster: ";
      String[][] metrics = {{"time", "wall time per query", "s", "3"}, {"cpu", "tasks' CPU time per query", "s", "4"},
          {"read", "HDFS bytes read per query", "MB", "5"}, {"local", "tasks' bytes read node-locally", "%", "10"}};
      for (String[] m : metrics) {
        int column = Integer.parseInt(m[3]);
        double[][] values = new double[queries.size()][formats.size()];
        for (int q = 0; q < queries.size(); q++) {
          for (int f = 0; f < formats.size(); f++) {
            values[q][f] = value(w.getValue().get(queries.get(q)).get(formats.get(f)), column) / (m[2].equals("MB") ? 1e6 : 1);
          }
        }
        File png = new File(base + "-" + name + "-" + m[0] + ".png");
        new BarChart(title + m[1], m[2], queries, formats, values).write(png);
        written.add(png);
      }
    }
    return written;
  }

  /**
   * The per-query table's rows: workload -> query -> format -> the cells of each of its runs (a report of
   * -Dcif.bench.runs=N names them "q1.1 (run 2)").
   */
  static Map<String, Map<String, Map<String, List<String[]>>>> rows(File report) throws IOException {
    String workload = null;
    Map<String, Map<String, Map<String, List<String[]>>>> rows = new LinkedHashMap<>();
    for (String line : Files.readAllLines(report.toPath(), StandardCharsets.UTF_8)) {
      if (line.startsWith("### ")) workload = line.substring(4).trim();
      String[] cells = line.split("\\|");
      // | query | format | wall s | task CPU s | HDFS bytes read | HDFS opens | NameNode RPCs | data-local | tasks' bytes | node-local |
      if (workload == null || cells.length < 11) continue;
      Matcher q = QUERY.matcher(cells[1].trim());
      if (!q.matches()) continue;
      rows.computeIfAbsent(workload, w -> new LinkedHashMap<>()).computeIfAbsent(q.group(1), x -> new LinkedHashMap<>())
          .computeIfAbsent(cells[2].trim(), f -> new ArrayList<>()).add(cells);
    }
    return rows;
  }

  private static final Pattern QUERY = Pattern.compile("(q[0-9.]+)( \\(run [0-9]+\\))?");

  /** The median over runs of one column (NaN where the format has no row for the query). */
  static double value(List<String[]> runs, int column) {
    if (runs == null) return Double.NaN;
    return ClusterBenchmark.median(runs.stream().map(cells -> number(cells[column])).toList());
  }

  private static double number(String cell) {
    String s = cell.trim().replace(",", "").replace("%", "");
    try {
      return Double.parseDouble(s);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
