package dev.cif.impl.layout.packed;

import dev.cif.VectorTarget;
import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.skiplist.BlockScopedReader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.avro.Schema;

/**
 * Reads a PACKED column ({@link PackedType}, docs/FORMAT.md §6.5): indexes where each run of the
 * block starts, then finds the i-th value by arithmetic, expanding a run of repeats the first time
 * one of its values is read; a batch decodes a run at a time.
 */
public final class PackedReader extends ValueCodec implements BlockScopedReader {
  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final PackedType type;
  /** Expands repeats runs. */
  private final PackedRepeats packing = new PackedRepeats();
  // Where each run of the current block starts, and which value comes next.
  private byte[] block;
  private long[] mins = new long[0];
  private int[] widths = new int[0];
  private int[] nullAt = new int[0];
  private int[] dataAt = new int[0];
  private int rows;
  private int next;

  public PackedReader(Schema column) { this.type = PackedType.of(column); }

  @Override public void readPreamble(ByteSource in) {
    throw new UnsupportedOperationException("PACKED needs the block's row count");
  }

  @Override public void readPreamble(ByteSource in, int rows) {
    int runs = (rows + PackedType.RUN - 1) / PackedType.RUN;
    // Every run takes at least its minimum and width bytes: a row count the bytes cannot hold is
    // refused before the run tables are allocated for it.
    if ((long) runs * 2 > in.remaining()) throw in.corrupt(rows + " rows need " + runs + " runs, more than the block's " + in.remaining() + " bytes hold");
    if (mins.length < runs) {
      mins = new long[runs];
      widths = new int[runs];
      nullAt = new int[runs];
      dataAt = new int[runs];
    }
    packing.beginBlock(runs);
    for (int r = 0; r < runs; r++) {
      int n = Math.min(PackedType.RUN, rows - r * PackedType.RUN);
      mins[r] = in.readVarLong();
      int w = in.readByte();
      widths[r] = w & ~PackedType.NULLS;
      // 65 marks a run of repeats (version 5); a reader of version 4 refuses it here: "bit width 65 over 64".
      if (widths[r] > PackedType.REPEATS) throw in.corrupt("bit width " + widths[r] + " over 64 (65 marks a run of repeats)");
      nullAt[r] = -1;
      if ((w & PackedType.NULLS) != 0) {
        if (!type.nullable) throw in.corrupt("null bitmap in a column that is not nullable");
        nullAt[r] = in.position();
        in.skipBytes((n + 7) / 8);
      }
      dataAt[r] = in.position();
      if (widths[r] == PackedType.REPEATS) packing.readBody(in, r, n);
      else in.skipBytes(8 * PackedRepeats.words(n, widths[r]));
    }
    block = in.array();
    this.rows = rows;
    next = 0;
  }

  /** True if value i is null; the caller has checked i against the block's rows. */
  boolean isNull(int i) {
    int at = nullAt[i / PackedType.RUN];
    return at >= 0 && (block[at + (i % PackedType.RUN) / 8] & (1 << (i % 8))) != 0;
  }

  /** Value i (not null) of the block, checked against the type's range. */
  long value(int i, ByteSource in) {
    int r = i / PackedType.RUN;
    int width = widths[r];
    long v = mins[r];
    if (width == PackedType.REPEATS) {
      v = packing.expand(r, runLength(r), mins[r], block, in)[i % PackedType.RUN];
    } else if (width > 0) {
      long bit = (long) (i % PackedType.RUN) * width;
      int at = dataAt[r] + (int) (bit >>> 6) * 8;
      int shift = (int) (bit & 63);
      long d = (long) LONG_LE.get(block, at) >>> shift;
      if (shift + width > 64) d |= (long) LONG_LE.get(block, at + 8) << (64 - shift);
      if (width < 64) d &= (1L << width) - 1;
      v += d;
    }
    if (v < type.lo || v > type.hi) throw in.corrupt("value " + v + " of row " + i + " in the block is " + type.outside());
    return v;
  }

  private int runLength(int r) { return Math.min(PackedType.RUN, rows - r * PackedType.RUN); }

  /** The index of the next value in the block, which it moves past. */
  int take(ByteSource in) {
    if (next >= rows) throw in.corrupt("read past the block's " + rows + " packed values");
    return next++;
  }

  @Override public Object read(ByteSource in) {
    int i = take(in);
    if (isNull(i)) return null;
    long v = value(i, in);
    switch (type.kind) {
      case BOOLEAN: return v == 1;
      case INT: return (int) v;
      case DECIMAL: return java.nio.ByteBuffer.wrap(DecimalLongs.bytes(v));
      default: return v;
    }
  }

  @Override public void skip(ByteSource in) { take(in); }

  @Override public int minBytes() { return 0; }

