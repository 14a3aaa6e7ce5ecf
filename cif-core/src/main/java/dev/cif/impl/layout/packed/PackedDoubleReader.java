package dev.cif.impl.layout.packed;

import dev.cif.VectorTarget;
import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.skiplist.BlockScopedReader;
import org.apache.avro.Schema;

/**
 * Reads a PACKED double column (format version 7, docs/FORMAT.md §6.5): the block's scale byte, then a
 * long column's runs ({@link PackedReader}), each long turned into its double by {@link ScaledDoubles}.
 * A batch decodes the longs a run at a time as PACKED longs are, then divides them in one loop.
 */
public final class PackedDoubleReader extends ValueCodec implements BlockScopedReader {
  private final PackedReader longs;
  private int scale;
  /** The longs of a batch, with the caller's null flags. */
  private final VectorTarget scaled = new VectorTarget();

  public PackedDoubleReader(Schema column) {
    this.longs = new PackedReader(PackedType.longsOf(column));
    scaled.longs = new long[0];
  }

  @Override public void readPreamble(ByteSource in) {
    throw new UnsupportedOperationException("PACKED needs the block's row count");
  }

  @Override public void readPreamble(ByteSource in, int rows) {
    scale = in.readByte();
    if (!ScaledDoubles.valid(scale)) {
      in.position(in.position() - 1);
      throw in.corrupt("double block scale " + scale + " is neither 0 to " + ScaledDoubles.MAX_SCALE + " nor " + ScaledDoubles.RAW + " (raw)");
    }
    longs.readPreamble(in, rows);
  }

  /** The long runs' value without boxing it as a Long: a row read allocates the Double alone. */
  @Override public Object read(ByteSource in) {
    int i = longs.take(in);
    return longs.isNull(i) ? null : value(longs.value(i, in), in);
  }

  private double value(long x, ByteSource in) {
    if (scale != ScaledDoubles.RAW && ScaledDoubles.beyond(x)) {
      throw in.corrupt("scaled double " + x + " is beyond ±2^53 (block scale " + scale + ")");
    }
    return ScaledDoubles.decode(x, scale);
  }

  @Override public void skip(ByteSource in) { longs.skip(in); }

  @Override public int minBytes() { return 0; }

  @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.DOUBLE; }

  @Override public void readInto(ByteSource in, VectorTarget t, int row, int n) {
    target(t, row + n);
    longs.readInto(in, scaled, row, n);
    toDoubles(in, t, row, n);
  }

  @Override public void readInto(ByteSource in, VectorTarget t, int row) {
    target(t, row + 1);
    longs.readInto(in, scaled, row);
    toDoubles(in, t, row, 1);
  }

  private void target(VectorTarget t, int rows) {
    scaled.isNull = t.isNull;
    scaled.noNulls = true;
    if (scaled.longs.length < rows) scaled.longs = new long[Math.max(rows, 1024)];
  }

  /** The longs read into rows [row, row + n) as doubles, in a loop per kind of block. */
  private void toDoubles(ByteSource in, VectorTarget t, int row, int n) {
    if (!scaled.noNulls) t.noNulls = false;
    long[] x = scaled.longs;
    if (scale == ScaledDoubles.RAW) {
      for (int i = row; i < row + n; i++) t.doubles[i] = Double.longBitsToDouble(x[i]);
      return;
    }
    double p = ScaledDoubles.pow10(scale);
    for (int i = row; i < row + n; i++) {
      // A null's long is whatever the array held; only values are checked.
      if (ScaledDoubles.beyond(x[i]) && !t.isNull[i]) value(x[i], in); // throws, naming the value
      t.doubles[i] = (double) x[i] / p;
    }
  }

  @Override public void write(Object value, ByteSink out) { throw new UnsupportedOperationException("a PACKED reader does not write; see PackedDoubleWriter"); }
}
