package dev.cif.pig;

import dev.cif.column.BlockStats;
import dev.cif.column.ColumnFileReader;
import dev.cif.split.SplitDirectory;
import java.io.IOException;

/**
 * The range of one column over a split-directory, from the per-block statistics in its file's footer
 * (only the footer is read). min/max are null when some block keeps none (e.g. long strings, NaN).
 */
final class ColumnRange {
  Object min;
  Object max;
  long nulls;
  long rows;

  boolean allNull() { return rows > 0 && nulls == rows; }

  /** The column's range, or null if the split-directory lacks the column. */
  static ColumnRange of(SplitDirectory dir, String column, long maxValueBytes) throws IOException {
    if (!dir.hasColumn(column)) return null;
    ColumnRange r = new ColumnRange();
    r.rows = dir.rows();
    boolean bounded = true;
    try (ColumnFileReader reader = dir.openColumn(column, maxValueBytes)) {
      java.util.List<BlockStats> stats = reader.blockStats();
      for (int b = 0; b < stats.size(); b++) {
        BlockStats s = stats.get(b);
        r.nulls += s.nulls;
        if (s.min == null) {
          // A block of only nulls has no bounds and narrows nothing; any other block without bounds is unknown.
          if (s.nulls < rowsOf(reader, b)) bounded = false;
          continue;
        }
        if (r.min == null || s.min.compareTo(r.min) < 0) r.min = s.min;
        if (r.max == null || s.max.compareTo(r.max) > 0) r.max = s.max;
      }
    }
    if (!bounded) r.min = r.max = null;
    return r;
  }

  private static long rowsOf(ColumnFileReader reader, int b) {
    long end = b + 1 < reader.blockCount() ? reader.blockFirstRow(b + 1) : reader.rowCount();
    return end - reader.blockFirstRow(b);
  }
}
