package dev.cif.bench.harness;

import java.nio.charset.StandardCharsets;
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
