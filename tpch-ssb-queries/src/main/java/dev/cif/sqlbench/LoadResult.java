package dev.cif.sqlbench;

import java.util.Map;

/** Converting the text tables into one format: CTAS time per table, in load order, and bytes on disk summed over tables. */
public record LoadResult(Format format, Map<String, Long> tableMillis, long bytesOnDisk) {
  /** CTAS time summed over tables. */
  public long millis() { return tableMillis.values().stream().mapToLong(Long::longValue).sum(); }
}