  /** LONG for every kind: a decimal's batch holds its unscaled values at the column's scale. */
  @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.LONG; }

  /** A run at a time: the bit width, minimum and null bitmap are looked up once per run, not per value. */
  @Override public void readInto(ByteSource in, VectorTarget t, int row, int n) {
    if (n > rows - next) throw in.corrupt("read of " + n + " values past the block's " + rows + " packed values");
    int end = next + n;
    while (next < end) {
      int r = next / PackedType.RUN;
      int base = r * PackedType.RUN;
      int runEnd = Math.min(base + PackedType.RUN, end);
      int width = widths[r];
      long min = mins[r];
      int data = dataAt[r];
      int nulls = nullAt[r];
      if (width == PackedType.REPEATS) {
        row = copyRepeats(in, t, row, r, runEnd);
        continue;
      }
      if (nulls < 0 && width <= BYTE_ALIGNED_WIDTH && inRange(min, width) && dataAt[r] + runBytes(r) + 8 <= block.length) {
        row = unpackByBytes(t, row, data, base, runEnd, width, min);
        continue;
      }
      long mask = width == 64 ? -1L : (1L << width) - 1;
      for (int i = next; i < runEnd; i++, row++) {
        int k = i - base;
        if (nulls >= 0 && (block[nulls + k / 8] & (1 << (k % 8))) != 0) {
          t.setNull(row);
          continue;
        }
        long d = 0;
        if (width > 0) {
          long bit = (long) k * width;
          int at = data + (int) (bit >>> 6) * 8;
          int shift = (int) (bit & 63);
          d = (long) LONG_LE.get(block, at) >>> shift;
          if (shift + width > 64) d |= (long) LONG_LE.get(block, at + 8) << (64 - shift);
        }
        long v = min + (d & mask);
        if (v < type.lo || v > type.hi) {
          next = i;
          value(i, in); // throws, naming the value
        }
        t.isNull[row] = false;
        t.longs[row] = v;
      }
      next = runEnd;
    }
  }

  /**
   * Widths up to this one take one 8-byte read per value from the value's first byte: its bits start at
   * most 7 bits into those 8 bytes, so they end by bit 63 and need no second word. The word-aligned loop
   * below reads a second word whenever a value straddles two, a branch that follows the bit offsets and
   * that the processor mispredicts for widths that do not divide 64 (lineorder's keys and prices: 15 to 24
   * bits); this loop has no branch but its exit.
   */
  private static final int BYTE_ALIGNED_WIDTH = 56;

  /** The bytes of run r's words (frame of reference form). */
  private int runBytes(int r) { return 8 * (int) PackedRepeats.words(runLength(r), widths[r]); }

  /** Whether every value a run of this minimum and width can hold lies in the type's range, so its values need no check. */
  private boolean inRange(long min, int width) {
    if (type.lo == Long.MIN_VALUE && type.hi == Long.MAX_VALUE) return true;
    long room = type.hi - min; // negative if it overflows: then the values are checked one by one
    return min >= type.lo && room >= 0 && ((1L << width) - 1) <= room;
  }

  /**
   * Values next .. end - 1 of a run without nulls whose values are all in range, width at most
   * {@link #BYTE_ALIGNED_WIDTH}, into t from row; returns the row after them. A value's 8-byte read may
   * reach up to 7 bytes past the run's words, so the caller has checked the block holds 8 more bytes;
   * the bits past the value are masked off.
   */
  private int unpackByBytes(VectorTarget t, int row, int data, int base, int end, int width, long min) {
    long[] longs = t.longs;
    int first = row;
    if (width == 0) {
      Arrays.fill(longs, row, row + end - next, min);
      row += end - next;
    } else {
      long mask = (1L << width) - 1;
      long bit = (long) (next - base) * width;
      for (int i = next; i < end; i++, row++, bit += width) {
        long d = (long) LONG_LE.get(block, data + (int) (bit >>> 3)) >>> (bit & 7);
        longs[row] = min + (d & mask);
      }
    }
    Arrays.fill(t.isNull, first, row, false);
    next = end;
    return row;
  }

  /**
   * Values next .. end - 1, all of repeats run r, into t from row; returns the row after them. The
   * run is expanded once and copied whole, then nulls marked and (for types narrower than long)
   * values checked, each in a loop of its own.
   */
  private int copyRepeats(ByteSource in, VectorTarget t, int row, int r, int end) {
    int k = next - r * PackedType.RUN;
    int n = end - next;
    System.arraycopy(packing.expand(r, runLength(r), mins[r], block, in), k, t.longs, row, n);
    Arrays.fill(t.isNull, row, row + n, false);
    int nullBits = nullAt[r];
    if (nullBits >= 0) {
      for (int j = 0; j < n; j++) if ((block[nullBits + (k + j) / 8] & (1 << ((k + j) % 8))) != 0) t.setNull(row + j);
    }
    if (type.lo != Long.MIN_VALUE || type.hi != Long.MAX_VALUE) {
      for (int j = 0; j < n; j++) {
        long v = t.longs[row + j];
        if ((v < type.lo || v > type.hi) && !t.isNull[row + j]) {
          next += j;
          value(next, in); // throws, naming the value
        }
      }
    }
    next = end;
    return row + n;
  }

  @Override public void readInto(ByteSource in, VectorTarget t, int row) {
    int i = take(in);
    if (isNull(i)) {
      t.setNull(row);
      return;
    }
    t.isNull[row] = false;
    t.longs[row] = value(i, in);
  }

  @Override public void write(Object value, ByteSink out) { throw new UnsupportedOperationException("a PACKED reader does not write; see PackedWriter"); }
}
