package dev.cif.pushdown;

import java.io.Serializable;
import java.util.Objects;
import org.apache.avro.util.Utf8;

/**
 * A constant a predicate compares a column with: an integer, a floating-point number or a string, the
 * kinds of value block statistics keep bounds for (int, long, float, double, string columns).
 * Comparisons are exact or refused: integers with integers as longs, any number with a floating one
 * as doubles (as Pig and SQL widen them), strings by their UTF-8 bytes (the order of the statistics
 * and of Hive's Text); anything else, or NaN, cannot be judged.
 */
public final class Literal implements Serializable {
  private static final long serialVersionUID = 1L;

  private enum Kind { INTEGER, FLOATING, STRING }

  private final Kind kind;
  private final long integer;
  private final double floating;
  private final String string;
  /** The string's UTF-8 form, made on first comparison (Avro's Utf8 is not serializable). */
  private transient Utf8 utf8;

  private Literal(Kind kind, long integer, double floating, String string) {
    this.kind = kind;
    this.integer = integer;
    this.floating = floating;
    this.string = string;
  }

  public static Literal of(long value) { return new Literal(Kind.INTEGER, value, 0, null); }

  public static Literal of(double value) { return new Literal(Kind.FLOATING, 0, value, null); }

  public static Literal of(String value) { return new Literal(Kind.STRING, 0, 0, value); }

  /** The literal for a Java value (Integer, Long, Float, Double, String), or null for any other. */
  public static Literal ofValue(Object value) {
    if (value instanceof Integer || value instanceof Long) return of(((Number) value).longValue());
    if (value instanceof Float || value instanceof Double) return of(((Number) value).doubleValue());
    if (value instanceof String) return of((String) value);
    return null;
  }

  /**
   * The sign of this literal minus a statistics value (Integer, Long, Float, Double or Utf8), or null
   * when the two cannot be compared exactly. Floating values compare as numbers, so -0.0 equals 0.0.
   */
  Integer compareTo(Object stat) {
    if (stat == null) return null;
    switch (kind) {
      case INTEGER:
        if (stat instanceof Integer || stat instanceof Long) return Long.compare(integer, ((Number) stat).longValue());
        return stat instanceof Float || stat instanceof Double ? compare((double) integer, ((Number) stat).doubleValue()) : null;
      case FLOATING:
        return stat instanceof Number ? compare(floating, ((Number) stat).doubleValue()) : null;
      default:
        if (!(stat instanceof Utf8)) return null;
        if (utf8 == null) utf8 = new Utf8(string);
        return Integer.signum(utf8.compareTo((Utf8) stat));
    }
  }

  private static Integer compare(double a, double b) {
    if (Double.isNaN(a) || Double.isNaN(b)) return null;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Literal)) return false;
    Literal l = (Literal) o;
    return kind == l.kind && integer == l.integer && Double.compare(floating, l.floating) == 0 && Objects.equals(string, l.string);
  }

  @Override
  public int hashCode() { return Objects.hash(kind, integer, floating, string); }

  @Override
  public String toString() {
    switch (kind) {
      case INTEGER: return Long.toString(integer);
      case FLOATING: return Double.toString(floating);
      default: return "'" + string.replace("'", "''") + "'";
    }
  }
}
