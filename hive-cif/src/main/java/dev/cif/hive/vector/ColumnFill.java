package dev.cif.hive.vector;

import dev.cif.ColumnReader;
import dev.cif.RowRuns;
import dev.cif.VectorTarget;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.serde2.typeinfo.DecimalTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;

/**
 * Fills one column vector of a batch from one projected CIF column, a run of rows at a time. Columns
 * with an array form are decoded straight into the vector's own arrays (longs, doubles, and byte
 * references into the block buffers: no copy); decimals of precision up to 18 stored PACKED (format
 * version 4) arrive as unscaled longs, straight into a Decimal64ColumnVector's array; other decimals
 * and timestamps go through a scratch array and are converted in a tight loop; nested types are
 * decoded value by value into the child vectors ({@link ValueSetter}).
 */
final class ColumnFill {
  private enum Path { LONGS, DOUBLES, BYTES, DECIMALS, TIMESTAMPS, VALUES }

  /** Index of the column among the cursor's projected columns. */
  private final int column;
  /** Index of the vector in the batch. */
  final int vector;
  private final ValueSetter setter;
  private final Path typePath;
  private final int scale;
  private final VectorTarget target = new VectorTarget();
  private VectorTarget scratch;
  /** Of a map column: the fill for when its keys were pushed (the reader has selected keys). */
  private final SelectedKeysFill selectedKeys;

  ColumnFill(int column, int vector, TypeInfo type, Schema schema) {
    this.column = column;
    this.vector = vector;
    this.setter = ValueSetter.forType(type, schema);
    this.typePath = pathOf(type);
    this.scale = type instanceof DecimalTypeInfo ? ((DecimalTypeInfo) type).getScale() : 0;
    this.selectedKeys = type instanceof MapTypeInfo ? new SelectedKeysFill((MapTypeInfo) type, schema) : null;
  }

