package dev.cif.impl.column;

import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;

/**
 * Gathers one block's {@link BlockStats} as the writer takes its values. Bounds are kept as primitives
 * of the column's own type and boxed once, when the block closes: a CTAS profile of SSB's lineorder put
 * two fifths of cif-core's write CPU in statistics kept as boxed {@code Comparable}s (a new box per
 * value of another class, and a {@code compareTo} call that sees every column's class at one site).
 * The bounds are those {@code compareTo} of the column's class gives (so -0.0 sorts below 0.0), as
 * before; strings longer than {@value BlockStats#MAX_STRING_BYTES} bytes, and NaN, leave the block
 * without bounds.
 */
final class BlockStatsBuilder {
  /** INT, LONG, FLOAT, DOUBLE or STRING; null when the column keeps no bounds. */
  private final Schema.Type type;
  private long nulls;
  private boolean any;
  private boolean unbounded;
  private long minLong;
  private long maxLong;
  private double minDouble;
  private double maxDouble;
  private Utf8 minString;
  private Utf8 maxString;

  BlockStatsBuilder(Schema column) {
    Schema t = BlockStats.statsType(column);
    this.type = t == null ? null : t.getType();
  }

  void add(Object v) {
    if (v == null) {
      nulls++;
      return;
    }
    if (type == null || unbounded) return;
    switch (type) {
      case INT: addLong(((Number) v).intValue()); break;
      case LONG: addLong(((Number) v).longValue()); break;
      case FLOAT: addFloat(((Number) v).floatValue()); break;
      case DOUBLE: addDouble(((Number) v).doubleValue()); break;
      default: addString((CharSequence) v); break;
    }
    any = true;
  }

  // The typed values of dev.cif.ColumnAppender, with the bounds add(Object) gives the same value.

  void addNull() { nulls++; }

  /** An int or long value; a float or double column (which take ints too) keeps it as its own type. */
  void addInteger(long x) {
    if (type == null || unbounded) return;
    switch (type) {
      case INT: case LONG: addLong(x); break;
      case FLOAT: addFloat((float) x); break;
      case DOUBLE: addDouble((double) x); break;
      default: return;
    }
    any = true;
  }

  /** Values v[from, to) as {@link #addInteger} takes them one by one, the bounds found in one pass. */
  void addIntegers(long[] v, int from, int to) {
    if (type != Schema.Type.INT && type != Schema.Type.LONG || unbounded || from == to) {
      for (int i = from; i < to; i++) addInteger(v[i]);
      return;
    }
    long min = v[from];
    long max = min;
    for (int i = from + 1; i < to; i++) {
      min = Math.min(min, v[i]);
      max = Math.max(max, v[i]);
    }
    addLong(min);
    any = true;
    addLong(max);
  }

  /** A float or double value (a double column takes a float as a double). */
  void addReal(double x) {
    if (type == null || unbounded) return;
    if (type == Schema.Type.FLOAT) addFloat((float) x);
    else if (type == Schema.Type.DOUBLE) addDouble(x);
    else return;
    any = true;
  }

  /** A string's UTF-8 bytes (other byte values keep no bounds); bounds copy them. */
  void addBytes(byte[] b, int off, int len) {
    if (type != Schema.Type.STRING || unbounded) return;
    if (len > BlockStats.MAX_STRING_BYTES) {
      unbounded = true;
      return;
    }
    if (!any || compare(b, off, len, minString) < 0) minString = new Utf8(java.util.Arrays.copyOfRange(b, off, off + len));
    if (!any || compare(b, off, len, maxString) > 0) maxString = new Utf8(java.util.Arrays.copyOfRange(b, off, off + len));
    any = true;
  }

  /** Utf8.compareTo's order: unsigned bytes, a prefix first. */
  private static int compare(byte[] b, int off, int len, Utf8 u) {
    return java.util.Arrays.compareUnsigned(b, off, off + len, u.getBytes(), 0, u.getByteLength());
  }

  private void addLong(long x) {
    if (!any || x < minLong) minLong = x;
    if (!any || x > maxLong) maxLong = x;
  }

  private void addFloat(float x) {
    if (Float.isNaN(x)) {
      unbounded = true;
      return;
    }
    if (!any || Float.compare(x, (float) minDouble) < 0) minDouble = x;
    if (!any || Float.compare(x, (float) maxDouble) > 0) maxDouble = x;
  }

  private void addDouble(double x) {
    if (Double.isNaN(x)) {
      unbounded = true;
      return;
    }
    if (!any || Double.compare(x, minDouble) < 0) minDouble = x;
    if (!any || Double.compare(x, maxDouble) > 0) maxDouble = x;
  }

  /** A value handed in may be reused by the caller (a Utf8 is mutable): a bound is a copy of its own. */
  private void addString(CharSequence s) {
    Utf8 u = s instanceof Utf8 ? (Utf8) s : new Utf8(s.toString());
    if (u.getByteLength() > BlockStats.MAX_STRING_BYTES) {
      unbounded = true;
      return;
    }
    if (!any || u.compareTo(minString) < 0) minString = u == s ? new Utf8(u) : u;
    if (!any || u.compareTo(maxString) > 0) maxString = u == s ? new Utf8(u) : u;
  }

  /** The block's statistics; the builder starts the next block empty. */
  @SuppressWarnings("unchecked")
  BlockStats finish() {
    BlockStats s = new BlockStats();
    s.nulls = nulls;
    if (any && !unbounded) {
      s.min = (Comparable<Object>) bound(minLong, minDouble, minString);
      s.max = (Comparable<Object>) bound(maxLong, maxDouble, maxString);
    }
    nulls = 0;
    any = unbounded = false;
    minString = maxString = null;
    return s;
  }

  private Object bound(long l, double d, Utf8 s) {
    switch (type) {
      case INT: return (int) l;
      case LONG: return l;
      case FLOAT: return (float) d;
      case DOUBLE: return d;
      default: return s;
    }
  }
}
