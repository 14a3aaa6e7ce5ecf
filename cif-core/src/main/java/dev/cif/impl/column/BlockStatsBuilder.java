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
      case FLOAT: addFloat(v); break;
      case DOUBLE: addDouble(v); break;
      default: addString((CharSequence) v); break;
    }
    any = true;
  }

  private void addLong(long x) {
    if (!any || x < minLong) minLong = x;
    if (!any || x > maxLong) maxLong = x;
  }

  private void addFloat(Object v) {
    if (isNaN(v)) {
      unbounded = true;
      return;
    }
    float x = ((Number) v).floatValue();
    if (!any || Float.compare(x, (float) minDouble) < 0) minDouble = x;
    if (!any || Float.compare(x, (float) maxDouble) > 0) maxDouble = x;
  }

  private void addDouble(Object v) {
    if (isNaN(v)) {
      unbounded = true;
      return;
    }
    double x = ((Number) v).doubleValue();
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

  /** A Float or Double NaN has no place in an order (whatever the column's floating type). */
  private static boolean isNaN(Object v) {
    return v instanceof Float && ((Float) v).isNaN() || v instanceof Double && ((Double) v).isNaN();
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
