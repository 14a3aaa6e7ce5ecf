package dev.cif.impl.pushdown;

import dev.cif.pushdown.ColumnStatistics;
import dev.cif.impl.column.BlockStats;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.split.SplitDirectory;
import java.io.IOException;
import java.util.List;

/** The block boundaries and per-block statistics of one column in one split-directory (its file's footer, read from the file the reader keeps open for its values). */
final class ColumnBlocks {
  /** Each block's first row, then the row count: blocks + 1 entries. */
  final long[] firstRows;
  private final List<BlockStats> stats;

  private ColumnBlocks(long[] firstRows, List<BlockStats> stats) {
    this.firstRows = firstRows;
    this.stats = stats;
  }

  /**
   * The column's blocks, or null when the split-directory lacks it: a column added after it was written
   * reads its default there, and an engine's partition column is not stored at all; neither can be judged.
   */
  static ColumnBlocks read(SplitDirectory sd, String column, long maxValueBytes) throws IOException {
    // Opened ahead and left open: the reader that reads the column's values takes this same file.
    ColumnFileReader r = sd.ahead(column, maxValueBytes);
    if (r == null) return null;
    long[] first = new long[r.blockCount() + 1];
    for (int b = 0; b < r.blockCount(); b++) first[b] = r.blockFirstRow(b);
    first[r.blockCount()] = r.rowCount();
    return new ColumnBlocks(first, r.blockStats());
  }

  /** The statistics of the block holding row. */
  ColumnStatistics at(long row) {
    int lo = 0;
    int hi = stats.size() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (firstRows[mid] <= row) lo = mid;
      else hi = mid - 1;
    }
    BlockStats b = stats.get(lo);
    return new ColumnStatistics(firstRows[lo + 1] - firstRows[lo], b.nulls, b.min, b.max);
  }
}
