package dev.cif.bench.harness;

import java.io.Closeable;
import java.io.IOException;
import org.apache.avro.generic.GenericRecord;

/** A cursor over the records of one dataset, in whatever order the format's splits give them. */
public interface RecordScan extends Closeable {

  /** Moves to the next record; false when there are no more. */
  boolean next() throws IOException;

  /** The current record; valid until the next call to {@link #next()}. */
  GenericRecord current();
}
