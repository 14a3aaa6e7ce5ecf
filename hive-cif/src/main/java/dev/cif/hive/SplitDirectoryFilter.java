package dev.cif.hive;

import dev.cif.column.BlockStats;
import dev.cif.column.ColumnFileReader;
import dev.cif.conf.CifConf;
import dev.cif.record.RowRangeFilter;
import dev.cif.schema.CifSchemas;
import dev.cif.split.SplitDirectory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.io.sarg.ConvertAstToSearchArg;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument.TruthValue;

/**
 * Hive's pushed-down filter (a SearchArgument) against the per-block statistics cif-core keeps in each
 * column file's footer. The filter columns' block boundaries cut a split-directory into runs of rows
 * that lie in one block of every filter column; a run whose blocks' min/max/null counts show that no
 * row can match is left out. At planning a split-directory with no run left is not read at all; while
 * reading, cif-core's {@link RowRangeFilter} passes over the runs left out without decoding them.
 * Hive keeps its own Filter operator, so this may only skip, never decide: anything it cannot judge
 * (types without statistics, unsupported operators, partition columns) counts as "maybe".
 */
final class SplitDirectoryFilter implements RowRangeFilter {
  private final SearchArgument sarg;
  private final long maxValueBytes;

  private SplitDirectoryFilter(SearchArgument sarg, long maxValueBytes) {
    this.sarg = sarg;
    this.maxValueBytes = maxValueBytes;
  }

  /** The job's pushed filter, or null when Hive pushed none. */
  static SplitDirectoryFilter fromConf(Configuration conf) {
    SearchArgument sarg = ConvertAstToSearchArg.createFromConf(conf);
    return sarg == null ? null : new SplitDirectoryFilter(sarg, CifConf.MAX_VALUE_BYTES.getLong(conf));
  }

  /** False only when no row of the split-directory can satisfy the filter. */
  boolean mayMatch(FileSystem fs, Path dir) throws IOException {
    return rowsToRead(SplitDirectory.open(fs, dir)).length > 0;
  }

  /** The runs of rows that may satisfy the filter, as [start, end) pairs. */
  @Override
  public long[] rowsToRead(SplitDirectory sd) throws IOException {
    long rows = sd.rows();
    Map<String, ColumnBlocks> columns = new LinkedHashMap<>();
    TreeSet<Long> cuts = new TreeSet<>(List.of(0L, rows));
    for (PredicateLeaf leaf : sarg.getLeaves()) {
      if (!columns.containsKey(leaf.getColumnName())) {
        ColumnBlocks c = ColumnBlocks.read(sd, leaf.getColumnName(), maxValueBytes);
        columns.put(leaf.getColumnName(), c);
        if (c != null) for (long first : c.firstRows) if (first < rows) cuts.add(first);
      }
    }
    List<PredicateLeaf> leaves = sarg.getLeaves();
    TruthValue[] truth = new TruthValue[leaves.size()];
    List<Long> ranges = new ArrayList<>();
    Long start = null;
    for (long end : cuts) {
      if (start != null && end > start) {
        for (int i = 0; i < truth.length; i++) {
          ColumnBlocks c = columns.get(leaves.get(i).getColumnName());
          truth[i] = (c == null ? ColumnStats.unknown(end - start) : c.statsAt(start)).evaluate(leaves.get(i));
        }
        if (sarg.evaluate(truth).isNeeded()) {
          int n = ranges.size();
          if (n > 0 && ranges.get(n - 1) == start) ranges.set(n - 1, end); // joins the previous run
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

  /** The block boundaries and statistics of one filter column in one split-directory. */
  private static final class ColumnBlocks {
    final long[] firstRows; // blocks + 1 entries, the last one the row count
    final List<BlockStats> stats;

    private ColumnBlocks(long[] firstRows, List<BlockStats> stats) {
      this.firstRows = firstRows;
      this.stats = stats;
    }

    /**
     * Null for a column nothing can be judged on: a partition column (Hive pushes those too), one added
     * after this split-directory was written (the two cannot be told apart here), or char(n), stored
     * without its padding while Hive may compare with a padded literal.
     */
    static ColumnBlocks read(SplitDirectory sd, String column, long maxValueBytes) throws IOException {
      if (!sd.hasColumn(column)) return null;
      String logical = CifSchemas.logicalName(CifSchemas.nonNull(sd.schema().getField(column).schema()));
      if ("char".equals(logical)) return null;
      try (ColumnFileReader r = sd.openColumn(column, maxValueBytes)) {
        long[] first = new long[r.blockCount() + 1];
        for (int b = 0; b < r.blockCount(); b++) first[b] = r.blockFirstRow(b);
        first[r.blockCount()] = r.rowCount();
        return new ColumnBlocks(first, r.blockStats());
      }
    }

    /** The statistics of the block holding row. */
    ColumnStats statsAt(long row) {
      int lo = 0, hi = stats.size() - 1;
      while (lo < hi) {
        int mid = (lo + hi + 1) >>> 1;
        if (firstRows[mid] <= row) lo = mid;
        else hi = mid - 1;
      }
      return ColumnStats.ofBlock(stats.get(lo), firstRows[lo + 1] - firstRows[lo]);
    }
  }
}