  private static Path pathOf(TypeInfo t) {
    if (!(t instanceof PrimitiveTypeInfo)) return Path.VALUES;
    switch (((PrimitiveTypeInfo) t).getPrimitiveCategory()) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case DATE: return Path.LONGS;
      case FLOAT: case DOUBLE: return Path.DOUBLES;
      case STRING: case CHAR: case VARCHAR: case BINARY: return Path.BYTES;
      case DECIMAL: return Path.DECIMALS;
      case TIMESTAMP: return Path.TIMESTAMPS;
      default: return Path.VALUES;
    }
  }

  /** Whether the column is of a primitive type (its vector can be compacted: RowSelection.compact). */
  boolean isPrimitive() { return typePath != Path.VALUES; }

  /** The array form the fast path needs from the column file, or null if it has none. */
  private VectorTarget.Kind kindNeeded(ColumnReader reader) {
    switch (typePath) {
      case LONGS: case TIMESTAMPS: return VectorTarget.Kind.LONG;
      case DOUBLES: return VectorTarget.Kind.DOUBLE;
      case BYTES: return VectorTarget.Kind.BINARY;
      // Unscaled longs (PACKED, format version 4) or unscaled bytes (older files, wider decimals):
      // one table's split-directories may hold either.
      case DECIMALS: return reader.vectorKind() == VectorTarget.Kind.LONG ? VectorTarget.Kind.LONG : VectorTarget.Kind.BINARY;
      default: return null;
    }
  }

  /** Fills rows [row, row + n) of cv from the cursor's current run. */
  void fill(ColumnVector cv, RowRuns cursor, int row, int n) throws IOException {
    if (cursor.isConstant(column)) {
      Object v = cursor.constant(column);
      for (int r = row; r < row + n; r++) setter.set(cv, r, v);
      return;
    }
    decode(cv, cursor.column(column), row, n);
  }

  /**
   * Fills rows [0, n) of cv with the run's rows at offsets selected[0..n) (ascending), passing over
   * the rows between them through the skip lists without decoding them.
   */
  void fillSelected(ColumnVector cv, RowRuns cursor, int[] selected, int n) throws IOException {
    if (cursor.isConstant(column)) {
      fill(cv, cursor, 0, n);
      return;
    }
    ColumnReader reader = cursor.column(column);
    long start = cursor.runStart();
    for (int k = 0; k < n; k++) {
      reader.skipTo(start + selected[k]);
      decode(cv, reader, k, 1);
    }
  }

  private void decode(ColumnVector cv, ColumnReader reader, int row, int n) throws IOException {
    if (selectedKeys != null && reader.selectedMapKeys() != null) {
      selectedKeys.fill((MapColumnVector) cv, reader, row, n);
      return;
    }
    VectorTarget.Kind kind = kindNeeded(reader);
    if (kind == null || reader.vectorKind() != kind) {
      for (int r = row; r < row + n; r++) setter.set(cv, r, reader.next());
      return;
    }
    switch (typePath) {
      case LONGS: {
        target.longs = ((LongColumnVector) cv).vector;
        readInto(reader, cv, target, row, n);
        break;
      }
      case DOUBLES: {
        target.doubles = ((DoubleColumnVector) cv).vector;
        readInto(reader, cv, target, row, n);
        break;
      }
      case BYTES: {
        BytesColumnVector b = (BytesColumnVector) cv;
        target.buffers = b.vector;
        target.starts = b.start;
        target.lengths = b.length;
        readInto(reader, cv, target, row, n);
        break;
      }
      case DECIMALS: {
        if (kind == VectorTarget.Kind.LONG) {
          decodeUnscaledLongs(cv, reader, row, n);
          break;
        }
        VectorTarget s = scratch(kind, cv);
        readInto(reader, cv, s, row, n);
        if (cv instanceof Decimal64ColumnVector) {
          // Hive asked for DECIMAL_64 (precision up to 18): the unscaled value as a long.
          long[] v = ((Decimal64ColumnVector) cv).vector;
          for (int r = row; r < row + n; r++) if (!s.isNull[r]) v[r] = ValueSetter.unscaledLong(s.buffers[r], s.starts[r], s.lengths[r]);
          break;
        }
        DecimalColumnVector d = (DecimalColumnVector) cv;
        for (int r = row; r < row + n; r++) {
          if (!s.isNull[r]) d.vector[r].setFromBigIntegerBytesAndScale(s.buffers[r], s.starts[r], s.lengths[r], scale);
        }
        break;
      }
      default: {
        VectorTarget s = scratch(kind, cv);
        readInto(reader, cv, s, row, n);
        TimestampColumnVector t = (TimestampColumnVector) cv;
        for (int r = row; r < row + n; r++) if (!s.isNull[r]) ValueSetter.setMicros(t, r, s.longs[r]);
      }
    }
  }

  /** A decimal column stored as unscaled longs at the column's scale (the Hive type's scale). */
  private void decodeUnscaledLongs(ColumnVector cv, ColumnReader reader, int row, int n) throws IOException {
    if (cv instanceof Decimal64ColumnVector) {
      // DECIMAL_64: Hive's vector holds exactly these longs; decode into its array, no conversion.
      target.longs = ((Decimal64ColumnVector) cv).vector;
      readInto(reader, cv, target, row, n);
      return;
    }
    VectorTarget s = scratch(VectorTarget.Kind.LONG, cv);
    readInto(reader, cv, s, row, n);
    DecimalColumnVector d = (DecimalColumnVector) cv;
    for (int r = row; r < row + n; r++) if (!s.isNull[r]) d.vector[r].setFromLongAndScale(s.longs[r], scale);
  }

  private VectorTarget scratch(VectorTarget.Kind kind, ColumnVector cv) {
    // A decimal column may need the long form in one split-directory and the bytes form in the next.
    int cap = cv.isNull.length;
    boolean fits = scratch != null && (kind == VectorTarget.Kind.LONG
        ? scratch.longs != null && scratch.longs.length >= cap : scratch.buffers != null && scratch.buffers.length >= cap);
    if (!fits) scratch = VectorTarget.allocate(kind, cap);
    // Nulls land in the vector's own isNull array; the values in the scratch arrays.
    scratch.isNull = cv.isNull;
    return scratch;
  }

  private static void readInto(ColumnReader reader, ColumnVector cv, VectorTarget t, int row, int n) throws IOException {
    t.isNull = cv.isNull;
    t.noNulls = true;
    reader.readBatch(t, row, n);
    if (!t.noNulls) cv.noNulls = false;
  }
}
