package dev.cif.bench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.fs.FileSystem;

/**
 * Bytes read through Hadoop file systems of one scheme, from Hadoop's own per-scheme statistics
 * ({@link FileSystem#getAllStatistics()}), the counters behind a job's "FILE/HDFS: Number of bytes read".
 *
 * <p>On the local file system this includes the {@code .crc} side files that the checksummed
 * {@code LocalFileSystem} verifies (about 1/128 of the data), much as HDFS reads its block checksums.
 * {@link #syscallBytesRead()} counts at the OS instead (see {@link Measurement}).
 */
public final class IoCounters {

  private static final Path PROC_IO = Path.of("/proc/self/io");

  private final String scheme;
  private long rcharAtReset;

  public IoCounters(FileSystem fs) {
    this.scheme = fs.getUri().getScheme();
  }

  /** Bytes this process read through read-type system calls since {@link #reset()}; -1 if unknown. */
  public long syscallBytesRead() {
    long now = rchar();
    return now < 0 || rcharAtReset < 0 ? -1 : now - rcharAtReset;
  }

  private static long rchar() {
    try {
      for (String line : Files.readAllLines(PROC_IO)) {
        if (line.startsWith("rchar:")) {
          return Long.parseLong(line.substring("rchar:".length()).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  @SuppressWarnings("deprecation") // the per-scheme Statistics are still what MapReduce counters use
  public void reset() {
    rcharAtReset = rchar();
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
