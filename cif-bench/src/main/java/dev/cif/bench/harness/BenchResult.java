package dev.cif.bench.harness;

/**
 * The median measurement of one job over one format, with what the format loaded and answered.
 * {@code records} is what the format returned: fewer than stored when it {@code filtered} rows with the
 * job's {@link RowFilter}.
 */
public record BenchResult(
    String experiment,
    String dataset,
    String job,
    String format,
    long records,
    long sizeOnDisk,
    Measurement median,
    String answer,
    boolean filtered) {

  public BenchResult(String experiment, String dataset, String job, String format, long records,
      long sizeOnDisk, Measurement median, String answer) {
    this(experiment, dataset, job, format, records, sizeOnDisk, median, answer, false);
  }

  /** The pass as the answer check sees it. */
  public ScanLoop.Outcome outcome() {
    return new ScanLoop.Outcome(answer, records, filtered);
  }

  public double wallMillis() {
    return median.wallNanos() / 1e6;
  }

  public double cpuMillis() {
    return median.cpuNanos() / 1e6;
  }

  public double recordsPerSecond() {
    return median.wallNanos() == 0 ? 0 : records * 1e9 / median.wallNanos();
  }

  /** Read bandwidth as in paper Figure 11: bytes read over wall time. */
  public double megabytesReadPerSecond() {
    return median.wallNanos() == 0 ? 0 : median.bytesRead() * 1e9 / median.wallNanos() / (1 << 20);
  }
}
