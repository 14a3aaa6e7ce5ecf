package dev.cif.layout.packed;

import dev.cif.io.ByteSink;
import dev.cif.io.ByteSource;
import dev.cif.layout.plain.ValueCodec;
import dev.cif.layout.plain.ValueCodecs;
import dev.cif.layout.plain.VectorTarget;
import dev.cif.layout.skiplist.BlockScopedReader;
import dev.cif.layout.skiplist.BlockScopedWriter;
import dev.cif.schema.CifSchemas;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.avro.Schema;

/**
 * The PACKED layout's encoding of a boolean, int or long column (and date, timestamp, time on them),
 * or a bytes decimal of precision up to 18 as its unscaled long (format version 4), optionally
 * nullable (docs/FORMAT.md §6.5): the block's values in runs of 1024, each run a frame of
 * reference (its minimum) and either every value's distance from it in the run's fixed bit width,
 * or (format version 5) groups of equal consecutive values, each stored once ({@link PackedRepeats}):
 * <pre>
 * Payload := Run{ceil(Rows / 1024)}
 * Run     := Min:zigzag64 Width:u8 [NullBits:u8{ceil(N / 8)}] Body
 * Body    := Word:u64le{ceil(N * W / 64)}                     W = Width &amp; 0x7F in 0..64
 *          | Groups:uvarint ValueWidth:u8 LengthWidth:u8 Word:u64le{...} Word:u64le{...}   W = 65
 * </pre>
 * (NullBits present iff Width has bit 7 set). The whole block is the preamble: each value takes no
 * bytes of its own, so the i-th value is found by arithmetic, skipping costs nothing and a batch
 * decodes without the per-byte branches of varints (docs/benchmarks.md, "Encodings"). Nulls are a
 * bitmap per run, present only in runs that hold one, instead of a union branch byte per value.
 */
public final class PackedIntegerCodec extends ValueCodec implements BlockScopedWriter, BlockScopedReader {
  public static final int RUN = 1024;
  private static final int NULLS = 0x80;
  private static final int REPEATS = PackedRepeats.WIDTH;
  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private enum Kind { BOOLEAN, INT, LONG, DECIMAL }

  private final Kind kind;
  private final boolean nullable;
  /** The type's own codec, for the Java types a value may arrive as (Integer, Short, Byte...); null for decimals. */
  private final ValueCodec plain;
  private final int precision;
  private final int scale;
  /** The values the type allows: a value read outside them is corrupt, never returned. */
  private final long lo;
  private final long hi;
  private final ByteSink check = new ByteSink(16);
  private final ByteSource checkIn = new ByteSource();
  // Writer: the block's values, and the bytes the runs closed so far take.
  private long[] values = new long[RUN];
  private boolean[] nulls = new boolean[RUN];
  private int count;
  /** Whether the last write recorded its value: one refused before that has nothing to undo. */
  private boolean recorded;
  private long closedBytes;
  /** The open run's {min, max, nulls}, kept as values arrive: the writer asks the block size after every value. */
  private long[] open = {0, 0, 0};
  /** Packs the runs' words and groups repeats runs (writer); expands repeats runs (reader). */
  private final PackedRepeats packing = new PackedRepeats();
  // Reader: where each run of the current block starts, and which value comes next.
  private byte[] block;
  private long[] mins = new long[0];
  private int[] widths = new int[0];
  private int[] nullAt = new int[0];
  private int[] dataAt = new int[0];
  private int rows;
  private int next;

  private PackedIntegerCodec(Schema type, boolean nullable) {
    Schema.Type t = type.getType();
    this.kind = t == Schema.Type.BOOLEAN ? Kind.BOOLEAN : t == Schema.Type.INT ? Kind.INT : t == Schema.Type.LONG ? Kind.LONG : Kind.DECIMAL;
    this.nullable = nullable;
    this.plain = kind == Kind.DECIMAL ? null : ValueCodecs.forSchema(type);
    this.precision = kind == Kind.DECIMAL ? DecimalLongs.precision(type) : 0;
    this.scale = kind == Kind.DECIMAL ? DecimalLongs.scale(type) : 0;
    switch (kind) {
      case BOOLEAN: lo = 0; hi = 1; break;
      case INT: lo = Integer.MIN_VALUE; hi = Integer.MAX_VALUE; break;
      case DECIMAL: hi = DecimalLongs.maxUnscaled(precision); lo = -hi; break;
      default: lo = Long.MIN_VALUE; hi = Long.MAX_VALUE;
    }
  }

