package dev.cif.bench.harness;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;

/** One timed pass: wall-clock and thread CPU time, and bytes read from the file system. */
public record Measurement(long wallNanos, long cpuNanos, long bytesRead) {

  /** The per-field median (upper median for an even count), robust to one slow run. */
  public static Measurement median(List<Measurement> runs) {
    return new Measurement(
        median(runs, Measurement::wallNanos), median(runs, Measurement::cpuNanos),
        median(runs, Measurement::bytesRead));
  }

  private static long median(List<Measurement> runs, ToLongFunction<Measurement> field) {
    long[] values = runs.stream().mapToLong(field).toArray();
    Arrays.sort(values);
    return values[values.length / 2];
  }
}
