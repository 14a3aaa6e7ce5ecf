package dev.cif.impl.layout.packed;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;

/**
 * A {@code bytes} decimal of precision up to 18 as its unscaled value in a {@code long}: every such
 * value fits, since 10^18 - 1 &lt; 2^63. The PACKED layout stores these longs (docs/FORMAT.md §6.5);
 * rows read back as the same minimal two's-complement bytes the SKIP_LIST layout returns.
 */
final class DecimalLongs {
  /** Largest precision whose unscaled values all fit a long. */
  static final int MAX_PRECISION = 18;

  private DecimalLongs() {}

  /** Whether t (not a union) is a bytes decimal of precision at most 18. */
  static boolean fits(Schema t) {
    return t.getType() == Schema.Type.BYTES && t.getLogicalType() instanceof LogicalTypes.Decimal
        && ((LogicalTypes.Decimal) t.getLogicalType()).getPrecision() <= MAX_PRECISION;
  }

  static int precision(Schema t) { return ((LogicalTypes.Decimal) t.getLogicalType()).getPrecision(); }

  static int scale(Schema t) { return ((LogicalTypes.Decimal) t.getLogicalType()).getScale(); }

  /** 10^precision - 1: the largest unscaled value the declared precision allows. */
  public static long maxUnscaled(int precision) {
    long p = 1;
    for (int i = 0; i < precision; i++) p *= 10;
    return p - 1;
  }

  /**
   * The unscaled value of what a writer hands a decimal column: a BigDecimal (rescaled to the
   * column's scale, refused rather than rounded, as the bytes layouts do) or the unscaled
   * two's-complement bytes as ByteBuffer or byte[] (Avro's and Hive's form). A value beyond the
   * declared precision is refused: a long would hold some of them, but a reader could not tell
   * them from corruption.
   */
  static long unscaled(Object v, int precision, int scale) {
    BigInteger u;
    if (v instanceof BigDecimal) {
      u = ((BigDecimal) v).setScale(scale, RoundingMode.UNNECESSARY).unscaledValue();
    } else if (v instanceof ByteBuffer || v instanceof byte[]) {
      byte[] b;
      if (v instanceof byte[]) {
        b = (byte[]) v;
      } else {
        ByteBuffer bb = ((ByteBuffer) v).duplicate();
        b = new byte[bb.remaining()];
        bb.get(b);
      }
      if (b.length == 0) throw new IllegalArgumentException("decimal(" + precision + "," + scale + ") column got 0 bytes: no unscaled value");
      u = new BigInteger(b);
    } else {
      throw new IllegalArgumentException("decimal column got " + (v == null ? "null" : v.getClass().getName()));
    }
    if (u.bitLength() > 63 || Math.abs(u.longValue()) > maxUnscaled(precision)) {
      throw new IllegalArgumentException("unscaled value " + u + " does not fit decimal(" + precision + "," + scale + ")");
    }
    return u.longValue();
  }

  /**
   * The unscaled value of a decimal handed in as its two's-complement bytes b[off, off + len), as
   * {@link #unscaled(Object, int, int)} takes a byte[]: the same value, the same refusals, no BigInteger
   * for the up to eight bytes a value within precision 18 takes.
   */
  static long unscaled(byte[] b, int off, int len, int precision, int scale) {
    if (len == 0 || len > 8) return unscaled(java.util.Arrays.copyOfRange(b, off, off + len), precision, scale);
    long u = b[off]; // sign-extended
    for (int i = off + 1; i < off + len; i++) u = (u << 8) | (b[i] & 0xFF);
    if (Math.abs(u) > maxUnscaled(precision)) {
      throw new IllegalArgumentException("unscaled value " + u + " does not fit decimal(" + precision + "," + scale + ")");
    }
    return u;
  }

  /** The minimal big-endian two's-complement bytes of v, as BigInteger.toByteArray gives them. */
  public static byte[] bytes(long v) {
    int bits = 64 - Long.numberOfLeadingZeros(v < 0 ? ~v : v); // without the sign bit
    int n = bits / 8 + 1;
    byte[] b = new byte[n];
    for (int i = n - 1; i >= 0; i--, v >>= 8) b[i] = (byte) v;
    return b;
  }
}
