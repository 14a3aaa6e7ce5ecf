package dev.cif.spark;

import dev.cif.ReadBytes;
import java.util.Map;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * What a CIF scan read, as Spark SQL metrics of the scan node (the SQL tab; a test reads them from the
 * executed plan): bytes of column files as stored ({@link ReadBytes}: blocks, and keyed map streams
 * apart), and rows of the runs read (rows in blocks the pushed filter passed over are not counted).
 */
final class ReadMetrics {
  static final String BYTES = "cifBytesRead";
  static final String KEY_STREAM_BYTES = "cifKeyStreamBytesRead";
  static final String ROWS = "cifRowsScanned";

  private ReadMetrics() {}

  static CustomMetric[] all() { return new CustomMetric[] {new Bytes(), new KeyStreamBytes(), new Rows()}; }

  /** The metrics of a task that has read earlier (its finished cursors' bytes), bytes (its current cursor's, by column) and rows. */
  static CustomTaskMetric[] values(ReadBytes earlier, Map<String, ReadBytes> bytes, long rows) {
    ReadBytes total = new ReadBytes();
    total.add(earlier);
    for (ReadBytes b : bytes.values()) total.add(b);
    return new CustomTaskMetric[] {task(BYTES, total.total()), task(KEY_STREAM_BYTES, total.keyStreams()), task(ROWS, rows)};
  }

  private static CustomTaskMetric task(String name, long value) {
    return new CustomTaskMetric() {
      @Override public String name() { return name; }
      @Override public long value() { return value; }
    };
  }

  /** Bytes read from column files, as stored. */
  public static final class Bytes extends CustomSumMetric {
    @Override public String name() { return BYTES; }
    @Override public String description() { return "CIF bytes read"; }
  }

  /** Bytes of keyed map value streams read (part of {@link Bytes}). */
  public static final class KeyStreamBytes extends CustomSumMetric {
    @Override public String name() { return KEY_STREAM_BYTES; }
    @Override public String description() { return "CIF map key-stream bytes read"; }
  }

  /** Rows of the runs read. */
  public static final class Rows extends CustomSumMetric {
    @Override public String name() { return ROWS; }
    @Override public String description() { return "CIF rows scanned"; }
  }
}
