package dev.cif.column;

import dev.cif.io.ByteSource;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The reader's side of one key's value stream in a keyed DCSL block ({@link KeyStreamBuilder} has
 * the grammar): row r's code is found by arithmetic, its entry by stepping over the entries before
 * it, each a length and a hop. Entries are indexed lazily up to the highest one asked for, so a
 * block read for a few rows' values steps over no more of its entries than those rows need.
 */
final class KeyStream {
  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  /** Codes are at most 17 bits (a block has at most 65,536 rows); more is corruption. */
  static final int MAX_WIDTH = 31;

  private final byte[] buf;
  private final int width;
  private final long mask;
  private final int codesAt;
  private final ValueCodec values;
  private final ByteSource entries;
  /** Over the whole stream, positioned at one entry to decode it (errors name stream offsets). */
  private final ByteSource valueIn;
  private final int count;
  private int indexed;
  private int[] starts = new int[16];
  private int[] lengths = new int[16];

  /**
   * @param in the stream's bytes; its array must have 8 bytes of slack after its limit, so codes
   *     are read as one little-endian long each
   */
  KeyStream(ByteSource in, int rows, ValueCodec values) {
    this.buf = in.array();
    this.values = values;
    int at = in.position();
    width = in.readByte();
    if (width > MAX_WIDTH) {
      in.position(at);
      throw in.corrupt("key stream code width " + width + " over " + MAX_WIDTH);
    }
    mask = (1L << width) - 1;
    codesAt = in.position();
    long codeBytes = KeyStreamBuilder.codeBytes(rows, width);
    if (codeBytes > in.remaining()) throw in.corrupt("key stream codes of " + rows + " rows x " + width + " bits need "
        + codeBytes + " bytes, the stream has " + in.remaining());
    in.skipBytes(codeBytes);
    count = in.readCount(1);
    entries = in;
    valueIn = new ByteSource(buf, 0, in.limit()).describeLike(in);
  }

  /** Row's code: 0 if its map lacks the key, else the index of its value plus one. */
  int code(int row) {
    long bit = (long) row * width;
    long word = (long) LONG_LE.get(buf, codesAt + (int) (bit >>> 3));
    return (int) ((word >>> (bit & 7)) & mask);
  }

  /** The value of row's map for this key, which the row's key ids say it has. */
  Object value(int row, Object key) {
    int code = code(row);
    if (code == 0 || code > count) {
      throw entries.corrupt("row " + row + " of the block has key " + key + " but its value stream has code " + code
          + " (of " + count + " values)");
    }
    int id = code - 1;
    indexTo(id);
    valueIn.position(starts[id]);
    Object value = values.read(valueIn);
    if (valueIn.position() != starts[id] + lengths[id]) {
      valueIn.position(starts[id]);
      throw valueIn.corrupt("value " + id + " of key " + key + "'s stream is " + lengths[id] + " bytes, decodes to "
          + "a different length");
    }
    return value;
  }

  private void indexTo(int id) {
    if (id < indexed) return;
    if (id >= starts.length) {
      int n = Math.min(count, Math.max(id + 1, starts.length * 2));
      starts = Arrays.copyOf(starts, n);
      lengths = Arrays.copyOf(lengths, n);
    }
    for (; indexed <= id; indexed++) {
      lengths[indexed] = entries.readLength();
      starts[indexed] = entries.position();
      entries.skipBytes(lengths[indexed]);
    }
    if (indexed == count && entries.hasRemaining()) {
      throw entries.corrupt(entries.remaining() + " bytes after the key stream's last value");
    }
  }
}
