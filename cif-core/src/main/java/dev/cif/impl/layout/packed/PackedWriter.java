package dev.cif.impl.layout.packed;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.skiplist.BlockScopedWriter;
import java.util.Arrays;
import org.apache.avro.Schema;

/**
 * Writes a PACKED column ({@link PackedType}, docs/FORMAT.md §6.5): buffers the block's values and,
 * when the block closes, writes each run of {@value PackedType#RUN} in the smaller of its two forms.
 */
public final class PackedWriter extends ValueCodec implements BlockScopedWriter {
  private final PackedType type;
  private final ByteSink check = new ByteSink(16);
  private final ByteSource checkIn = new ByteSource();
  // The block's values, and the bytes the runs closed so far take.
  private long[] values = new long[PackedType.RUN];
  private boolean[] nulls = new boolean[PackedType.RUN];
  private int count;
  /** Whether the last write recorded its value: one refused before that has nothing to undo. */
  private boolean recorded;
  private long closedBytes;
  /** The open run's {min, max, nulls}, kept as values arrive: the writer asks the block size after every value. */
  private long[] open = {0, 0, 0};
  /**
   * The open run's bit width and the bytes of its minimum and width byte, recomputed only when its range
   * changes (a few times a run), so that the size asked after every value is a multiply and a shift.
   */
  private int openWidth;
  private int openFixedBytes = 2;
  /** Packs the runs' words and groups repeats runs. */
  private final PackedRepeats packing = new PackedRepeats();

  /**
   * An int or long column without a logical type: an Integer or Long value is its own varint, so write()
   * takes it as it is instead of encoding and decoding it through the plain codec (a fifth of a CTAS's
   * write CPU on SSB's lineorder, docs/benchmarks.md "Load time").
   */
  private final boolean bareNumbers;

  public PackedWriter(Schema column) {
    this.type = PackedType.of(column);
    this.bareNumbers = (type.kind == PackedType.Kind.INT || type.kind == PackedType.Kind.LONG)
        && dev.cif.schema.CifSchemas.nonNull(column).getLogicalType() == null;
  }

  @Override public void beginBlock() {
    count = 0;
    closedBytes = 0;
    setOpen(range(0, 0));
  }

  @Override public void write(Object v, ByteSink out) {
    recorded = false;
    long x = 0;
    if (v == null) {
      writeNull(out);
      return;
    } else if (bareNumbers && (type.kind == PackedType.Kind.INT ? v instanceof Integer : v instanceof Long)) {
      x = ((Number) v).longValue();
    } else if (type.kind == PackedType.Kind.DECIMAL) {
      x = DecimalLongs.unscaled(v, type.precision, type.scale);
    } else {
      // The type's codec refuses what it would refuse in any layout; its varint is read back as the value.
      check.reset();
      type.plain.write(v, check);
      checkIn.reset(check.array(), 0, check.size());
      x = type.kind == PackedType.Kind.BOOLEAN ? checkIn.readByte() : checkIn.readVarLong();
    }
    record(x, false);
  }

  @Override public void writeNull(ByteSink out) {
    recorded = false;
    if (!type.nullable) throw new IllegalArgumentException("null in a column that is not nullable");
    record(0, true);
  }

  @Override public void writeBoolean(boolean v, ByteSink out) {
    recorded = false;
    if (type.kind != PackedType.Kind.BOOLEAN) throw refused("boolean");
    record(v ? 1 : 0, false);
  }

  @Override public void writeInt(int v, ByteSink out) {
    recorded = false;
    if (type.kind != PackedType.Kind.INT && type.kind != PackedType.Kind.LONG) throw refused("int");
    record(v, false);
  }

  @Override public void writeLong(long v, ByteSink out) {
    recorded = false;
    if (type.kind != PackedType.Kind.LONG) throw refused("long");
    record(v, false);
  }

  /** A decimal's unscaled two's-complement bytes, read as a long without a BigInteger. */
  @Override public void writeBytes(byte[] b, int off, int len, ByteSink out) {
    recorded = false;
    if (type.kind != PackedType.Kind.DECIMAL) throw refused("bytes");
    record(DecimalLongs.unscaled(b, off, len, type.precision, type.scale), false);
  }

  /** Takes a value (0 for a null) into the block and the open run's range. */
  private void record(long x, boolean isNull) {
    if (count == values.length) {
      values = Arrays.copyOf(values, count * 2);
      nulls = Arrays.copyOf(nulls, count * 2);
    }
    int before = count % PackedType.RUN; // values of the open run before this one
    values[count] = x;
    nulls[count] = isNull;
    count++;
    recorded = true;
    if (isNull) {
      open[2]++;
    } else if (open[2] == before) {
      open[0] = open[1] = x; // the run's first value that is not null
      setOpen(open);
    } else if (x < open[0]) {
      open[0] = x;
      setOpen(open);
    } else if (x > open[1]) {
      open[1] = x;
      setOpen(open);
    }
    if (count % PackedType.RUN == 0) {
      closedBytes += runBytes(PackedType.RUN, open);
      setOpen(range(0, 0));
    }
  }

  private void setOpen(long[] range) {
    open = range;
    openWidth = width(range);
    openFixedBytes = fixedBytes(range);
  }

  @Override public void undoLastWrite() {
    if (!recorded) return;
    recorded = false;
    if (count % PackedType.RUN == 0) closedBytes -= runBytes(PackedType.RUN, range(count - PackedType.RUN, PackedType.RUN));
    count--;
    setOpen(range(count - count % PackedType.RUN, count % PackedType.RUN));
  }

  @Override public boolean valuesInPreamble() { return true; }

  @Override public int preambleBytes() {
    int n = count % PackedType.RUN;
    return (int) (closedBytes + (n == 0 ? 0 : runBytes(n, openFixedBytes, openWidth, open[2] != 0)));
  }

  private static long runBytes(int n, long[] range) { return runBytes(n, fixedBytes(range), width(range), range[2] != 0); }

  /** A run's size: its minimum and width byte, its null bits if it has nulls, and its words. */
  private static long runBytes(int n, int fixedBytes, int width, boolean nulls) {
    return fixedBytes + (nulls ? (n + 7) / 8 : 0) + ((long) n * width + 63) / 64 * 8;
  }

  /** The run's minimum (a zig-zag varint) and its width byte. */
  private static int fixedBytes(long[] range) { return ByteSink.uvarLongSize((range[0] << 1) ^ (range[0] >> 63)) + 1; }

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
    long[] distances = new long[PackedType.RUN];
    for (int from = 0; from < count; from += PackedType.RUN) {
      int n = Math.min(PackedType.RUN, count - from);
      long[] range = range(from, n);
      int width = width(range);
      // A constant run (width 0) has no words to save.
      boolean repeats = width > 0 && packing.group(values, nulls, from, n, range[0], width) < 8 * PackedRepeats.words(n, width);
      out.writeVarLong(range[0]);
      out.writeByte((repeats ? PackedType.REPEATS : width) | (range[2] != 0 ? PackedType.NULLS : 0));
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

  private IllegalArgumentException refused(String what) {
    return new IllegalArgumentException(type.kind.name().toLowerCase(java.util.Locale.ROOT) + " column cannot hold a " + what + " value");
  }

  @Override public Object read(ByteSource in) { throw new UnsupportedOperationException("a PACKED writer does not read; see PackedReader"); }

  @Override public void skip(ByteSource in) { throw new UnsupportedOperationException("a PACKED writer does not read; see PackedReader"); }
}
