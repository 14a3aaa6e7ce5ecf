package dev.cif.impl.layout.packed;

/**
 * A double as a decimal: the long {@code x} with {@code x / 10^scale == v} exactly, for the
 * {@code PACKED} layout's double columns (format version 7, docs/FORMAT.md §6.5). Doubles that came
 * from decimal text (prices, quantities, rates: TPC-H's money columns as Hive declares them) are
 * such quotients of small integers, so their runs pack into a few bits each where the IEEE bits take
 * 64; any other double (NaN, infinities, -0.0, 0.1 + 0.2, 1e-300) makes its block keep the raw bits.
 *
 * <p>Why the decoding is exact: the reader computes {@code (double) x / 10^scale}. {@code x} is at most
 * 2^53 in magnitude and {@code 10^scale} at most 10^18, so both are exact doubles and IEEE division
 * gives the double nearest their real quotient, the same on every platform (and Python's int / int
 * gives the same). The writer accepts a scale for a value only after computing that very expression
 * and finding the value again, bit for bit.
 */
final class ScaledDoubles {
  /** The largest scale: 10^18 is an exact double, and decimals of more places are rare. */
  static final int MAX_SCALE = 18;
  /** The block-scale byte of a block that keeps its doubles' IEEE bits. */
  static final int RAW = 255;
  /** The largest |x|: every long up to 2^53 is an exact double. */
  static final long MAX_EXACT = 1L << 53;
  /** What {@link #scaled} returns for a value that is no decimal of that scale (no scaled x is this; -0.0's raw bits are). */
  static final long NO = Long.MIN_VALUE;

  private static final double[] POW10 = new double[MAX_SCALE + 1];

  static {
    double p = 1;
    for (int s = 0; s <= MAX_SCALE; s++, p *= 10) POW10[s] = p;
  }

  private ScaledDoubles() {}

  /** v * 10^scale as a long that divides back to v exactly, or {@link #NO}. */
  static long scaled(double v, int scale) {
    double m = v * POW10[scale];
    if (!(Math.abs(m) <= MAX_EXACT)) return NO; // NaN and infinities fail here too (and |x| <= 2^53 after rint)
    long x = (long) Math.rint(m);
    if ((double) x / POW10[scale] != v) return NO;
    // 0.0 == -0.0: only +0.0 is the decimal 0.
    return x != 0 || Double.doubleToRawLongBits(v) == 0 ? x : NO;
  }

  /** The smallest scale above {@code from} at which v is a decimal, or {@link #RAW}. */
  static int scaleAbove(double v, int from) {
    for (int s = from + 1; s <= MAX_SCALE; s++) if (scaled(v, s) != NO) return s;
    return RAW;
  }

  /** The long a block of the given scale stores for v; v is known to fit the scale. */
  static long encode(double v, int scale) { return scale == RAW ? Double.doubleToRawLongBits(v) : scaled(v, scale); }

  /** The double a block of the given scale stores as x; x is within ±2^53 unless the scale is RAW. */
  static double decode(long x, int scale) { return scale == RAW ? Double.longBitsToDouble(x) : (double) x / POW10[scale]; }

  /** Whether a block of a decimal scale cannot hold x: a reader refuses such a long as corrupt. */
  static boolean beyond(long x) { return x > MAX_EXACT || x < -MAX_EXACT; }

  /** 10^scale, for a scale of 0 to {@link #MAX_SCALE}. */
  static double pow10(int scale) { return POW10[scale]; }

  /** Whether a block-scale byte is one a writer writes. */
  static boolean valid(int scale) { return scale <= MAX_SCALE || scale == RAW; }
}
