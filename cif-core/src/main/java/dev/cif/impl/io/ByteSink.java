package dev.cif.impl.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable, unsynchronized byte buffer with the primitive encodings of the format (docs/FORMAT.md §2). */
public final class ByteSink {
  private byte[] buf;
  private int size;

  public ByteSink(int initialCapacity) { buf = new byte[Math.max(16, initialCapacity)]; }

  public int size() { return size; }
  public byte[] array() { return buf; }
  public void reset() { size = 0; }

  /** Drops everything written after the first n bytes (used to undo a value that failed to encode). */
  public void truncate(int n) {
    if (n < 0 || n > size) throw new IllegalArgumentException("truncate to " + n + " of " + size);
    size = n;
  }

  private void ensure(int extra) {
    int need = size + extra;
    if (need < 0) throw new IllegalStateException("buffer over 2 GiB");
    if (need > buf.length) {
      buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max((long) buf.length * 2, need)));
    }
  }

  public void writeByte(int b) {
    ensure(1);
    buf[size++] = (byte) b;
  }

  public void writeBytes(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, size, len);
    size += len;
  }

  public void writeBytes(ByteBuffer b) {
    int len = b.remaining();
    ensure(len);
    b.duplicate().get(buf, size, len);
    size += len;
  }

  /** Unsigned LEB128 varint of a non-negative long. */
  public void writeUVarLong(long v) {
    ensure(10);
    while ((v & ~0x7FL) != 0) {
      buf[size++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[size++] = (byte) v;
  }

  public void writeUVarInt(int v) { writeUVarLong(v & 0xFFFFFFFFL); }

  /** Zig-zag varint, as Avro encodes int and long. */
  public void writeVarLong(long v) { writeUVarLong((v << 1) ^ (v >> 63)); }

  public void writeVarInt(int v) { writeUVarLong(((v << 1) ^ (v >> 31)) & 0xFFFFFFFFL); }

  public void writeIntBE(int v) {
    ensure(4);
    buf[size++] = (byte) (v >>> 24);
    buf[size++] = (byte) (v >>> 16);
    buf[size++] = (byte) (v >>> 8);
    buf[size++] = (byte) v;
  }

  /** Eight bytes, little-endian (a PACKED run's words): one bounds check, not eight. */
  public void writeLongLE(long v) {
    ensure(8);
    LONG_LE.set(buf, size, v);
    size += 8;
  }

  private static final java.lang.invoke.VarHandle LONG_LE =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  public void writeFloat(float f) { writeIntLE(Float.floatToRawIntBits(f)); }

  public void writeDouble(double d) {
    long v = Double.doubleToRawLongBits(d);
    writeIntLE((int) v);
    writeIntLE((int) (v >>> 32));
  }

  private void writeIntLE(int v) {
    ensure(4);
    buf[size++] = (byte) v;
    buf[size++] = (byte) (v >>> 8);
    buf[size++] = (byte) (v >>> 16);
    buf[size++] = (byte) (v >>> 24);
  }

  /** Length-prefixed bytes. */
  public void writeLengthPrefixed(byte[] b, int off, int len) {
    writeUVarInt(len);
    writeBytes(b, off, len);
  }

  public void writeString(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    writeLengthPrefixed(b, 0, b.length);
  }

  /** Size in bytes of the unsigned varint encoding of v. */
  public static int uvarLongSize(long v) {
    // 7 bits a byte: ceil(significant bits / 7), at least 1. Writers ask this for every value (block sizes).
    return v == 0 ? 1 : (70 - Long.numberOfLeadingZeros(v)) / 7;
  }

  public void writeTo(OutputStream out) throws IOException { out.write(buf, 0, size); }

  public byte[] toByteArray() { return Arrays.copyOf(buf, size); }
}
