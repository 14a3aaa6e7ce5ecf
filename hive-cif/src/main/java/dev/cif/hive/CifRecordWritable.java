package dev.cif.hive;

import java.io.DataInput;
import java.io.DataOutput;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.io.Writable;

/**
 * Carries a record from the CIF reader to the SerDe, or a Hive row from the SerDe to the record
 * writer, inside one task; Hive's operators want a Writable there. It is never serialized: CIF records go to disk only through cif-core.
 */
public final class CifRecordWritable implements Writable {
  private GenericRecord record;
  /** Writing: the row Hive serialized and the inspector to read it through. */
  private Object row;
  private StructObjectInspector rowInspector;

  public GenericRecord record() { return record; }

  Object row() { return row; }

  StructObjectInspector rowInspector() { return rowInspector; }

  CifRecordWritable setRow(Object r, StructObjectInspector oi) {
    row = r;
    rowInspector = oi;
    return this;
  }

  CifRecordWritable set(GenericRecord r) {
    record = r;
    return this;
  }

  @Override
  public void write(DataOutput out) {
    throw new UnsupportedOperationException("a CIF record is written by cif-core, not as a Writable");
  }

  @Override
  public void readFields(DataInput in) {
    throw new UnsupportedOperationException("a CIF record is read by cif-core, not as a Writable");
  }
}
