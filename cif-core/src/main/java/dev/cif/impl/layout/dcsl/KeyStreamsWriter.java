package dev.cif.impl.layout.dcsl;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.layout.plain.ValueCodec;
import java.util.ArrayList;
import java.util.List;

/**
 * The value streams of one keyed DCSL block being written (mode 3, docs/FORMAT.md §6.3): one
 * {@link KeyStreamBuilder} per key id. Knows the block's size in O(keys), since the block builder
 * asks for it after every map, and can take back the last map's values.
 */
final class KeyStreamsWriter {
  private final ValueCodec values;
  private final List<KeyStreamBuilder> streams = new ArrayList<>();
  private final ByteSink scratch = new ByteSink(64);
  private int rows;
  /** The last map's puts, for {@link #undoRow}: key id, and 1 if the value was new to its stream. */
  private int[] lastPuts = new int[32];
  private int lastPutCount;

  KeyStreamsWriter(ValueCodec values) { this.values = values; }

  void beginBlock() {
    streams.clear();
    rows = 0;
    lastPutCount = 0;
  }

  int rows() { return rows; }

  int keys() { return streams.size(); }

  /** Starts the next row (every map and every null of the column is one). */
  void beginRow() {
    rows++;
    lastPutCount = 0;
  }

  /** Adds the current row's value of key id (ids are dense: a new key's id is {@link #keys()}). */
  void put(int keyId, Object value) {
    scratch.reset();
    values.write(value, scratch); // fails here, before the stream changes, on a value of the wrong type
    if (keyId == streams.size()) streams.add(new KeyStreamBuilder());
    boolean added = streams.get(keyId).put(rows - 1, scratch.array(), 0, scratch.size());
    if (lastPutCount + 2 > lastPuts.length) lastPuts = java.util.Arrays.copyOf(lastPuts, lastPuts.length * 2);
    lastPuts[lastPutCount++] = keyId;
    lastPuts[lastPutCount++] = added ? 1 : 0;
  }

  /**
   * Takes back the current row and its values (the map was refused). Streams the row created stay,
   * empty: the caller drops the key ids the row added, and with them the streams, by {@link #truncateKeys}.
   */
  void undoRow() {
    for (int i = lastPutCount - 2; i >= 0; i -= 2) {
      streams.get(lastPuts[i]).undo(rows - 1, lastPuts[i + 1] == 1);
    }
    lastPutCount = 0;
    rows--;
  }

  /** Drops the streams of key ids from n on (keys a refused map added). */
  void truncateKeys(int n) {
    while (streams.size() > n) streams.remove(streams.size() - 1);
  }

  /** The streams' bytes as written, without the side directory: O(keys), and a block has fewer than 64. */
  long bytes() {
    long n = 0;
    for (KeyStreamBuilder s : streams) n += s.bytes(rows);
    return n;
  }

  /** Writes key id's stream for the block. */
  void write(int keyId, ByteSink out) { streams.get(keyId).write(out, rows); }
}
