package dev.cif.sqlbench;

import java.util.List;

/**
 * One query on one format: the timed runs' wall times, bytes read per run (Hadoop FileSystem
 * statistics; -1 when the query ran in another process), the answer, and what went wrong if anything.
 */
public record QueryResult(String query, Format format, List<Long> millis, long bytesRead, Answer answer, String error) {

  public boolean ok() { return error == null; }

  /** Median wall time of the timed runs. */
  public long medianMillis() {
    List<Long> sorted = millis.stream().sorted().toList();
    return sorted.isEmpty() ? -1 : sorted.get(sorted.size() / 2);
  }

  QueryResult failed(String why) { return new QueryResult(query, format, millis, bytesRead, answer, why); }
}
