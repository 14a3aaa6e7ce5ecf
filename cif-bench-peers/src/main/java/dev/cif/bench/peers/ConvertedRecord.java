package dev.cif.bench.peers;

import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * A read-only Avro record over a format's native row that converts a field the first time it is read,
 * so a job that reads its map column only for rows that pass its filter pays the conversion only for
 * those (the same courtesy {@code LazyRecord} gets; the format's own decoding cost is unaffected).
 * One instance is reused for every row of a scan.
 *
 * @param <R> the native row type
 */
final class ConvertedRecord<R> implements GenericRecord {

  /** Converts field {@code field} of a native row to its Avro value. */
  @FunctionalInterface
  interface FieldConverter<R> {
    Object convert(R row, int field);
  }

  private final Schema schema;
  private final FieldConverter<R> converter;
  private final Object[] values;
  private final boolean[] converted;
  private R row;

  ConvertedRecord(Schema schema, FieldConverter<R> converter) {
    this.schema = schema;
    this.converter = converter;
    this.values = new Object[schema.getFields().size()];
    this.converted = new boolean[values.length];
  }

  /** Points this record at the next native row. */
  ConvertedRecord<R> reset(R next) {
    this.row = next;
    Arrays.fill(converted, false);
    return this;
  }

  @Override
  public Object get(int i) {
    if (!converted[i]) {
      values[i] = converter.convert(row, i);
      converted[i] = true;
    }
    return values[i];
  }

  @Override
  public Object get(String key) {
    Schema.Field field = schema.getField(key);
    return field == null ? null : get(field.pos());
  }

  @Override
  public void put(String key, Object v) {
    throw new UnsupportedOperationException("read-only");
  }

  @Override
  public void put(int i, Object v) {
    throw new UnsupportedOperationException("read-only");
  }

  @Override
  public Schema getSchema() {
    return schema;
  }
}
