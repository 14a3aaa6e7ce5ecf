package dev.cif.bench.data;

import dev.cif.testing.rows.RowGenerator;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/** The first {@code rows} rows of a generator: what a format under test writes and a job later reads. */
public record Dataset(RowGenerator generator, long rows) {

  public Dataset {
    if (rows < 0) {
      throw new IllegalArgumentException("negative row count " + rows);
    }
  }

  public String name() {
    return generator.name();
  }

  /** A directory name that changes whenever the rows would: generator, row count and seed. */
  public String id() {
    return generator.name() + "-" + rows + "r-s" + generator.seed();
  }

  public Schema schema() {
    return generator.schema();
  }

  public Iterable<GenericRecord> records() {
    return generator.firstRows(rows);
  }
}
