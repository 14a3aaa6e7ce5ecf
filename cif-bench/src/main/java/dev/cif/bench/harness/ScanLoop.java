package dev.cif.bench.harness;

import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** The one loop that feeds a format's records to a job; shared by the runner and the tests. */
public final class ScanLoop {

  /** What one pass produced: the job's answer and how many records the format returned. */
  public record Outcome(String answer, long records) {}

  private ScanLoop() {}

  public static Outcome run(FormatUnderTest format, FileSystem fs, Path dir, Schema schema, BenchJob job)
      throws IOException {
    JobRun run = job.newRun();
    long records = 0;
    try (RecordScan scan = format.openScan(fs, dir, schema, job.projection())) {
      while (scan.next()) {
        run.accept(scan.current());
        records++;
      }
    }
    return new Outcome(run.answer(), records);
  }

  /** The reference answer: the same job fed straight from the generator, no format involved. */
  public static Outcome runOnRows(Iterable<? extends GenericRecord> rows, BenchJob job) {
    JobRun run = job.newRun();
    long records = 0;
    for (GenericRecord record : rows) {
      run.accept(record);
      records++;
    }
    return new Outcome(run.answer(), records);
  }
}
