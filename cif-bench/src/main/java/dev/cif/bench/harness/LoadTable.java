package dev.cif.bench.harness;

import java.util.List;
import java.util.Locale;

/** Paper Table 2 as Markdown: load time and size on disk per format. */
public final class LoadTable {

  private final List<LoadResult> results;

  public LoadTable(List<LoadResult> results) {
    this.results = List.copyOf(results);
  }

  public String markdown() {
    long generate = results.stream().filter(r -> r.format().equals(LoadTimer.GENERATOR))
        .mapToLong(LoadResult::wallNanos).findFirst().orElse(0);
    MarkdownTable md = new MarkdownTable(
        List.of("dataset", "format", "rows", "wall s", "CPU s", "wall s minus generation", "size MB"), 2);
    for (LoadResult r : results) {
      boolean generator = r.format().equals(LoadTimer.GENERATOR);
      md.row(r.dataset(), r.format(), Long.toString(r.rows()), String.format(Locale.ROOT, "%.1f", r.wallNanos() / 1e9),
          String.format(Locale.ROOT, "%.1f", r.cpuNanos() / 1e9),
          generator ? "-" : String.format(Locale.ROOT, "%.1f", (r.wallNanos() - generate) / 1e9),
          generator ? "-" : String.format(Locale.ROOT, "%.1f", r.sizeOnDisk() / (double) (1 << 20)));
    }
    return md.toString();
  }
}