  /** Whether a column can be packed: boolean, int, long or a decimal of precision up to 18, alone or in a [null, T] union. */
  public static boolean fits(Schema column) {
    Schema t = CifSchemas.nonNull(column);
    return t.getType() == Schema.Type.BOOLEAN || t.getType() == Schema.Type.INT || t.getType() == Schema.Type.LONG || DecimalLongs.fits(t);
  }

  /** Whether a column packs decimals (format version 4 on). */
  public static boolean isDecimal(Schema column) { return DecimalLongs.fits(CifSchemas.nonNull(column)); }

  public static PackedIntegerCodec forColumn(Schema column) {
    if (!fits(column)) throw new IllegalArgumentException("layout PACKED is for boolean, int, long and decimal (precision up to 18) columns, not " + column);
    return new PackedIntegerCodec(CifSchemas.nonNull(column), column.getType() == Schema.Type.UNION);
  }

  @Override public void beginBlock() {
    count = 0;
    closedBytes = 0;
    open = range(0, 0);
  }

  @Override public void write(Object v, ByteSink out) {
    recorded = false;
    long x = 0;
    if (v == null) {
      if (!nullable) throw new IllegalArgumentException("null in a column that is not nullable");
    } else if (kind == Kind.DECIMAL) {
      x = DecimalLongs.unscaled(v, precision, scale);
    } else {
      // The type's codec refuses what it would refuse in any layout; its varint is read back as the value.
      check.reset();
      plain.write(v, check);
      checkIn.reset(check.array(), 0, check.size());
      x = kind == Kind.BOOLEAN ? checkIn.readByte() : checkIn.readVarLong();
    }
    if (count == values.length) {
      values = Arrays.copyOf(values, count * 2);
      nulls = Arrays.copyOf(nulls, count * 2);
    }
    int before = count % RUN; // values of the open run before this one
    values[count] = x;
    nulls[count] = v == null;
    count++;
    recorded = true;
    if (v == null) {
      open[2]++;
    } else if (open[2] == before) {
      open[0] = open[1] = x; // the run's first value that is not null
    } else {
      open[0] = Math.min(open[0], x);
      open[1] = Math.max(open[1], x);
    }
    if (count % RUN == 0) {
      closedBytes += runBytes(RUN, open);
      open = range(0, 0);
    }
  }

  @Override public void undoLastWrite() {
    if (!recorded) return;
    recorded = false;
    if (count % RUN == 0) closedBytes -= runBytes(RUN, range(count - RUN, RUN));
    count--;
    open = range(count - count % RUN, count % RUN);
  }

  @Override public int preambleBytes() {
    int n = count % RUN;
    return (int) (closedBytes + (n == 0 ? 0 : runBytes(n, open)));
  }

  private static long runBytes(int n, long[] range) {
    int width = width(range);
    return ByteSink.uvarLongSize((range[0] << 1) ^ (range[0] >> 63)) + 1 + (range[2] != 0 ? (n + 7) / 8 : 0) + ((long) n * width + 63) / 64 * 8;
  }

