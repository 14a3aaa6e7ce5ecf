package dev.cif.impl.split;

import dev.cif.impl.column.BlockStats;
import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.plain.ValueCodecs;
import dev.cif.pushdown.ColumnStatistics;
import dev.cif.pushdown.Connective;
import dev.cif.pushdown.IsNull;
import dev.cif.pushdown.Not;
import dev.cif.pushdown.Predicate;
import dev.cif.pushdown.Unknown;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A split-directory's statistics summed over its blocks (row count; per column null count, minimum and
 * maximum), kept in the extended attribute {@value #XATTR} of the split-directory itself (docs/FORMAT.md
 * §4.4), so that planning can rule a split-directory out with one getXAttrs call instead of opening
 * column footers. The attribute is an accelerator only: a file system without extended attributes, or a
 * split-directory without one (older writers, a column added later), is judged in the task from the
 * footers it reads anyway. {@link #record} is the one write entry point (the writer's commit, the merge).
 */
public final class DirectoryStatistics {
  public static final String XATTR = "user.cif.stats";
  static final int VERSION = 1;
  /**
   * The NameNode refuses an attribute whose name and value exceed dfs.namenode.fs-limits.max-xattr-size
   * (16,384 bytes by default); columns whose bounds do not fit in this budget are kept without bounds.
   */
  static final int MAX_BYTES = 16_384 - XATTR.length() - 64;
  /** A string bound longer than this is not kept (a cut string is no bound); the column keeps its null count. */
  static final int MAX_STRING_BYTES = 64;
  private static final Schema.Type[] TYPES = {null, Schema.Type.INT, Schema.Type.LONG, Schema.Type.FLOAT,
      Schema.Type.DOUBLE, Schema.Type.STRING};

  private final long rows;
  private final Map<String, ColumnStatistics> columns;

  private DirectoryStatistics(long rows, Map<String, ColumnStatistics> columns) {
    this.rows = rows;
    this.columns = columns;
  }

  public long rows() { return rows; }

  /** The column's statistics over the whole split-directory, or null when none are kept for it. */
  public ColumnStatistics column(String name) { return columns.get(name); }

  /** False only when no row of the split-directory can satisfy the predicate. */
  public boolean mayMatch(Predicate predicate) { return predicate.evaluate(columns::get).mayBeTrue(); }

  /** Gathers a split-directory's statistics, one column at a time, from its blocks' statistics. */
  public static final class Builder {
    private final ByteSink out = new ByteSink(256);
    private final long rows;
    private int count;
    private final ByteSink body = new ByteSink(256);

    public Builder(long rows) { this.rows = rows; }

    /**
     * Adds a column from its blocks (a column file's footer, as written or read): bounds are kept when
     * every block that holds a non-null value has them, and fit.
     */
    @SuppressWarnings("unchecked")
    public Builder add(String column, Schema type, List<BlockStats> blocks, List<Integer> blockRows) {
      Schema stats = BlockStats.statsType(type);
      long nulls = 0;
      Comparable<Object> min = null;
      Comparable<Object> max = null;
      boolean bounded = stats != null;
      for (int i = 0; i < blocks.size(); i++) {
        BlockStats b = blocks.get(i);
        nulls += b.nulls;
        if (b.nulls == blockRows.get(i)) continue; // no value: nothing to bound
        if (b.min == null) {
          bounded = false;
          continue;
        }
        if (min == null || b.min.compareTo(min) < 0) min = b.min;
        if (max == null || b.max.compareTo(max) > 0) max = b.max;
      }
      BlockStats summary = new BlockStats();
      summary.nulls = nulls;
      if (bounded && min != null && fits(min) && fits(max)) {
        summary.min = min;
        summary.max = max;
      }
      int mark = body.size();
      body.writeString(column);
      body.writeByte(summary.min == null ? 0 : typeCode(stats.getType()));
      summary.write(body, summary.min == null ? null : ValueCodecs.forSchema(stats));
      if (header() + body.size() > MAX_BYTES && summary.min != null) {
        // Over the budget: this column keeps its null count only.
        body.truncate(mark);
        summary.min = summary.max = null;
        body.writeString(column);
        body.writeByte(0);
        summary.write(body, null);
      }
      if (header() + body.size() > MAX_BYTES) body.truncate(mark); // not even that fits: the column is left out
      else count++;
      return this;
    }

    private int header() { return 1 + ByteSink.uvarLongSize(rows) + ByteSink.uvarLongSize(count + 1); }

    private static boolean fits(Object bound) {
      return !(bound instanceof org.apache.avro.util.Utf8) || ((org.apache.avro.util.Utf8) bound).getByteLength() <= MAX_STRING_BYTES;
    }

    byte[] encode() {
      out.reset();
      out.writeByte(VERSION);
      out.writeUVarLong(rows);
      out.writeUVarInt(count);
      out.writeBytes(body.array(), 0, body.size());
      return out.toByteArray();
    }
  }

  private static int typeCode(Schema.Type t) {
    for (int i = 1; i < TYPES.length; i++) if (TYPES[i] == t) return i;
    throw new IllegalArgumentException("no statistics for " + t);
  }

  /**
   * Records a split-directory's statistics on it: what a writer calls before it makes the split-directory
   * visible (renames keep the attribute). Best effort: where the file system keeps no extended attributes,
   * or the NameNode refuses them, nothing is recorded and readers judge the split-directory from its footers.
   */
  public static void record(FileSystem fs, Path dir, Builder stats) {
    try {
      if (!fs.hasPathCapability(dir, CommonPathCapabilities.FS_XATTRS)) return;
      fs.setXAttr(dir, XATTR, stats.encode());
    } catch (IOException | UnsupportedOperationException e) {
      // Statistics are an accelerator: without them planning keeps the split-directory and the task judges it.
    }
  }

  /**
   * Whether a split-directory's statistics could ever rule the predicate out, i.e. show that no row makes
   * it true; when not, planning asks for none (each read is one getXAttrs call per split-directory).
   * {@code IS NOT NULL} alone counts as unable: it rules out only a split-directory whose column is null in
   * every row, and it is what Hive pushes for every join key (with the semijoin filters it cannot translate,
   * {@link Predicate#unknown()}), so asking would cost a call per split-directory of every joined fact table
   * for almost no split-directory saved; the task still skips such blocks by the footers it reads anyway.
   */
  public static boolean canRuleOut(Predicate predicate) { return canExclude(predicate, true); }

  /** Whether statistics can show that the predicate is never {@code outcome} (true or false) on any row. */
  private static boolean canExclude(Predicate p, boolean outcome) {
    if (p instanceof Unknown) return false;
    if (p instanceof Not) return canExclude(((Not) p).child(), !outcome);
    if (p instanceof IsNull) return outcome; // never null (no nulls): common; never non-null (all null): see above
    if (p instanceof Connective) {
      Connective c = (Connective) p;
      // AND is never true if one child never is, and never false only if no child ever is; OR the reverse.
      boolean any = (c.kind() == Connective.Kind.AND) == outcome;
      for (Predicate child : c.children()) {
        if (canExclude(child, outcome) == any) return any;
      }
      return !any;
    }
    return true; // a comparison, IN or BETWEEN: the bounds can place every value on one side
  }

  /** Whether reading statistics at dir can be answered at all (no call: HDFS answers locally). */
  public static boolean supported(FileSystem fs, Path dir) {
    try {
      return fs.hasPathCapability(dir, CommonPathCapabilities.FS_XATTRS);
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The statistics recorded on dir (one getXAttrs call on HDFS), or null when there are none or they
   * cannot be read; never wrong: an attribute that does not parse counts as absent.
   */
  public static DirectoryStatistics read(FileSystem fs, Path dir) {
    byte[] value;
    try {
      Map<String, byte[]> all = fs.getXAttrs(dir);
      value = all == null ? null : all.get(XATTR);
    } catch (IOException | UnsupportedOperationException e) {
      return null;
    }
    return value == null ? null : decode(value);
  }

  /** The statistics in an attribute's value, or null when it is not one this reader knows. */
  static DirectoryStatistics decode(byte[] value) {
    try {
      ByteSource in = new ByteSource(value, 0, value.length).describe(XATTR, null, 0);
      if (in.readByte() != VERSION) return null;
      long rows = in.readUVarLong();
      int n = in.readCount(3);
      Map<String, ColumnStatistics> columns = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        String name = in.readString();
        int code = in.readByte();
        if (code >= TYPES.length) return null;
        ValueCodec codec = code == 0 ? null : ValueCodecs.forSchema(Schema.create(TYPES[code]));
        BlockStats s = BlockStats.read(in, codec);
        if (s.nulls > rows) return null;
        columns.put(name, new ColumnStatistics(rows, s.nulls, s.min, s.max));
      }
      return in.hasRemaining() ? null : new DirectoryStatistics(rows, columns);
    } catch (RuntimeException e) { // CifCorruptionError among them
      return null;
    }
  }
}
