package dev.cif.impl.layout.packed;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.skiplist.BlockScopedWriter;
import java.util.Arrays;
import org.apache.avro.Schema;

/**
 * Writes a PACKED double column (format version 7, docs/FORMAT.md §6.5): the block's scale byte, then
 * the runs of a long column ({@link PackedWriter}) holding each value as a decimal of that scale, or
 * the IEEE bits of every value if the block holds a double that is no decimal ({@link ScaledDoubles}).
 *
 * <p>A block starts at scale 0. A value that needs more places raises the block's scale, and the values
 * so far are handed to the long runs again at the new scale: at most 19 times a block, and in practice
 * once or twice near its start, since a column's values share their number of places. Starting every
 * block afresh keeps a block's bytes a function of its own values.
 */
public final class PackedDoubleWriter extends ValueCodec implements BlockScopedWriter {
  private final PackedWriter longs;
  // The block's values, kept to hand them again to the long runs when the scale changes.
  private double[] values = new double[PackedType.RUN];
  private boolean[] nulls = new boolean[PackedType.RUN];
  private int count;
  private int scale;
  /** The scale before the last write, and whether that write reached the block: what undoLastWrite restores. */
  private int scaleBefore;
  private boolean recorded;

  public PackedDoubleWriter(Schema column) {
    this.longs = new PackedWriter(PackedType.longsOf(column));
  }

  @Override public void beginBlock() {
    longs.beginBlock();
    count = 0;
    scale = 0;
  }

  /** Any Number but the exact ones (BigDecimal, BigInteger), whose double could differ from them, as PLAIN takes. */
  @Override public void write(Object v, ByteSink out) {
    if (v == null) {
      writeNull(out);
      return;
    }
    if (!(v instanceof Number) || v instanceof java.math.BigDecimal || v instanceof java.math.BigInteger) {
      throw new IllegalArgumentException("double column cannot hold " + v.getClass().getSimpleName() + " " + v);
    }
    writeDouble(((Number) v).doubleValue(), out);
  }

  @Override public void writeFloat(float v, ByteSink out) { writeDouble(v, out); }

  @Override public void writeDouble(double v, ByteSink out) {
    recorded = false;
    scaleBefore = scale;
    long x = ScaledDoubles.encode(v, scale);
    if (scale != ScaledDoubles.RAW && x == ScaledDoubles.NO) { // (raw bits may be anything, -0.0's are NO's)
      rescale(ScaledDoubles.scaleAbove(v, scale));
      x = ScaledDoubles.encode(v, scale); // v fits the new scale, or the block went raw
    }
    longs.writeLong(x, out);
    keep(v, false);
  }

  @Override public void writeNull(ByteSink out) {
    recorded = false;
    scaleBefore = scale;
    longs.writeNull(out); // refused in a column that is not nullable
    keep(0, true);
  }

  private void keep(double v, boolean isNull) {
    if (count == values.length) {
      values = Arrays.copyOf(values, count * 2);
      nulls = Arrays.copyOf(nulls, count * 2);
    }
    values[count] = v;
    nulls[count] = isNull;
    count++;
    recorded = true;
  }

  /** Hands the block's values so far to the long runs again at scale s, or raw if one of them does not fit s. */
  private void rescale(int s) {
    scale = s;
    longs.beginBlock();
    for (int i = 0; i < count; i++) {
      if (nulls[i]) {
        longs.writeNull(null);
        continue;
      }
      long x = ScaledDoubles.encode(values[i], s);
      if (s != ScaledDoubles.RAW && x == ScaledDoubles.NO) { // beyond 2^53 at the higher scale
        rescale(ScaledDoubles.RAW);
        return;
      }
      longs.writeLong(x, null);
    }
  }

  @Override public void undoLastWrite() {
    if (!recorded) return;
    recorded = false;
    count--;
    if (scale != scaleBefore) rescale(scaleBefore);
    else longs.undoLastWrite();
  }

  @Override public boolean valuesInPreamble() { return true; }

  @Override public int preambleBytes() { return 1 + longs.preambleBytes(); }

  @Override public void writePreamble(ByteSink out) {
    out.writeByte(scale);
    longs.writePreamble(out);
  }

  @Override public Object read(ByteSource in) { throw new UnsupportedOperationException("a PACKED writer does not read; see PackedDoubleReader"); }

  @Override public void skip(ByteSource in) { throw new UnsupportedOperationException("a PACKED writer does not read; see PackedDoubleReader"); }
}
