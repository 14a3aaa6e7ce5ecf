package dev.cif.bench.harness;

import org.apache.avro.generic.GenericRecord;

/**
 * The state of one run of a {@link BenchJob}. The answer is what every format must agree on; computing it
 * from the values also keeps the JIT from discarding the reads being timed.
 */
public interface JobRun {

  /** Consumes one record; the record may be reused by the scan afterwards, so copy what is kept. */
  void accept(GenericRecord record);

  /** The run's result in a canonical text form, independent of record order. */
  String answer();
}
