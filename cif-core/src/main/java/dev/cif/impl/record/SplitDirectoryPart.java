package dev.cif.impl.record;

import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.split.SplitDirectory;
import java.io.IOException;
import java.util.List;

/**
 * Part {@code index} of {@code count} of a split-directory: the rows one task of a split-directory
 * cut into several input splits reads. The parts cut the blocks of one driver column, the projected
 * column with the largest file (the one that dominates the bytes read; the largest file by name
 * order on a tie, so that every task of a job picks the same), into count runs of consecutive blocks,
 * part k taking blocks {@code [ceil(k*B/count), ceil((k+1)*B/count))} and so rows from the first of
 * them to the first of the next part's. The driver then reads each of its blocks in one part only;
 * another column whose block straddles a cut reads that block in both parts but decodes only its
 * part's rows. The parts of any count cover every row once; a part without blocks (count above B)
 * has no rows. Without a projected column stored in the split-directory (a count) the rows are cut
 * evenly: nothing is read either way.
 */
final class SplitDirectoryPart {
  private SplitDirectoryPart() {}

  /** Checks that index is a part of count. */
  static void check(int index, int count) {
    if (count < 1 || index < 0 || index >= count) throw new IllegalArgumentException("no part " + index + " of " + count);
  }

  /**
   * The projected column whose blocks cut the split-directory: the largest file among those it stores,
   * as its listing gives them (nothing is read to choose); null when it stores none of them.
   */
  static String driver(SplitDirectory dir, List<String> projected) throws IOException {
    String best = null;
    long bestLen = -1;
    for (String c : projected) {
      // From the listing where a file's name tells its column: the schema file is opened only where it
      // must be (no second open per part, docs/scale-opens.md). Every task has the same listing, so the same driver.
      org.apache.hadoop.fs.FileStatus file = dir.locate(c);
      if (file == null) continue;
      long len = file.getLen();
      if (len > bestLen || len == bestLen && c.compareTo(best) < 0) {
        best = c;
        bestLen = len;
      }
    }
    return best;
  }

  /** The rows {@code [start, end)} of part index of count, cut at the driver's block boundaries. */
  static long[] rows(int index, int count, ColumnFileReader driver) {
    int blocks = driver.blockCount();
    return new long[] {firstRow(driver, cut(index, count, blocks)), firstRow(driver, cut(index + 1, count, blocks))};
  }

  /** The rows {@code [start, end)} of part index of count of rows cut evenly (no column to cut by). */
  static long[] rows(int index, int count, long rows) {
    return new long[] {cut(index, count, rows), cut(index + 1, count, rows)};
  }

  /** ceil(k * units / count): where part k starts. */
  private static long cut(int k, int count, long units) {
    return Math.floorDiv(Math.multiplyExact((long) k, units) + count - 1, count);
  }

  private static long firstRow(ColumnFileReader driver, long block) {
    return block >= driver.blockCount() ? driver.rowCount() : driver.blockFirstRow((int) block);
  }

  /** The pairs of ranges (ascending {@code [start, end)} pairs, null for all rows) that lie in [start, end). */
  static long[] intersect(long[] ranges, long start, long end) {
    if (ranges == null) return start < end ? new long[] {start, end} : new long[0];
    long[] out = new long[ranges.length];
    int n = 0;
    for (int i = 0; i < ranges.length; i += 2) {
      long s = Math.max(ranges[i], start);
      long e = Math.min(ranges[i + 1], end);
      if (s < e) {
        out[n++] = s;
        out[n++] = e;
      }
    }
    return java.util.Arrays.copyOf(out, n);
  }
}
