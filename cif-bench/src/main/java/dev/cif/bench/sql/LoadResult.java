package dev.cif.sqlbench;

import java.util.Map;

/**
 * Converting the text tables into one format: per table, in load order, the CTAS's wall time and the
 * process's CPU time during it (-1 when not measured: a server's); bytes on disk summed over tables.
 */
public record LoadResult(Format format, Map<String, Long> tableMillis, Map<String, Long> tableCpuMillis, long bytesOnDisk) {
  /** CTAS time summed over tables. */
  public long millis() { return sum(tableMillis); }

  /** CPU time summed over tables; -1 when not measured. */
  public long cpuMillis() { return tableCpuMillis.values().stream().anyMatch(v -> v < 0) ? -1 : sum(tableCpuMillis); }

  private static long sum(Map<String, Long> m) { return m.values().stream().mapToLong(Long::longValue).sum(); }
}
