package dev.cif.bench.harness;

import org.apache.hadoop.fs.FileSystem;

/**
 * Bytes read through Hadoop file systems of one scheme, from Hadoop's own per-scheme statistics
 * ({@link FileSystem#getAllStatistics()}), the counters behind a job's "FILE/HDFS: Number of bytes read".
 *
 * <p>On the local file system this includes the {@code .crc} side files that the checksummed
 * {@code LocalFileSystem} verifies (about 1/128 of the data), much as HDFS reads its block checksums.
 */
public final class IoCounters {

  private final String scheme;

  public IoCounters(FileSystem fs) {
    this.scheme = fs.getUri().getScheme();
  }

  @SuppressWarnings("deprecation") // the per-scheme Statistics are still what MapReduce counters use
  public void reset() {
    for (FileSystem.Statistics statistics : FileSystem.getAllStatistics()) {
      if (scheme.equals(statistics.getScheme())) {
        statistics.reset();
      }
    }
  }

  @SuppressWarnings("deprecation")
  public long bytesRead() {
    long total = 0;
    for (FileSystem.Statistics statistics : FileSystem.getAllStatistics()) {
      if (scheme.equals(statistics.getScheme())) {
        total += statistics.getBytesRead();
      }
    }
    return total;
  }
}
