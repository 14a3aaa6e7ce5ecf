package dev.cif.impl.io;

import dev.cif.CifFormatException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A bounded cursor over a byte array holding one decoded block (or a header/footer). Every read is
 * checked against the limit, and every length read from the data is checked before anything is
 * allocated for it, so a corrupt length gives a {@link CifFormatException} naming the file, the
 * column and the file offset, never an OutOfMemoryError or a value from the next field.
 */
public final class ByteSource {
  /** Little-endian ints and longs read from the array in one access each (the bounds checked first, by need). */
  private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private byte[] buf;
  private int pos;
  private int limit;
  private String file = "?";
  private String column;
  /** File offset of the stored block this buffer was decoded from (reported on errors). */
  private long baseOffset;
  private int start;
  /** Items of zero bytes each (nulls, empty records) counted since reset, and their cap. */
  private long emptyItems;
  private long emptyItemCap = Long.MAX_VALUE;

  public ByteSource() { this(new byte[0], 0, 0); }

  public ByteSource(byte[] buf, int off, int len) { reset(buf, off, len); }

  public void reset(byte[] buf, int off, int len) {
    this.buf = buf;
    this.start = off;
    this.pos = off;
    this.limit = off + len;
    this.emptyItems = 0;
  }

  /**
   * Caps the items of zero bytes each that counts may claim in total between resets. The per-count
   * check alone lets nested arrays of null claim a number quadratic in the block size (an array of
   * n arrays each claiming 8 x the bytes left), which is memory and time no file size bounds.
   */
  public void capEmptyItems(long cap) { emptyItemCap = cap; }

  /** Says where the bytes come from, for error messages. */
  public ByteSource describe(String file, String column, long baseOffset) {
    this.file = file;
    this.column = column;
    this.baseOffset = baseOffset;
    return this;
  }

  /** Reports errors as coming from where other does (for bytes copied out of a block). */
  public ByteSource describeLike(ByteSource other) {
    return describe(other.file, other.column, other.baseOffset);
  }

  /**
   * A source over a copy of {@code array()[from, to)} that reports errors at the offsets this one
   * would: for bytes that must outlive a block buffer the reader reuses.
   */
  public ByteSource copyRange(int from, int to) {
    if (from < start || from > to || to > limit) throw corrupt("range [" + from + ", " + to + ") outside the block");
    ByteSource copy = new ByteSource(java.util.Arrays.copyOfRange(buf, from, to), 0, to - from);
    copy.capEmptyItems(emptyItemCap);
    return copy.describe(file, column, baseOffset + (from - start));
  }

  public byte[] array() { return buf; }
  public int position() { return pos; }
  public int limit() { return limit; }
  public int remaining() { return limit - pos; }
  public boolean hasRemaining() { return pos < limit; }

  public void position(int p) {
    if (p < 0 || p > limit) throw corrupt("position " + p + " outside the block (limit " + limit + ")");
    pos = p;
  }

  public void skipBytes(long n) {
    if (n < 0 || n > limit - pos) throw corrupt("skip of " + n + " bytes runs past the block end (" + (limit - pos) + " left)");
    pos += (int) n;
  }

  public CifCorruptionError corrupt(String problem) {
    return new CifCorruptionError(new CifFormatException(file, column, baseOffset + (pos - start), problem));
  }

  public int readByte() {
    if (pos >= limit) throw corrupt("unexpected end of block");
    return buf[pos++] & 0xFF;
  }

  public long readUVarLong() {
    // One byte is the common case (a union's branch, a small length or count): no loop for it.
    if (pos < limit && buf[pos] >= 0) return buf[pos++];
    long result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= limit) throw corrupt("varint runs past the block end");
      byte b = buf[pos++];
      result |= (long) (b & 0x7F) << shift;
      if (b >= 0) return result;
    }
    throw corrupt("varint longer than 10 bytes");
  }

  public int readUVarInt() {
    long v = readUVarLong();
    if ((v & ~0xFFFFFFFFL) != 0) throw corrupt("varint " + v + " does not fit 32 bits");
    return (int) v;
  }

  public long readVarLong() {
    long v = readUVarLong();
    return (v >>> 1) ^ -(v & 1);
  }

  public int readVarInt() {
    int v = readUVarInt();
    return (v >>> 1) ^ -(v & 1);
  }

  /** Skips one varint without decoding it. */
  public void skipVarint() {
    for (int i = 0; i < 10; i++) {
      if (pos >= limit) throw corrupt("varint runs past the block end");
      if (buf[pos++] >= 0) return;
    }
    throw corrupt("varint longer than 10 bytes");
  }

  public int readIntBE() {
    need(4);
    int v = ((buf[pos] & 0xFF) << 24) | ((buf[pos + 1] & 0xFF) << 16) | ((buf[pos + 2] & 0xFF) << 8) | (buf[pos + 3] & 0xFF);
    pos += 4;
    return v;
  }

  private int readIntLE() {
    need(4);
    int v = (int) INT_LE.get(buf, pos);
    pos += 4;
    return v;
  }

  public float readFloat() { return Float.intBitsToFloat(readIntLE()); }

  public double readDouble() {
    need(8);
    long bits = (long) LONG_LE.get(buf, pos);
    pos += 8;
    return Double.longBitsToDouble(bits);
  }

  private void need(int n) {
    if (n > limit - pos) throw corrupt("needs " + n + " bytes, block has " + (limit - pos));
  }

  /** Reads a length that must fit in what is left of the block, before anything is allocated for it. */
  public int readLength() {
    long len = readUVarLong();
    // A varint of 2^63 or more reads as a negative long: out of range, not small.
    if (len < 0 || len > limit - pos) {
      throw corrupt("length " + Long.toUnsignedString(len) + " exceeds the " + (limit - pos) + " bytes left in the block");
    }
    return (int) len;
  }

  /** Reads a count of items that each take at least minItemBytes (0 for items that may be empty). */
  public int readCount(int minItemBytes) {
    long n = readUVarLong();
    long cap = minItemBytes == 0 ? (limit - pos) * 8L + 1024 : (long) (limit - pos) / minItemBytes;
    if (n < 0 || n > cap || n > Integer.MAX_VALUE - 8) {
      throw corrupt("count " + Long.toUnsignedString(n) + " is impossible with " + (limit - pos) + " bytes left");
    }
    if (minItemBytes == 0) {
      emptyItems += n;
      if (emptyItems > emptyItemCap) throw corrupt("count " + n + " brings the block's empty items over " + emptyItemCap);
    }
    return (int) n;
  }

  public byte[] readBytes(int n) {
    need(n);
    byte[] b = new byte[n];
    System.arraycopy(buf, pos, b, 0, n);
    pos += n;
    return b;
  }

  public String readString() {
    int n = readLength();
    String s = new String(buf, pos, n, StandardCharsets.UTF_8);
    pos += n;
    return s;
  }

  /** Points row of t at the next n bytes, without copying them, and moves past them. */
  public void referInto(dev.cif.VectorTarget t, int row, int n) {
    int start = position();
    skipBytes(n);
    t.refer(row, array(), start, n);
  }
}
