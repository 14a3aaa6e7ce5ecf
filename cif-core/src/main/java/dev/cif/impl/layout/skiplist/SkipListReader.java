package dev.cif.impl.layout.skiplist;

import dev.cif.VectorTarget;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;
import org.apache.avro.Schema;

/**
 * Reads the values of one decoded block in order, and skips them through the inline skip entries:
 * at a position aligned to a level, the entry says how many bytes to hop to pass the next
 * level-many values, so skipping N values costs a few hops and touches none of their bytes.
 */
public final class SkipListReader {
  private final ValueCodec codec;
  /** The codec if it keeps per-block state, else null. */
  private final BlockScopedReader scoped;
  private final boolean prefixed;
  private final int[] levels;
  public final ByteSource in = new ByteSource();
  private int rows;
  private int pos;
  /** The skip entries at pos were already read past. */
  private boolean entriesDone;
  /**
   * No position before this one has skip entries (a lower bound of the next position aligned to a
   * level, which stays one as pos grows): reading a value checks pos against it instead of taking
   * pos modulo every level, three divisions per value with the default levels.
   */
  private int nextAligned;

  /** @param type the column's type: a complex type's values are length-prefixed */
  public SkipListReader(Schema type, int[] levels, ValueCodec codec) {
    this.codec = codec;
    this.scoped = codec instanceof BlockScopedReader ? (BlockScopedReader) codec : null;
    this.prefixed = dev.cif.schema.CifSchemas.isComplex(type);
    this.levels = levels;
  }

  public void load(byte[] buf, int off, int len, int rows) {
    in.reset(buf, off, len);
    this.rows = rows;
    pos = 0;
    nextAligned = 0;
    entriesDone = false;
    if (scoped != null) scoped.readPreamble(in, rows);
  }

  int remaining() { return rows - pos; }

  public Object read() {
    passEntries();
    if (scoped != null) scoped.atRow(pos);
    Object v;
    if (prefixed) {
      int len = in.readLength();
      int end = in.position() + len;
      v = codec.read(in);
      if (in.position() != end) throw in.corrupt("value length " + len + " disagrees with its content");
    } else {
      v = codec.read(in);
    }
    advanced();
    return v;
  }

  /** What decodes one value in a way of its own (see {@link #readWith}). */
  public interface ValueReader {
    /** Decodes the value at in, whose bytes end at end (-1: not length-prefixed), leaving in at its end. */
    void read(ByteSource in, int end);
  }

  /**
   * Like {@link #read}, but the value is decoded by r (which may, for a length-prefixed value, jump to
   * its end without parsing all of it: the prefix says where it ends).
   */
  public void readWith(ValueReader r) {
    passEntries();
    if (scoped != null) scoped.atRow(pos);
    if (prefixed) {
      int len = in.readLength();
      int end = in.position() + len;
      if (end > in.limit() || end < 0) throw in.corrupt("value length " + len + " past the block's end");
      r.read(in, end);
      if (in.position() != end) throw in.corrupt("value length " + len + " disagrees with its content");
    } else {
      r.read(in, -1);
    }
    advanced();
  }

  private void advanced() {
    pos++;
    entriesDone = false;
    if (pos == rows && in.hasRemaining()) throw in.corrupt(in.remaining() + " bytes left after the block's last value");
  }

  /**
   * Decodes the next n values into rows [row, row + n) of t (codecs with a vector kind only: those
   * are never length-prefixed). Skip entries lie only where a level divides the position, so the
   * values between two such positions are decoded in one call of the codec, and every layout reads alike.
   */
  public void readInto(VectorTarget t, int row, int n) {
    if (n > rows - pos) throw in.corrupt("read of " + n + " values with " + (rows - pos) + " left in the block");
    int end = row + n;
    while (row < end) {
      passEntries();
      int k = Math.min(end - row, valuesBeforeEntries());
      codec.readInto(in, t, row, k);
      pos += k;
      row += k;
      entriesDone = false;
    }
    if (pos == rows && in.hasRemaining()) throw in.corrupt(in.remaining() + " bytes left after the block's last value");
  }

  /** Values from pos (whose entries are passed) to the next position that has skip entries. */
  private int valuesBeforeEntries() {
    int k = Integer.MAX_VALUE;
    for (int l : levels) k = Math.min(k, l - pos % l);
    return k;
  }

  private void passEntries() {
    if (entriesDone) return;
    if (pos >= nextAligned) {
      for (int l : levels) if (pos % l == 0) in.skipVarint();
      nextAligned = alignedAfter(pos);
    }
    entriesDone = true;
  }

  /** The first position after p aligned to some level (none: never). */
  private int alignedAfter(int p) {
    long next = Integer.MAX_VALUE;
    for (int l : levels) next = Math.min(next, ((long) p / l + 1) * l);
    return (int) next;
  }

  public void skip(int n) {
    if (n > rows - pos) throw in.corrupt("skip of " + n + " values with " + (rows - pos) + " left in the block");
    while (n > 0) {
      if (!entriesDone && pos < nextAligned) {
        entriesDone = true; // no entries here
      }
      if (!entriesDone) {
        boolean hopped = false;
        for (int l : levels) {
          if (pos % l != 0) continue;
          long len = in.readUVarLong();
          int span = Math.min(l, rows - pos);
          if (n >= span) {
            in.skipBytes(len);
            pos += span;
            n -= span;
            hopped = true;
            break;
          }
        }
        if (hopped) continue;
        nextAligned = alignedAfter(pos);
        entriesDone = true;
      }
      if (prefixed) in.skipBytes(in.readLength());
      else codec.skip(in);
      pos++;
      n--;
      entriesDone = false;
    }
  }
}
