package dev.cif.spark;

import dev.cif.ColumnReader;
import dev.cif.RowRuns;
import dev.cif.VectorTarget;
import java.io.IOException;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * Decodes one projected CIF column's values for the current run into a Spark column vector. A column
 * with an array form ({@link VectorTarget.Kind}) is decoded a run at a time into plain arrays and put
 * into the vector in a tight loop (strings and binary are copied from the block buffer, as Spark's
 * vectors own their bytes; a decimal wider than 18 digits keeps its stored unscaled bytes, which is
 * Spark's own form); nested types and columns without an array form go value by value through a
 * {@link ValueAppender}; a map column whose keys were pushed goes through a {@link SelectedKeysLoad}; a column
 * the split-directory lacks reads its default.
 */
final class ColumnLoad {
  /** Index of the column among the cursor's projected columns. */
  private final int column;
  private final DataType type;
  private final VectorTarget.Kind kind;
  private final Put put;
  private final ValueAppender appender;
  private final long microsPerUnit;
  /** For a map column: how a reader with pushed keys fills it (no map object per row). */
  private final SelectedKeysLoad selectedKeys;
  private VectorTarget target;

  ColumnLoad(int column, DataType type, Schema cif) {
    this.column = column;
    this.type = type;
    this.kind = kindOf(type);
    this.put = putOf(type);
    this.appender = ValueAppender.of(type, cif);
    this.microsPerUnit = ValueAppender.microsPerUnit(cif);
    this.selectedKeys = type instanceof MapType ? new SelectedKeysLoad((MapType) type, cif) : null;
  }

  private static VectorTarget.Kind kindOf(DataType t) {
    if (t instanceof BooleanType || t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType
        || t instanceof DateType || t instanceof LongType || t instanceof TimestampType || t instanceof TimestampNTZType) {
      return VectorTarget.Kind.LONG;
    }
    if (t instanceof FloatType || t instanceof DoubleType) return VectorTarget.Kind.DOUBLE;
    if (t instanceof StringType || t instanceof BinaryType) return VectorTarget.Kind.BINARY;
    return null; // decimals take either form (the file says which); nested types have none
  }

  /** Fills rows [0, n) of v (reset) with the column's values of the cursor's current run. */
  void load(WritableColumnVector v, RowRuns runs, int n) throws IOException {
    if (runs.isConstant(column)) {
      Object c = runs.constant(column);
      for (int r = 0; r < n; r++) appender.append(v, c);
      return;
    }
    ColumnReader reader = runs.column(column);
    if (selectedKeys != null && reader.selectedMapKeys() != null) {
      selectedKeys.load(v, reader, n);
      return;
    }
    VectorTarget.Kind has = reader.vectorKind();
    boolean fast = has != null && (has == kind || (kind == null && type instanceof DecimalType && has != VectorTarget.Kind.DOUBLE));
    if (!fast) {
      for (int r = 0; r < n; r++) appender.append(v, reader.next());
      return;
    }
    VectorTarget t = target(has, n);
    reader.readBatch(t, 0, n);
    // The common cases whole: one array copy into Spark's own (a nulls-free run of doubles or longs).
    if (t.noNulls && put == Put.DOUBLE) {
      v.putDoubles(0, n, t.doubles, 0);
      return;
    }
    if (t.noNulls && put == Put.LONG) {
      v.putLongs(0, n, t.longs, 0);
      return;
    }
    for (int r = 0; r < n; r++) {
      if (t.isNull[r]) v.putNull(r);
      else put(v, t, r);
    }
  }

  /** How a value of the column goes into Spark's vector: chosen once per column, not per value. */
  private enum Put { BOOLEAN, BYTE, SHORT, INT, LONG, TIMESTAMP, FLOAT, DOUBLE, DECIMAL, BYTES }

  private static Put putOf(DataType t) {
    if (t instanceof BooleanType) return Put.BOOLEAN;
    if (t instanceof ByteType) return Put.BYTE;
    if (t instanceof ShortType) return Put.SHORT;
    if (t instanceof IntegerType || t instanceof DateType) return Put.INT;
    if (t instanceof LongType) return Put.LONG;
    if (t instanceof TimestampType || t instanceof TimestampNTZType) return Put.TIMESTAMP;
    if (t instanceof FloatType) return Put.FLOAT;
    if (t instanceof DoubleType) return Put.DOUBLE;
    if (t instanceof DecimalType) return Put.DECIMAL;
    return Put.BYTES;
  }

  private void put(WritableColumnVector v, VectorTarget t, int r) {
    switch (put) {
      case BOOLEAN: v.putBoolean(r, t.longs[r] != 0); break;
      case BYTE: v.putByte(r, (byte) t.longs[r]); break;
      case SHORT: v.putShort(r, (short) t.longs[r]); break;
      case INT: v.putInt(r, (int) t.longs[r]); break;
      case LONG: v.putLong(r, t.longs[r]); break;
      case TIMESTAMP: v.putLong(r, Math.multiplyExact(t.longs[r], microsPerUnit)); break;
      case FLOAT: v.putFloat(r, (float) t.doubles[r]); break;
      case DOUBLE: v.putDouble(r, t.doubles[r]); break;
      case DECIMAL: putDecimal(v, t, r, (DecimalType) type); break;
      default: v.putByteArray(r, t.buffers[r], t.starts[r], t.lengths[r]);
    }
  }

  /** A decimal stored as an unscaled long (PACKED) or as unscaled bytes, at the column's scale (the type's). */
  private static void putDecimal(WritableColumnVector v, VectorTarget t, int r, DecimalType d) {
    if (t.longs != null) {
      if (d.precision() <= Decimal.MAX_LONG_DIGITS()) putUnscaled(v, r, t.longs[r], d);
      else v.putDecimal(r, Decimal.apply(java.math.BigDecimal.valueOf(t.longs[r], d.scale()), d.precision(), d.scale()), d.precision());
      return;
    }
    if (d.precision() > Decimal.MAX_LONG_DIGITS()) {
      v.putByteArray(r, t.buffers[r], t.starts[r], t.lengths[r]); // Spark's own form of a wide decimal
      return;
    }
    byte[] b = t.buffers[r];
    int start = t.starts[r], len = t.lengths[r];
    if (len > 8) {
      v.putDecimal(r, ValueAppender.decimal(Arrays.copyOfRange(b, start, start + len), d), d.precision());
      return;
    }
    long x = len == 0 ? 0 : b[start]; // sign-extended first byte
    for (int i = 1; i < len; i++) x = (x << 8) | (b[start + i] & 0xFF);
    putUnscaled(v, r, x, d);
  }

  private static void putUnscaled(WritableColumnVector v, int r, long unscaled, DecimalType d) {
    if (d.precision() <= Decimal.MAX_INT_DIGITS()) v.putInt(r, (int) unscaled);
    else v.putLong(r, unscaled);
  }

  private VectorTarget target(VectorTarget.Kind has, int n) {
    boolean fits = target != null && target.isNull.length >= n
        && (has == VectorTarget.Kind.LONG ? target.longs != null : has == VectorTarget.Kind.DOUBLE ? target.doubles != null : target.buffers != null);
    if (!fits) target = VectorTarget.allocate(has, Math.max(n, 1024));
    Arrays.fill(target.isNull, 0, n, false);
    target.noNulls = true;
    return target;
  }
}
