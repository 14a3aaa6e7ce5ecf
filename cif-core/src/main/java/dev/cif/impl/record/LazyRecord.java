package dev.cif.impl.record;

import dev.cif.record.Projection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;


/**
 * A record whose columns are read only when {@link #get} asks (paper §5.1). The reader reuses one
 * instance for every row, as Hadoop reuses values: a value got from a previous row stays valid, the
 * record itself moves on. A column not asked for over a run of rows is skipped through its skip list
 * when next asked. {@code put} overrides a value for the current row only.
 */
public final class LazyRecord implements GenericRecord {
  private final RowCursor cursor;
  private final Projection projection;
  private final Object[] values;
  private final long[] valueRow;

  public LazyRecord(RowCursor cursor) {
    this.cursor = cursor;
    this.projection = cursor.projection();
    values = new Object[projection.size()];
    valueRow = new long[projection.size()];
    Arrays.fill(valueRow, -1);
  }

  @Override
  public Object get(int i) {
    long row = cursor.rowId();
    if (valueRow[i] == row) return values[i];
    Object v;
    try {
      v = cursor.read(i);
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
    values[i] = v;
    valueRow[i] = row;
    return v;
  }

  @Override
  public Object get(String key) { return get(projection.indexOf(key)); }

  @Override
  public void put(int i, Object v) {
    values[i] = v;
    valueRow[i] = cursor.rowId();
  }

  @Override
  public void put(String key, Object v) { put(projection.indexOf(key), v); }

  @Override
  public Schema getSchema() { return projection.schema(); }

  @Override
  public String toString() { return GenericData.get().toString(this); }
}
