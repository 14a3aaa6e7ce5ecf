package dev.cif.impl.pushdown;

import dev.cif.pushdown.Predicate;
import dev.cif.pushdown.Outcomes;
import dev.cif.impl.split.SplitDirectory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Judges a {@link Predicate} against the per-block statistics in the footers of a split-directory's
 * column files, and yields the rows worth reading. The block boundaries of the predicate's columns cut
 * the split-directory into runs of rows that lie in one block of each; a run on which the predicate
 * cannot be true is left out. While reading, the cursor passes over the runs left out without decoding them
 * (the {@code dev.cif.impl.record.RowRangeFilter} contract of {@link #rowsToRead}); a split-directory with no
 * run left has only its predicate columns' files opened. Only footers are read, of files the split-directory
 * keeps open for the reader ({@link SplitDirectory#ahead}): judging costs no open. (Planning rules whole
 * split-directories out from their recorded statistics, {@code dev.cif.impl.split.DirectoryStatistics}, opening nothing.)
 */
public final class BlockStatisticsFilter {
  private final Predicate predicate;
  private final long maxValueBytes;
  private final Set<String> columns = new LinkedHashSet<>();

  /** @param maxValueBytes the largest value a column file may hold (cif.max.value.bytes), to open footers with */
  /**
   * The evaluator of options' predicate, or null when there is nothing to judge: no predicate, or one of no
   * column that may be true (Hive's filters it could not translate, {@link Predicate#unknown()}). Such a
   * predicate keeps every row, and judging it would still cost an open: the schema file's, for the row count.
   */
  public static BlockStatisticsFilter of(dev.cif.ReadOptions options) {
    Predicate p = options.predicate();
    if (p == null) return null;
    BlockStatisticsFilter filter = new BlockStatisticsFilter(p, options.maxValueBytes());
    return filter.columns.isEmpty() && p.evaluate(column -> null).mayBeTrue() ? null : filter;
  }

  public BlockStatisticsFilter(Predicate predicate, long maxValueBytes) {
    this.predicate = predicate;
    this.maxValueBytes = maxValueBytes;
    predicate.addColumns(columns);
  }

  public Predicate predicate() { return predicate; }

  /** False only when no row of the split-directory can satisfy the predicate. */
  public boolean mayMatch(SplitDirectory sd) throws IOException { return rowsToRead(sd).length > 0; }

  /** The runs of rows that may satisfy the predicate, as ascending, joined {@code [start, end)} pairs. */
  public long[] rowsToRead(SplitDirectory sd) throws IOException {
    Map<String, ColumnBlocks> blocks = new HashMap<>();
    for (String c : columns) {
      ColumnBlocks b = ColumnBlocks.read(sd, c, maxValueBytes);
      if (b != null) blocks.put(c, b);
    }
    long rows = sd.rows(); // known from the files just opened, if any
    TreeSet<Long> cuts = new TreeSet<>(List.of(0L, rows));
    for (ColumnBlocks b : blocks.values()) {
      for (long first : b.firstRows) if (first < rows) cuts.add(first);
    }
    List<Long> ranges = new ArrayList<>();
    Long start = null;
    for (long end : cuts) {
      if (start != null && end > start) {
        long runStart = start;
        Outcomes o = predicate.evaluate(column -> {
          ColumnBlocks b = blocks.get(column);
          return b == null ? null : b.at(runStart);
        });
        if (o.mayBeTrue()) {
          int n = ranges.size();
          if (n > 0 && ranges.get(n - 1) == runStart) ranges.set(n - 1, end); // joins the previous run
          else {
            ranges.add(start);
            ranges.add(end);
          }
        }
      }
      start = end;
    }
    return ranges.stream().mapToLong(Long::longValue).toArray();
  }
}
