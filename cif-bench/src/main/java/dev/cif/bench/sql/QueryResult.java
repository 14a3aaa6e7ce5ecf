package dev.cif.bench.sql;

import java.util.List;

/**
 * One query on one format: the timed runs' wall times and the process's CPU times (empty when the query
 * ran in another process), bytes read per run (Hadoop FileSystem statistics; -1 when the query ran in
 * another process), the answer, and what went wrong if anything.
 */
public record QueryResult(String query, Format format, List<Long> millis, List<Long> cpuMillis, long bytesRead,
    Answer answer, String error) {

  public boolean ok() { return error == null; }

  /** Median wall time of the timed runs. */
  public long medianMillis() { return median(millis); }

  /** Median CPU time of the timed runs, -1 if not measured. */
  public long medianCpuMillis() { return median(cpuMillis); }

  private static long median(List<Long> values) {
    List<Long> sorted = values.stream().sorted().toList();
    return sorted.isEmpty() ? -1 : sorted.get(sorted.size() / 2);
  }

  QueryResult failed(String why) { return new QueryResult(query, format, millis, cpuMillis, bytesRead, answer, why); }
}
