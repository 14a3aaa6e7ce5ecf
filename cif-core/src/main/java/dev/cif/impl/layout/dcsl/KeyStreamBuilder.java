package dev.cif.impl.layout.dcsl;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteStringTable;
import java.util.Arrays;

/**
 * The writer's side of one key's value stream in a keyed DCSL block (docs/FORMAT.md §6.3, mode 3),
 * in whichever of two forms is smaller for the block:
 * <pre>
 * KeyValues := Width:u8 Code[ceil(Rows * Width / 8)] Count:uvarint Value{Count}   dictionary form, Width &lt;= 31
 *            | 0x80 Present[ceil(Rows / 8)] Value{P}                               direct form, P = rows present
 * </pre>
 * Dictionary form: a code per row (0: the row's map lacks the key, c: its value is Value c - 1), each
 * distinct value stored once; for values that repeat (content types, servers). Direct form: a bit per
 * row, and the values of the rows that have the key in row order; for values that do not (dates,
 * etags, counters), where codes would cost more than they save. Codes and bits are least significant
 * first, so a reader finds row r's by arithmetic.
 */
final class KeyStreamBuilder {
  static final int DIRECT = 0x80;

  /** Distinct encoded values (the table keeps a length before each; the stream does not). */
  private final ByteStringTable table = new ByteStringTable();
  private int[] codes = new int[64];
  /** Rows [0, rows) have a code slot; the rows after the last one that has the key are 0. */
  private int rows;
  /** Bytes of the values of every row that has the key (the direct form's values). */
  private long presentBytes;
  /** Bytes of the distinct values (the dictionary form's values). */
  private long distinctBytes;

  /** Sets row's value to the encoded bytes; returns true if they were new to the stream (undo removes them). */
  boolean put(int row, byte[] b, int off, int len) {
    if (row < rows && codes[row] != 0) throw new IllegalArgumentException("map has the same key twice");
    int id = table.find(b, off, len);
    boolean added = id < 0;
    if (added) {
      id = table.add(b, off, len);
      distinctBytes += len;
    }
    if (row >= codes.length) codes = Arrays.copyOf(codes, Math.max(row + 1, codes.length * 2));
    if (row >= rows) {
      Arrays.fill(codes, rows, row, 0);
      rows = row + 1;
    }
    codes[row] = id + 1;
    presentBytes += len;
    return added;
  }

  /** Forgets row's value, and its entry if the row added it. */
  void undo(int row, boolean added) {
    int id = codes[row] - 1;
    presentBytes -= table.length(id);
    codes[row] = 0;
    if (row == rows - 1) rows--;
    if (added) {
      distinctBytes -= table.length(id);
      table.removeLast();
    }
  }

  /** Bits per code: enough for the largest code, the number of distinct values. */
  private int width() { return 32 - Integer.numberOfLeadingZeros(table.size()); }

  static long codeBytes(long rows, int width) { return (rows * width + 7) / 8; }

  private long dictionaryBytes(int blockRows) {
    return 1 + codeBytes(blockRows, width()) + ByteSink.uvarLongSize(table.size()) + distinctBytes;
  }

  private long directBytes(int blockRows) { return 1 + codeBytes(blockRows, 1) + presentBytes; }

  /** The stream's size as {@link #write} would write it for a block of blockRows rows. */
  long bytes(int blockRows) { return Math.min(dictionaryBytes(blockRows), directBytes(blockRows)); }

  /** Writes the stream for a block of blockRows rows (rows after the last one set have no value). */
  void write(ByteSink out, int blockRows) {
    boolean direct = directBytes(blockRows) < dictionaryBytes(blockRows);
    int w = direct ? 1 : width();
    out.writeByte(direct ? DIRECT : w);
    long acc = 0;
    int bits = 0;
    for (int r = 0; r < blockRows; r++) {
      long c = r < rows ? codes[r] : 0;
      acc |= (direct ? Math.min(c, 1) : c) << bits;
      bits += w;
      while (bits >= 8) {
        out.writeByte((int) acc & 0xFF);
        acc >>>= 8;
        bits -= 8;
      }
    }
    if (bits > 0) out.writeByte((int) acc & 0xFF);
    byte[] entries = table.entries().array();
    if (direct) {
      for (int r = 0; r < rows; r++) {
        if (codes[r] != 0) out.writeBytes(entries, table.start(codes[r] - 1), table.length(codes[r] - 1));
      }
      return;
    }
    out.writeUVarInt(table.size());
    for (int id = 0; id < table.size(); id++) out.writeBytes(entries, table.start(id), table.length(id));
  }
}