  /** {min, max, nulls} of the values in [from, from + n); min = max = 0 when all are null. */
  private long[] range(int from, int n) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    long nullCount = 0;
    for (int i = from; i < from + n; i++) {
      if (nulls[i]) {
        nullCount++;
        continue;
      }
      min = Math.min(min, values[i]);
      max = Math.max(max, values[i]);
    }
    return min > max ? new long[] {0, 0, nullCount} : new long[] {min, max, nullCount};
  }

  /** Bits to hold max - min, unsigned: a long column may span more than 2^63. */
  private static int width(long[] range) { return 64 - Long.numberOfLeadingZeros(range[1] - range[0]); }

  /**
   * Each run in the smaller of its two forms (frame of reference on a tie). preambleBytes() counts
   * the frame-of-reference size, an upper bound, so that a block's size is known as values arrive
   * without grouping the open run after every value.
   */
  @Override public void writePreamble(ByteSink out) {
    long[] distances = new long[RUN];
    for (int from = 0; from < count; from += RUN) {
      int n = Math.min(RUN, count - from);
      long[] range = range(from, n);
      int width = width(range);
      // A constant run (width 0) has no words to save.
      boolean repeats = width > 0 && packing.group(values, nulls, from, n, range[0], width) < 8 * PackedRepeats.words(n, width);
      out.writeVarLong(range[0]);
      out.writeByte((repeats ? REPEATS : width) | (range[2] != 0 ? NULLS : 0));
      if (range[2] != 0) {
        for (int b = 0; b < n; b += 8) {
          int bits = 0;
          for (int k = 0; k < 8 && b + k < n; k++) if (nulls[from + b + k]) bits |= 1 << k;
          out.writeByte(bits);
        }
      }
      if (repeats) {
        packing.write(out, width);
        continue;
      }
      for (int i = 0; i < n; i++) distances[i] = nulls[from + i] ? 0 : values[from + i] - range[0];
      packing.writeWords(out, distances, n, width);
    }
  }

  @Override public void readPreamble(ByteSource in) {
    throw new UnsupportedOperationException("PACKED needs the block's row count");
  }

  @Override public void readPreamble(ByteSource in, int rows) {
    int runs = (rows + RUN - 1) / RUN;
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
      int n = Math.min(RUN, rows - r * RUN);
      mins[r] = in.readVarLong();
      int w = in.readByte();
      widths[r] = w & ~NULLS;
      // 65 marks a run of repeats (version 5); a reader of version 4 refuses it here: "bit width 65 over 64".
      if (widths[r] > REPEATS) throw in.corrupt("bit width " + widths[r] + " over 64 (65 marks a run of repeats)");
      nullAt[r] = -1;
      if ((w & NULLS) != 0) {
        if (!nullable) throw in.corrupt("null bitmap in a column that is not nullable");
        nullAt[r] = in.position();
        in.skipBytes((n + 7) / 8);
      }
      dataAt[r] = in.position();
      if (widths[r] == REPEATS) packing.readBody(in, r, n);
      else in.skipBytes(8 * PackedRepeats.words(n, widths[r]));
    }
    block = in.array();
    this.rows = rows;
    next = 0;
  }

  /** True if value i is null; the caller has checked i against the block's rows. */
  private boolean isNull(int i) {
    int at = nullAt[i / RUN];
    return at >= 0 && (block[at + (i % RUN) / 8] & (1 << (i % 8))) != 0;
  }

  private long value(int i, ByteSource in) {
    int r = i / RUN;
    int width = widths[r];
    long v = mins[r];
    if (width == REPEATS) {
      v = packing.expand(r, runLength(r), mins[r], block, in)[i % RUN];
    } else if (width > 0) {
      long bit = (long) (i % RUN) * width;
      int at = dataAt[r] + (int) (bit >>> 6) * 8;
      int shift = (int) (bit & 63);
      long d = (long) LONG_LE.get(block, at) >>> shift;
      if (shift + width > 64) d |= (long) LONG_LE.get(block, at + 8) << (64 - shift);
      if (width < 64) d &= (1L << width) - 1;
      v += d;
    }
    if (v < lo || v > hi) throw in.corrupt("value " + v + " of row " + i + " in the block is " + outside());
    return v;
  }

  private int runLength(int r) { return Math.min(RUN, rows - r * RUN); }

  private String outside() {
    switch (kind) {
      case INT: return "outside the int range";
      case BOOLEAN: return "not a boolean (0 or 1)";
      default: return "beyond decimal(" + precision + "," + scale + ")";
    }
  }

  private int take(ByteSource in) {
    if (next >= rows) throw in.corrupt("read past the block's " + rows + " packed values");
    return next++;
  }

  @Override public Object read(ByteSource in) {
    int i = take(in);
    if (isNull(i)) return null;
    long v = value(i, in);
    switch (kind) {
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
      int r = next / RUN;
      int base = r * RUN;
      int runEnd = Math.min(base + RUN, end);
      int width = widths[r];
      long min = mins[r];
      int data = dataAt[r];
      int nulls = nullAt[r];
      if (width == REPEATS) {
        row = copyRepeats(in, t, row, r, runEnd);
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
        if (v < lo || v > hi) {
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
   * Values next .. end - 1, all of repeats run r, into t from row; returns the row after them. The
   * run is expanded once and copied whole, then nulls marked and (for types narrower than long)
   * values checked, each in a loop of its own.
   */
  private int copyRepeats(ByteSource in, VectorTarget t, int row, int r, int end) {
    int k = next - r * RUN;
    int n = end - next;
    System.arraycopy(packing.expand(r, runLength(r), mins[r], block, in), k, t.longs, row, n);
    Arrays.fill(t.isNull, row, row + n, false);
    int nullBits = nullAt[r];
    if (nullBits >= 0) {
      for (int j = 0; j < n; j++) if ((block[nullBits + (k + j) / 8] & (1 << ((k + j) % 8))) != 0) t.setNull(row + j);
    }
    if (lo != Long.MIN_VALUE || hi != Long.MAX_VALUE) {
      for (int j = 0; j < n; j++) {
        long v = t.longs[row + j];
        if ((v < lo || v > hi) && !t.isNull[row + j]) {
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
}
