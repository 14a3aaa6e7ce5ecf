package dev.cif.bench.harness;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.apache.avro.util.Utf8;

/**
 * String tests and map lookups that work on Avro's {@link Utf8} without converting it to a
 * {@code java.lang.String} (which would allocate per row and distort the timing), and that still work
 * when a format hands back plain Strings.
 */
public final class Utf8Text {

  private Utf8Text() {}

  /** {@code text.contains(needle)} for an ASCII-or-UTF-8 needle. */
  public static boolean contains(CharSequence text, String needle) {
    return contains(text, needle.getBytes(StandardCharsets.UTF_8));
  }

  /** Same as {@link #contains(CharSequence, String)} with the needle already encoded (hot loops). */
  public static boolean contains(CharSequence text, byte[] utf8Needle) {
    if (text instanceof Utf8 utf8) {
      return indexOf(utf8.getBytes(), 0, utf8.getByteLength(), utf8Needle) >= 0;
    }
    return text.toString().contains(new String(utf8Needle, StandardCharsets.UTF_8));
  }

  /** Where {@code needle} first occurs in {@code haystack[offset, offset + length)}, or -1. */
  public static int indexOf(byte[] haystack, int offset, int length, byte[] needle) {
    int end = offset + length;
    outer:
    for (int i = offset; i <= end - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /**
   * A substring searched for in many values (a job's row predicate), by Horspool's method: the window
   * is compared from its last byte, and on a mismatch it moves by how far that byte's last occurrence
   * in the needle is from the needle's end (the whole needle length for a byte it lacks). On urls and a
   * ten-byte needle that is a few steps per value where {@link #indexOf} takes one per byte; the job's
   * predicate is evaluated on every row by every format, so this is not a saving of any one format.
   */
  public static final class Needle implements Serializable {
    private static final long serialVersionUID = 1L;
    private final byte[] bytes;
    private final int[] shift = new int[256];

    public Needle(byte[] bytes) {
      this.bytes = bytes.clone();
      Arrays.fill(shift, Math.max(1, bytes.length));
      for (int j = 0; j < bytes.length - 1; j++) {
        shift[bytes[j] & 0xFF] = bytes.length - 1 - j;
      }
    }

    public byte[] bytes() {
      return bytes.clone();
    }

    /** Where the needle first occurs in {@code haystack[offset, offset + length)}, or -1 (as {@link #indexOf}). */
    public int indexIn(byte[] haystack, int offset, int length) {
      int m = bytes.length;
      if (m == 0) {
        return offset;
      }
      byte lastByte = bytes[m - 1];
      int lastStart = offset + length - m;
      for (int i = offset; i <= lastStart; ) {
        byte b = haystack[i + m - 1];
        if (b == lastByte && Arrays.equals(haystack, i, i + m - 1, bytes, 0, m - 1)) {
          return i;
        }
        i += shift[b & 0xFF];
      }
      return -1;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Needle n && Arrays.equals(n.bytes, bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }

  /** A map key usable against maps keyed by either {@link Utf8} or {@link String}. */
  public static final class Key {
    private final String string;
    private final Utf8 utf8;

    public Key(String key) {
      this.string = key;
      this.utf8 = new Utf8(key);
    }

    /** The value under this key, or null. Avro's own readers produce Utf8 keys, so that is tried first. */
    public Object lookup(Map<?, ?> map) {
      if (map == null) {
        return null;
      }
      Object value = map.get(utf8);
      return value != null ? value : map.get(string);
    }

    @Override
    public String toString() {
      return string;
    }
  }
}
