package dev.cif.bench.data;

import dev.cif.testing.rows.RowRandom;
import org.apache.avro.util.Utf8;

/**
 * Lets a string column carry a predicate of exact, known selectivity (paper Appendix B.4, Figure 10).
 *
 * <p>The generator writes a two-digit bucket {@code 00..99} as the first two characters of the string. The
 * bucket of row {@code r} is {@code (r * 37 + offset) mod 100}; 37 is coprime with 100, so every run of 100
 * consecutive rows holds each bucket exactly once and "bucket &lt; p" keeps exactly p% of them. The predicate
 * reads nothing but the string itself, so a format that decodes that one column can evaluate it.
 */
public final class SelectivityBucket {

  private static final int BUCKETS = 100;
  private static final int STRIDE = 37;

  private SelectivityBucket() {}

  /** The bucket of a row; {@code seed} only shifts which rows land in which bucket. */
  public static int of(long seed, long row) {
    long offset = Math.floorMod(RowRandom.mix64(seed), BUCKETS);
    return (int) Math.floorMod(row * STRIDE + offset, (long) BUCKETS);
  }

  /** Writes the bucket as two ASCII digits at the start of {@code bytes}. */
  static void writePrefix(int bucket, byte[] bytes) {
    bytes[0] = (byte) ('0' + bucket / 10);
    bytes[1] = (byte) ('0' + bucket % 10);
  }

  /** Reads the bucket back from a string column value. */
  public static int read(CharSequence value) {
    if (value instanceof Utf8 utf8) {
      // Utf8.charAt materialises a java.lang.String; the predicate runs per row, so read the bytes.
      return read(utf8.getBytes(), 0);
    }
    return (value.charAt(0) - '0') * 10 + (value.charAt(1) - '0');
  }

  /** Reads the bucket from a value's UTF-8 bytes starting at {@code offset} (readers' column buffers). */
  public static int read(byte[] utf8, int offset) {
    return (utf8[offset] - '0') * 10 + (utf8[offset + 1] - '0');
  }

  /** True for exactly {@code percent}% of rows (per 100 consecutive rows). */
  public static boolean matches(CharSequence value, int percent) {
    return read(value) < percent;
  }
}
