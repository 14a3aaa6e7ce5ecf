package dev.cif.hive;

import java.io.DataInput;
import java.io.DataOutput;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.Writable;

/**
 * Carries a record between the CIF reader or writer and the SerDe inside one task; Hive's operators
 * want a Writable there. It is never serialized: CIF records go to disk only through cif-core.
 */
public final class CifRecordWritable implements Writable {
  private GenericRecord record;

  public GenericRecord record() { return record; }

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
