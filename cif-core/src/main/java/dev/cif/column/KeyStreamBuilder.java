package dev.cif.column;

import dev.cif.io.ByteSink;
import java.util.Arrays;

/**
 * The writer's side of one key's value stream in a keyed DCSL block (docs/FORMAT.md §6.3, mode 3):
 * a code per row of the block (0: the row's map lacks the key, c: its value is entry c - 1) and the
 * key's distinct values, each stored once.
 * <pre>
 * KeyValues := Width:u8 Codes[ceil(Rows * Width / 8)] Count:uvarint (Length:uvarint Value[Length]){Count}
 * </pre>
 * Codes are Width bits each, least significant bit first, so the reader finds row r's code by
 * arithmetic and a lookup costs the same for the first row of a block and its last.
 */
final class KeyStreamBuilder {
  /** Distinct encoded values, length-prefixed as the stream holds them. */
  private final ByteStringTable table = new ByteStringTable();
  private int[] codes = new int[64];
  /** Rows [0, rows) have a code slot; the rows after the last one that has the key are 0. */
  private int rows;

  /** Sets row's value to the encoded bytes; returns true if they were new to the stream (undo removes them). */
  boolean put(int row, byte[] b, int off, int len) {
    if (row < rows && codes[row] != 0) throw new IllegalArgumentException("map has the same key twice");
    int id = table.find(b, off, len);
    boolean added = id < 0;
    if (added) id = table.add(b, off, len);
    if (row >= codes.length) codes = Arrays.copyOf(codes, Math.max(row + 1, codes.length * 2));
    if (row >= rows) {
      Arrays.fill(codes, rows, row, 0);
      rows = row + 1;
    }
    codes[row] = id + 1;
    return added;
  }

  /** Forgets row's value, and its entry if the row added it. */
  void undo(int row, boolean added) {
    codes[row] = 0;
    if (row == rows - 1) rows--;
    if (added) table.removeLast();
  }

  /** Bits per code: enough for the largest code, the number of distinct values. */
  int width() { return 32 - Integer.numberOfLeadingZeros(table.size()); }

  int entryBytes() { return table.entryBytes(); }

  static long codeBytes(long rows, int width) { return (rows * width + 7) / 8; }

  /** Writes the stream for a block of blockRows rows (rows after the last one set have no value). */
  void write(ByteSink out, int blockRows) {
    int w = width();
    out.writeByte(w);
    long acc = 0;
    int bits = 0;
    for (int r = 0; r < blockRows; r++) {
      long c = r < rows ? codes[r] : 0;
      acc |= c << bits;
      bits += w;
      while (bits >= 8) {
        out.writeByte((int) acc & 0xFF);
        acc >>>= 8;
        bits -= 8;
      }
    }
    if (bits > 0) out.writeByte((int) acc & 0xFF);
    out.writeUVarInt(table.size());
    out.writeBytes(table.entries().array(), 0, table.entryBytes());
  }
}
