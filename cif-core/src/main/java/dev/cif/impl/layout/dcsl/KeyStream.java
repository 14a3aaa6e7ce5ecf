package dev.cif.impl.layout.dcsl;

import dev.cif.VectorTarget;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The reader's side of one key's value stream in a keyed DCSL block ({@link KeyStreamBuilder} has
 * the grammar). Dictionary form: row r's code is found by arithmetic, its value by stepping over the
 * values before it. Direct form: row r's bit says whether it has the key and the bits before it
 * (counted once per 64 rows when the stream is loaded) which value is its. Values are indexed
 * lazily up to the highest one asked for, each found by the value codec's skip, so a block read
 * for a few rows steps over no more of its values than those rows need.
 */
final class KeyStream {
  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  /** Codes are at most 17 bits (a block has at most 65,536 rows); more is corruption. */
  static final int MAX_WIDTH = 31;

  private final byte[] buf;
  private final boolean direct;
  private final int width;
  private final long mask;
  private final int codesAt;
  /** Direct form: rows before each 64-row word that have the key. */
  private final int[] ranks;
  private final ValueCodec values;
  /** Positioned after the last value indexed. */
  private final ByteSource entries;
  private final int count;
  private int indexed;
  private int[] starts = new int[16];
  private final VectorTarget.Kind kind;
  /** Values [0, decodedCount) in array form, by value index (for {@link #valueInto}); allocated on first use. */
  private VectorTarget decoded;
  private int decodedCount;

  /**
   * @param in the stream's bytes; its array must have 8 bytes of slack after its limit, so codes
   *     are read as one little-endian long each
   */
  KeyStream(ByteSource in, int rows, ValueCodec values) {
    this.buf = in.array();
    this.values = values;
    this.kind = values.vectorKind();
    int at = in.position();
    int first = in.readByte();
    direct = first == KeyStreamBuilder.DIRECT;
    width = direct ? 1 : first;
    if (width > MAX_WIDTH) {
      in.position(at);
      throw in.corrupt("key stream code width " + width + " over " + MAX_WIDTH);
    }
    mask = (1L << width) - 1;
    codesAt = in.position();
    long codeBytes = KeyStreamBuilder.codeBytes(rows, width);
    if (codeBytes > in.remaining()) throw in.corrupt("key stream codes of " + rows + " rows x " + width + " bits need "
        + codeBytes + " bytes, the stream has " + in.remaining());
    if (direct) {
      ranks = new int[(rows + 63) / 64 + 1];
      for (int w = 0; w + 1 < ranks.length; w++) {
        int bits = Math.min(64, rows - w * 64);
        long word = (long) LONG_LE.get(buf, codesAt + w * 8) & (bits == 64 ? -1L : (1L << bits) - 1);
        ranks[w + 1] = ranks[w] + Long.bitCount(word);
      }
      in.skipBytes(codeBytes);
      count = ranks[ranks.length - 1];
    } else {
      ranks = null;
      in.skipBytes(codeBytes);
      count = in.readCount(values.minBytes());
    }
    if ((long) count * values.minBytes() > in.remaining()) {
      throw in.corrupt(count + " values of key stream cannot fit in its " + in.remaining() + " bytes");
    }
    entries = in;
  }

  /** Row's code: 0 if its map lacks the key, else the index of its value plus one. */
  private int code(int row) {
    long bit = (long) row * width;
    long word = (long) LONG_LE.get(buf, codesAt + (int) (bit >>> 3));
    int c = (int) ((word >>> (bit & 7)) & mask);
    if (!direct || c == 0) return c;
    long before = (long) LONG_LE.get(buf, codesAt + (row >>> 6) * 8) & ((1L << (row & 63)) - 1);
    return ranks[row >>> 6] + Long.bitCount(before) + 1;
  }

  /** Whether row's map has this key (code not 0; a null map has no key). */
  boolean has(int row) {
    long bit = (long) row * width;
    long word = (long) LONG_LE.get(buf, codesAt + (int) (bit >>> 3));
    return ((word >>> (bit & 7)) & mask) != 0;
  }

  /** The value of row's map for this key, which the row's key ids say it has. */
  Object value(int row, Object key) {
    int id = valueId(row, key);
    int end = entries.position();
    entries.position(starts[id]);
    try {
      return values.read(entries);
    } finally {
      entries.position(end);
    }
  }

  /**
   * Puts the value of row's map for this key (which it has) into row at of t, in the value codec's
   * array form ({@link ValueCodec#vectorKind}, which it must have), without an object per value:
   * byte sequences are referenced in the stream's buffer, a buffer of the stream's own. Each value
   * is decoded once; in dictionary form the rows that share a value share its decoding.
   */
  void valueInto(int row, Object key, VectorTarget t, int at) {
    int id = valueId(row, key);
    if (id >= decodedCount) decodeTo(id);
    VectorTarget d = decoded;
    if (d.isNull[id]) {
      t.setNull(at);
      return;
    }
    t.isNull[at] = false;
    switch (kind) {
      case LONG: t.longs[at] = d.longs[id]; break;
      case DOUBLE: t.doubles[at] = d.doubles[id]; break;
      default:
        t.buffers[at] = d.buffers[id];
        t.starts[at] = d.starts[id];
        t.lengths[at] = d.lengths[id];
    }
  }

  /** The value codec's array form, or null if its values exist only as objects. */
  VectorTarget.Kind kind() { return kind; }

  /** Decodes values [decodedCount, id] into {@link #decoded} (indexed up to id already). */
  private void decodeTo(int id) {
    if (decoded == null) decoded = VectorTarget.allocate(kind, count);
    int end = entries.position();
    entries.position(starts[decodedCount]);
    for (; decodedCount <= id; decodedCount++) values.readInto(entries, decoded, decodedCount);
    entries.position(end);
  }

  /** The index of row's value among the stream's values (indexed up to it), checked against its code. */
  private int valueId(int row, Object key) {
    int code = code(row);
    if (code == 0 || code > count) {
      throw entries.corrupt("row " + row + " of the block has key " + key + " but its value stream has code " + code
          + " (of " + count + " values)");
    }
    int id = code - 1;
    indexTo(id);
    return id;
  }

  private void indexTo(int id) {
    if (id < indexed) return;
    if (id >= starts.length) starts = Arrays.copyOf(starts, Math.min(count, Math.max(id + 1, starts.length * 2)));
    for (; indexed <= id; indexed++) {
      starts[indexed] = entries.position();
      values.skip(entries);
    }
    if (indexed == count && entries.hasRemaining()) {
      throw entries.corrupt(entries.remaining() + " bytes after the key stream's last value");
    }
  }
}
