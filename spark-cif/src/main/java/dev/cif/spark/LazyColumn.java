package dev.cif.spark;

import dev.cif.RowRuns;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A batch's column that is decoded only when Spark first reads it, as CIF's lazy records decode a
 * column only when asked: a batch is one run of one split-directory, whose column readers stay
 * positioned at the run until the reader moves on, so a column no row of the batch is read of (its
 * rows all failed an earlier filter in the generated code) is never decoded, and its reader skips
 * the run's blocks.
 */
final class LazyColumn extends ColumnVector {
  private final ColumnLoad load;
  private final WritableColumnVector vector;
  private RowRuns runs;
  private int rows;
  private boolean loaded;

  LazyColumn(DataType type, ColumnLoad load, int capacity) {
    super(type);
    this.load = load;
    this.vector = new OnHeapColumnVector(capacity, type);
  }

  /** The batch moved to the cursor's current run of n rows: nothing of it is decoded yet. */
  void moveTo(RowRuns runs, int n) {
    this.runs = runs;
    this.rows = n;
    this.loaded = false;
  }

  private WritableColumnVector v() {
    if (!loaded) {
      vector.reset();
      try {
        load.load(vector, runs, rows);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      loaded = true;
    }
    return vector;
  }

  @Override public void close() { vector.close(); }
  /** Spark frees a consumed batch's columns unless they are reused, as this one is, batch after batch. */
  @Override public void closeIfFreeable() {}
  @Override public boolean hasNull() { return v().hasNull(); }
  @Override public int numNulls() { return v().numNulls(); }
  @Override public boolean isNullAt(int rowId) { return v().isNullAt(rowId); }
  @Override public boolean getBoolean(int rowId) { return v().getBoolean(rowId); }
  @Override public byte getByte(int rowId) { return v().getByte(rowId); }
  @Override public short getShort(int rowId) { return v().getShort(rowId); }
  @Override public int getInt(int rowId) { return v().getInt(rowId); }
  @Override public long getLong(int rowId) { return v().getLong(rowId); }
  @Override public float getFloat(int rowId) { return v().getFloat(rowId); }
  @Override public double getDouble(int rowId) { return v().getDouble(rowId); }
  @Override public ColumnarArray getArray(int rowId) { return v().getArray(rowId); }
  @Override public ColumnarMap getMap(int rowId) { return v().getMap(rowId); }
  @Override public Decimal getDecimal(int rowId, int precision, int scale) { return v().getDecimal(rowId, precision, scale); }
  @Override public UTF8String getUTF8String(int rowId) { return v().getUTF8String(rowId); }
  @Override public byte[] getBinary(int rowId) { return v().getBinary(rowId); }
  @Override public ColumnVector getChild(int ordinal) { return v().getChild(ordinal); }
}
