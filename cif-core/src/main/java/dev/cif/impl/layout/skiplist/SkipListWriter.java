package dev.cif.impl.layout.skiplist;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.layout.plain.ValueCodec;
import java.util.Arrays;
import org.apache.avro.Schema;

/**
 * Buffers the values of one block and lays them out with inline skip entries (paper §5.2,
 * docs/FORMAT.md §6.2). HDFS is append-only and an entry precedes the values it covers, so
 * the block is double-buffered: values are encoded here, entries are computed when the block closes.
 * The buffer is bounded by the block size plus one value.
 */
public final class SkipListWriter {
  private final ValueCodec codec;
  /** The codec if it keeps per-block state (a dictionary), else null. */
  private final BlockScopedWriter scoped;
  /** Whether a value's growth of the block is held against the value limit (not for values in the preamble). */
  private final boolean valueSized;
  private final boolean prefixed;
  private final int[] levels;
  private final long maxValueBytes;
  private final String column;
  /** Starts small (grows by doubling): one builder per column, and tables may have thousands. */
  private final ByteSink values = new ByteSink(1 << 10);
  private final ByteSink scratch = new ByteSink(1024);
  private int[] ends = new int[1024];
  private int count;
  /**
   * {@link #valueBytes()} as of the last change: a codec's preamble size (PACKED's runs, a dictionary) is
   * computed once per value, not once for each of the three callers that ask it per value.
   */
  private int bytes;

  /**
   * @param column the column's name, for errors
   * @param type the column's type: a complex type's values are length-prefixed
   * @param levels values per skip entry, descending (none: PLAIN and PACKED)
   */
  public SkipListWriter(String column, Schema type, int[] levels, ValueCodec codec, long maxValueBytes) {
    this.codec = codec;
    this.scoped = codec instanceof BlockScopedWriter ? (BlockScopedWriter) codec : null;
    this.valueSized = scoped == null || !scoped.valuesInPreamble();
    this.prefixed = dev.cif.schema.CifSchemas.isComplex(type);
    this.levels = levels;
    this.maxValueBytes = maxValueBytes;
    this.column = column;
    if (scoped != null) scoped.beginBlock();
    bytes = computeValueBytes();
  }

  public int count() { return count; }

  /** Whether the value just added was already in this block (BlockScopedWriter.lastWriteRepeated). */
  public boolean lastValueRepeated() { return scoped != null && scoped.lastWriteRepeated(); }

  /** Bytes the block will hold: its values plus any per-block preamble (a DCSL dictionary). */
  public int valueBytes() { return bytes; }

  private int computeValueBytes() {
    return scoped != null ? values.size() + scoped.preambleBytes() : values.size();
  }

  /** Appends one value; a value that cannot be encoded leaves the block as it was. */
  public void add(Object v) {
    int before = values.size();
    try {
      encode(v, bytes);
    } catch (RuntimeException e) {
      undo(before);
      throw e;
    }
    endValue();
  }

  /** Takes back a value that failed half-way: its bytes and any dictionary entry it added. */
  private void undo(int valuesBefore) {
    values.truncate(valuesBefore);
    if (scoped != null) scoped.undoLastWrite();
  }

  /** Records where the value just written ends. */
  private void endValue() {
    if (count == ends.length) ends = Arrays.copyOf(ends, count * 2);
    ends[count++] = values.size();
  }

  /**
   * Checks the value's size as the block grows by it: a dictionary entry it adds to the preamble counts.
   * Updates {@link #bytes} once the value is in.
   */
  private void encode(Object v, int beforeBytes) {
    if (prefixed) {
      scratch.reset();
      codec.write(v, scratch);
      // The values buffer has not grown yet: what the size gained is the preamble's growth.
      int preambleGrowth = computeValueBytes() - beforeBytes;
      checkSize(scratch.size() + preambleGrowth);
      values.writeLengthPrefixed(scratch.array(), 0, scratch.size());
      bytes = computeValueBytes();
    } else {
      codec.write(v, values);
      placed(beforeBytes);
    }
  }

  // The typed appends of dev.cif.ColumnAppender. A value of a complex column is length-prefixed after it
  // is encoded: those take add(Object), as every value of a nested type does.

  /** The kinds of typed values (dev.cif.ColumnAppender's appends). */
  public enum Kind { NULL, BOOLEAN, INT, LONG, FLOAT, DOUBLE, BYTES }

