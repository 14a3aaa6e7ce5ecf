package dev.cif;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Bytes a reader has read from column files, as stored (before decompression): block bytes (a block
 * whole, or a keyed DCSL block's header and head), and apart from them, by key, the value streams of
 * keyed DCSL blocks (docs/FORMAT.md §6.3), which are read only when a value of their key is asked for.
 * What a test or a task counter checks to see that a map-key lookup read that key's stream alone.
 */
public final class ReadBytes {
  private long blocks;
  private long keyStreams;
  private final Map<String, Long> byKey = new TreeMap<>();

  public void addBlock(long bytes) { blocks += bytes; }

  public void addKeyStream(String key, long bytes) {
    keyStreams += bytes;
    byKey.merge(key, bytes, Long::sum);
  }

  /** Adds what another reader read. */
  public void add(ReadBytes other) {
    blocks += other.blocks;
    keyStreams += other.keyStreams;
    other.byKey.forEach((k, v) -> byKey.merge(k, v, Long::sum));
  }

  /** Everything read: blocks and key streams. */
  public long total() { return blocks + keyStreams; }

  /** Block bytes (a keyed block's head, not its streams). */
  public long blocks() { return blocks; }

  /** Bytes of keyed blocks' value streams, of every key. */
  public long keyStreams() { return keyStreams; }

  /** Bytes of value streams of one key. */
  public long keyStream(String key) { return byKey.getOrDefault(key, 0L); }

  /** Value-stream bytes by key, for every key a stream was read of. */
  public Map<String, Long> byKey() { return Collections.unmodifiableMap(byKey); }

  @Override
  public String toString() { return "blocks " + blocks + " B, key streams " + byKey; }
}
