package dev.cif.bench.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The results of a run as a table in the shape of the paper's Table 1: per job and format, the data read,
 * the time, and the speedup relative to a baseline format of the same job (baseline time / time). Renders
 * as aligned text, Markdown or CSV from one list of rows.
 */
public final class ResultTable {

  private static final String[] HEADER = {
    "experiment", "job", "format", "records", "size MB", "read MB", "syscall read MB", "wall ms", "cpu ms", "records/s",
    "read MB/s", "speedup", "wall vs best peer", "cpu vs best peer",
  };

  /** The peers CIF is compared with: the best of these, per job, is the denominator of the peer ratios. */
  public static final List<String> PEER_PREFIXES = List.of("orc", "parquet");

  private final List<BenchResult> results;
  private final String baseline;

  public ResultTable(List<BenchResult> results, String baseline) {
    this.results = List.copyOf(results);
    this.baseline = baseline;
  }

  /** baseline wall time / this wall time for the same experiment and job; empty without a baseline. */
  public Optional<Double> speedup(BenchResult result) {
    return results.stream()
        .filter(r -> r.format().equals(baseline) && r.experiment().equals(result.experiment())
            && r.job().equals(result.job()))
        .findFirst()
        .filter(b -> result.median().wallNanos() > 0)
        .map(b -> (double) b.median().wallNanos() / result.median().wallNanos());
  }

  /**
   * This result's time over the best (smallest) time of any ORC or Parquet variant on the same job: 0.5
   * means twice as fast as the best peer. Empty when no peer ran.
   */
  public Optional<Double> ratioToBestPeer(BenchResult result, ToLongFunction<Measurement> time) {
    return results.stream()
        .filter(r -> isPeer(r.format()) && r.experiment().equals(result.experiment())
            && r.job().equals(result.job()))
        .mapToLong(r -> time.applyAsLong(r.median()))
        .filter(t -> t > 0)
        .min()
        .stream().boxed().findFirst()
        .map(best -> (double) time.applyAsLong(result.median()) / best);
  }

  public static boolean isPeer(String format) {
    return PEER_PREFIXES.stream().anyMatch(format::startsWith);
  }

  private List<String[]> rows() {
    List<String[]> rows = new ArrayList<>();
    for (BenchResult r : results) {
      rows.add(new String[] {
        r.experiment(), r.job(), r.format(), r.records() + (r.filtered() ? " (row filter)" : ""),
        mb(r.sizeOnDisk()),
        mb(r.median().bytesRead()), r.median().syscallBytesRead() < 0 ? "-" : mb(r.median().syscallBytesRead()),
        fmt("%.1f", r.wallMillis()), fmt("%.1f", r.cpuMillis()),
        fmt("%.0f", r.recordsPerSecond()), fmt("%.1f", r.megabytesReadPerSecond()),
        speedup(r).map(s -> fmt("%.2fx", s)).orElse("-"),
        ratioToBestPeer(r, Measurement::wallNanos).map(s -> fmt("%.2f", s)).orElse("-"),
        ratioToBestPeer(r, Measurement::cpuNanos).map(s -> fmt("%.2f", s)).orElse("-"),
      });
    }
    return rows;
  }

  public void printText(PrintStream out) {
    List<String[]> rows = rows();
    int[] widths = new int[HEADER.length];
    for (int c = 0; c < HEADER.length; c++) {
      widths[c] = HEADER[c].length();
      for (String[] row : rows) {
        widths[c] = Math.max(widths[c], row[c].length());
      }
    }
    out.println(textLine(HEADER, widths));
    for (String[] row : rows) {
      out.println(textLine(row, widths));
    }
    out.printf("speedup = wall time of %s / wall time, per job; vs best peer = time / best time of any"
        + " ORC or Parquet variant on the job (< 1: faster than the best peer)%n", baseline);
  }

  private static String textLine(String[] cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.length; c++) {
      // Names left-aligned, numbers right-aligned, as a reader scans them.
      String format = c < 3 ? "%-" + widths[c] + "s" : "%" + widths[c] + "s";
      line.append(c == 0 ? "" : "  ").append(String.format(format, cells[c]));
    }
    return line.toString();
  }

  public String markdown() {
    MarkdownTable table = new MarkdownTable(List.of(HEADER), 3);
    for (String[] row : rows()) {
      table.row(row);
    }
    StringBuilder md = new StringBuilder(table.toString());
    md.append("\nspeedup = wall time of ").append(baseline).append(" / wall time, per job; vs best peer =")
        .append(" time / the best time of any ORC or Parquet variant on the same job (< 1: faster).\n");
    return md.toString();
  }

  /** Raw numbers (nanoseconds, bytes) for further analysis, plus the answer each format gave. */
  public void writeCsv(Writer out) throws IOException {
    out.write("experiment,dataset,job,format,records,size_bytes,bytes_read,syscall_bytes_read,wall_ns,cpu_ns,speedup,"
        + "wall_vs_best_peer,cpu_vs_best_peer,answer\n");
    for (BenchResult r : results) {
      out.write(String.join(",", csv(r.experiment()), csv(r.dataset()), csv(r.job()), csv(r.format()),
          Long.toString(r.records()), Long.toString(r.sizeOnDisk()), Long.toString(r.median().bytesRead()),
          Long.toString(r.median().syscallBytesRead()), Long.toString(r.median().wallNanos()), Long.toString(r.median().cpuNanos()),
          speedup(r).map(s -> fmt("%.4f", s)).orElse(""),
          ratioToBestPeer(r, Measurement::wallNanos).map(s -> fmt("%.4f", s)).orElse(""),
          ratioToBestPeer(r, Measurement::cpuNanos).map(s -> fmt("%.4f", s)).orElse(""), csv(r.answer())));
      out.write('\n');
    }
  }

  private static String csv(String field) {
    boolean quote = field.contains(",") || field.contains("\"") || field.contains("\n");
    return quote ? '"' + field.replace("\"", "\"\"") + '"' : field;
  }

  private static String mb(long bytes) {
    return fmt("%.2f", bytes / (double) (1 << 20));
  }

  private static String fmt(String format, Object value) {
    return String.format(Locale.ROOT, format, value);
  }
}