  /**
   * One typed value; the kind says which argument holds it: the long l a boolean (0 or 1), an int or a
   * long, the double d a float or a double, b[off, off + len) bytes. A value refused leaves the block as it was.
   */
  public void addTyped(Kind kind, long l, double d, byte[] b, int off, int len) {
    if (prefixed) {
      add(boxed(kind, l, d, b, off, len));
      return;
    }
    int before = values.size();
    try {
      switch (kind) {
        case NULL: codec.writeNull(values); break;
        case BOOLEAN: codec.writeBoolean(l != 0, values); break;
        case INT: codec.writeInt((int) l, values); break;
        case LONG: codec.writeLong(l, values); break;
        case FLOAT: codec.writeFloat((float) d, values); break;
        case DOUBLE: codec.writeDouble(d, values); break;
        default: codec.writeBytes(b, off, len, values); break;
      }
      placed(bytes);
    } catch (RuntimeException e) {
      undo(before);
      throw e;
    }
    endValue();
  }

  /**
   * A run of values of one primitive kind, one by one, until the block holds {@code fullBytes} bytes or
   * {@code fullCount} values; returns how many it took. The values are l[from, to) for BOOLEAN, INT and
   * LONG, d[from, to) for FLOAT and DOUBLE (the arguments of {@link #addTyped}). A value refused leaves the
   * block as it was after the values before it.
   */
  public int addRun(Kind kind, long[] l, double[] d, int from, int to, long fullBytes, int fullCount) {
    boolean real = kind == Kind.FLOAT || kind == Kind.DOUBLE;
    int i = from;
    while (i < to) {
      if (real) addTyped(kind, 0, d[i++], null, 0, 0);
      else addTyped(kind, l[i++], 0, null, 0, 0);
      if (bytes >= fullBytes || count >= fullCount) break;
    }
    return i - from;
  }

  private static Object boxed(Kind kind, long l, double d, byte[] b, int off, int len) {
    switch (kind) {
      case NULL: return null;
      case BOOLEAN: return l != 0;
      case INT: return (int) l;
      case LONG: return l;
      case FLOAT: return (float) d;
      case DOUBLE: return d;
      default: return java.nio.ByteBuffer.wrap(b, off, len);
    }
  }

  /** A value of a column that is not complex went straight into the values: checks what the block grew by. */
  private void placed(int beforeBytes) {
    int after = computeValueBytes();
    if (valueSized) checkSize(after - beforeBytes);
    bytes = after;
  }

  private void checkSize(long n) {
    if (n > maxValueBytes) {
      throw new IllegalArgumentException("a value of column " + column + " encodes to " + n
          + " bytes, over cif.max.value.bytes=" + maxValueBytes);
    }
  }

  /** Writes the block payload (preamble, then values with their skip entries) and resets. */
  public void build(ByteSink out) {
    if (scoped != null) scoped.writePreamble(out);
    if (levels.length == 0) {
      // No entries between the values (PLAIN, PACKED, DICT): one copy, not one per value.
      out.writeBytes(values.array(), 0, values.size());
    } else {
      long[][] spans = spanBytes();
      int start = 0;
      for (int j = 0; j < count; j++) {
        for (int i = 0; i < levels.length; i++) {
          if (j % levels[i] == 0) out.writeUVarLong(spans[i][j / levels[i]]);
        }
        out.writeBytes(values.array(), start, ends[j] - start);
        start = ends[j];
      }
    }
    values.reset();
    count = 0;
    if (scoped != null) scoped.beginBlock();
    bytes = computeValueBytes();
  }

  /**
   * spans[i][k]: bytes from the end of the level-i entry at position k*levels[i] to the next
   * position aligned to levels[i] (or the block end), including the deeper entries in between.
   * Computed from the deepest level up, so each is a sum of already known sizes.
   */
  private long[][] spanBytes() {
    long[][] spans = new long[levels.length][];
    for (int i = levels.length - 1; i >= 0; i--) {
      int step = levels[i];
      long[] s = new long[(count + step - 1) / step];
      for (int k = 0; k < s.length; k++) {
        int from = k * step;
        int to = Math.min(from + step, count);
        if (i == levels.length - 1) {
          s[k] = valueEnd(to) - valueEnd(from);
        } else {
          int sub = levels[i + 1];
          long total = 0;
          for (int c = from; c < to; c += sub) {
            long x = spans[i + 1][c / sub];
            total += ByteSink.uvarLongSize(x) + x;
          }
          s[k] = total;
        }
      }
      spans[i] = s;
    }
    return spans;
  }

  private int valueEnd(int j) { return j == 0 ? 0 : ends[j - 1]; }
}
