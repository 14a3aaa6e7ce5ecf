package dev.cif.impl.record;

import dev.cif.record.Projection;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;


/** A record with every projected column decoded as soon as the reader moves to its row (paper §5.1). */
final class EagerRecord implements GenericRecord {
  private final Projection projection;
  private final Object[] values;

  public EagerRecord(Projection projection) {
    this.projection = projection;
    values = new Object[projection.size()];
  }

  /** Decodes every projected column of the cursor's current row. */
  public void load(RowCursor cursor) throws IOException {
    for (int i = 0; i < values.length; i++) values[i] = cursor.read(i);
  }

  @Override public Object get(int i) { return values[i]; }
  @Override public Object get(String key) { return values[projection.indexOf(key)]; }
  @Override public void put(int i, Object v) { values[i] = v; }
  @Override public void put(String key, Object v) { values[projection.indexOf(key)] = v; }
  @Override public Schema getSchema() { return projection.schema(); }
  @Override public String toString() { return GenericData.get().toString(this); }
}
