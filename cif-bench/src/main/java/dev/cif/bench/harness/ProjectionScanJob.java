package dev.cif.bench.harness;

import dev.cif.testing.rows.RowRandom;
import java.util.List;
import org.apache.avro.generic.GenericRecord;

/**
 * The scan microbenchmark of paper §6.2 (Figure 7) and Appendix B.5 (Figure 11): read every projected
 * column of every record. The answer is the record count and an order-independent digest of the values
 * read, so a format that skipped or garbled a value gives a different answer.
 */
public final class ProjectionScanJob implements BenchJob {

  private final String name;
  private final List<String> columns;

  public ProjectionScanJob(String name, List<String> columns) {
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("a scan needs at least one column");
    }
    this.name = name;
    this.columns = List.copyOf(columns);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<String> projection() {
    return columns;
  }

  @Override
  public JobRun newRun() {
    String[] fields = columns.toArray(String[]::new);
    return new JobRun() {
      private long records;
      private long digest;

      @Override
      public void accept(GenericRecord record) {
        long h = 0;
        for (String field : fields) {
          h = h * 31 + ValueDigest.of(record.get(field));
        }
        // Summing per-record digests makes the answer independent of split order.
        digest += RowRandom.mix64(h);
        records++;
      }

      @Override
      public String answer() {
        return "records=" + records + " digest=" + Long.toHexString(digest);
      }
    };
  }
}
