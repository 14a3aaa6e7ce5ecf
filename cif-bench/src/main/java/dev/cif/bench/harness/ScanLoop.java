package dev.cif.bench.harness;

import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** The one loop that feeds a format's records to a job; shared by the runner and the tests. */
public final class ScanLoop {

  /**
   * What one pass produced: the job's answer, how many records the format returned, and whether the
   * format filtered rows with the job's {@link RowFilter} (then it returns fewer records than stored).
   */
  public record Outcome(String answer, long records, boolean filtered) {

    public Outcome(String answer, long records) {
      this(answer, records, false);
    }

    /**
     * Whether this pass agrees with the reference pass: the same answer, and the same records unless a
     * format filtered rows; a filtering pass may return no more records than an unfiltered one (two
     * filtering passes may differ: ORC keeps rows it could not rule out). Both filtering jobs count the
     * rows that pass their predicate in the answer, so a format that dropped a passing row still disagrees.
     */
    public boolean agreesWith(Outcome reference) {
      if (!answer.equals(reference.answer)) return false;
      if (filtered == reference.filtered) return filtered || records == reference.records;
      return filtered ? records <= reference.records : records >= reference.records;
    }
  }

  private ScanLoop() {}

  public static Outcome run(FormatUnderTest format, FileSystem fs, Path dir, Schema schema, BenchJob job)
      throws IOException {
    JobRun run = job.newRun();
    long records = 0;
    try (RecordScan scan = format.openScan(fs, dir, schema, job.projection(), job.rowFilter())) {
      while (scan.next()) {
        run.accept(scan.current());
        records++;
      }
    }
    return new Outcome(run.answer(), records, job.rowFilter().isPresent() && format.appliesRowFilters());
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
