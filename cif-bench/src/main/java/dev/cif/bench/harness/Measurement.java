package dev.cif.bench.harness;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * One timed pass: wall-clock and thread CPU time, bytes read as Hadoop's file-system statistics count
 * them, and bytes the process read through system calls ({@code rchar} of {@code /proc/self/io}; -1 where
 * unknown). The second catches reads that bypass Hadoop's counters, such as the vectored reads ORC 2.x
 * issues ({@code readVectored}), which the local file system does not count.
 */
public record Measurement(long wallNanos, long cpuNanos, long bytesRead, long syscallBytesRead) {

  public Measurement(long wallNanos, long cpuNanos, long bytesRead) {
    this(wallNanos, cpuNanos, bytesRead, -1);
  }

  /** The per-field median (upper median for an even count), robust to one slow run. */
  public static Measurement median(List<Measurement> runs) {
    return new Measurement(
        median(runs, Measurement::wallNanos), median(runs, Measurement::cpuNanos),
        median(runs, Measurement::bytesRead), median(runs, Measurement::syscallBytesRead));
  }

  private static long median(List<Measurement> runs, ToLongFunction<Measurement> field) {
    long[] values = runs.stream().mapToLong(field).toArray();
    Arrays.sort(values);
    return values[values.length / 2];
  }
}
