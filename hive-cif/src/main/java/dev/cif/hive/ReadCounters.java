package dev.cif.hive;

import dev.cif.ReadBytes;
import dev.cif.pushdown.MapKeys;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.mapred.Reporter;

/**
 * What a CIF scan adds to its task's counters (group {@value #GROUP}) about the bytes it read, as
 * stored: all of them, those of keyed DCSL blocks' value streams, and per pushed map key (only those,
 * so a table whose maps have thousands of keys does not flood the job's counters) the bytes of that
 * key's streams, named {@code MAP_KEY_BYTES column['key']}. For {@code SELECT m['k']} on keyed
 * blocks, MAP_KEY_STREAM_BYTES equals k's counter: no other key's stream was read.
 */
public final class ReadCounters {
  public static final String GROUP = "CIF";
  /** Bytes read from column files (blocks and value streams; headers and footers aside). */
  public static final String BYTES_READ = "BYTES_READ";
  /** Bytes of keyed blocks' value streams read, of every key. */
  public static final String MAP_KEY_STREAM_BYTES = "MAP_KEY_STREAM_BYTES";
  /** How many map keys the scan was pushed, summed over the scans (0: maps read whole). */
  public static final String MAP_KEYS_PUSHED = "MAP_KEYS_PUSHED";

  private ReadCounters() {}

  /** The counter of one pushed key's stream bytes. */
  public static String keyBytes(String column, String key) { return "MAP_KEY_BYTES " + column + "['" + key + "']"; }

  public static void add(Reporter reporter, Map<String, ReadBytes> byColumn, MapKeys pushed) {
    if (reporter == null) return;
    long total = 0, streams = 0;
    for (ReadBytes b : byColumn.values()) {
      total += b.total();
      streams += b.keyStreams();
    }
    reporter.incrCounter(GROUP, BYTES_READ, total);
    reporter.incrCounter(GROUP, MAP_KEY_STREAM_BYTES, streams);
    for (Map.Entry<String, Set<String>> e : pushed.byColumn().entrySet()) {
      reporter.incrCounter(GROUP, MAP_KEYS_PUSHED, e.getValue().size());
      ReadBytes b = byColumn.get(e.getKey());
      for (String k : e.getValue()) reporter.incrCounter(GROUP, keyBytes(e.getKey(), k), b == null ? 0 : b.keyStream(k));
    }
  }
}
