package dev.cif.impl.record;

import dev.cif.impl.split.SplitDirectory;
import java.io.IOException;

/**
 * Which rows of a split-directory a {@link RowCursor} visits; typically a pushed-down filter judged
 * against the per-block statistics of the column files' footers. Rows left out are passed over without
 * being decoded (a column's reader only moves its position, so a block no visited row lies in is never
 * read). A filter may only leave out rows that cannot match: the consumer still applies its own filter.
 */
@FunctionalInterface
public interface RowRangeFilter {
  /**
   * The rows of {@code dir} to visit, as ascending, non-overlapping {@code [start, end)} pairs
   * ({@code start0, end0, start1, end1, ...}); null to visit every row, empty to visit none.
   */
  long[] rowsToRead(SplitDirectory dir) throws IOException;
}
