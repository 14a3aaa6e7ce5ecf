package dev.cif.hive;

import dev.cif.column.BlockStats;
import java.util.List;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument.TruthValue;

/**
 * One column's statistics over a run of rows (one block of its column file), and what they say about
 * one leaf of Hive's SearchArgument: {@code NO}/{@code NO_NULL} only when no row of the run can
 * satisfy it, else a "maybe". Only int, bigint, double and string statistics are compared.
 */
final class ColumnStats {
  long rows;
  long nulls;
  Comparable<Object> min;
  Comparable<Object> max;
  boolean bounded = true;

  /** A column no statistics can judge (absent from the split-directory, or not comparable). */
  static ColumnStats unknown(long rows) {
    ColumnStats s = new ColumnStats();
    s.rows = rows;
    s.bounded = false;
    return s;
  }

  /** One block's statistics; rows is the block's row count. */
  static ColumnStats ofBlock(BlockStats b, long rows) {
    ColumnStats s = new ColumnStats();
    s.rows = rows;
    s.nulls = b.nulls;
    s.min = b.min;
    s.max = b.max;
    // A block of only NULLs has no bounds and needs none; any other block without them is unknown.
    s.bounded = b.min != null || b.nulls == rows;
    return s;
  }

  TruthValue evaluate(PredicateLeaf leaf) {
    boolean hasNull = nulls > 0;
    if (leaf.getOperator() == PredicateLeaf.Operator.IS_NULL) {
      return !bounded ? TruthValue.YES_NO_NULL : hasNull ? TruthValue.YES_NO : TruthValue.NO;
    }
    if (nulls == rows) return TruthValue.NULL; // every comparison with NULL is NULL
    if (!bounded || min == null) return TruthValue.YES_NO_NULL;
    TruthValue no = hasNull ? TruthValue.NO_NULL : TruthValue.NO;
    switch (leaf.getOperator()) {
      case EQUALS: case NULL_SAFE_EQUALS: {
        Integer lo = compareToMin(leaf.getLiteral());
        Integer hi = compareToMax(leaf.getLiteral());
        return lo == null || hi == null ? TruthValue.YES_NO_NULL : lo < 0 || hi > 0 ? no : TruthValue.YES_NO_NULL;
      }
      case LESS_THAN: {
        Integer c = compareToMin(leaf.getLiteral()); // every value >= literal: none below it
        return c != null && c <= 0 ? no : TruthValue.YES_NO_NULL;
      }
      case LESS_THAN_EQUALS: {
        Integer c = compareToMin(leaf.getLiteral());
        return c != null && c < 0 ? no : TruthValue.YES_NO_NULL;
      }
      case IN: {
        for (Object lit : leaf.getLiteralList()) {
          Integer lo = compareToMin(lit);
          Integer hi = compareToMax(lit);
          if (lo == null || hi == null || lo >= 0 && hi <= 0) return TruthValue.YES_NO_NULL;
        }
        return no;
      }
      case BETWEEN: {
        List<Object> b = leaf.getLiteralList();
        Integer hiVsMin = compareToMin(b.get(1));
        Integer loVsMax = compareToMax(b.get(0));
        return hiVsMin != null && hiVsMin < 0 || loVsMax != null && loVsMax > 0 ? no : TruthValue.YES_NO_NULL;
      }
      default:
        return TruthValue.YES_NO_NULL;
    }
  }

  private Integer compareToMin(Object literal) { return compare(literal, min); }
  private Integer compareToMax(Object literal) { return compare(literal, max); }

  /** literal compared with a statistics value, or null when they are not comparable here. */
  private static Integer compare(Object literal, Object stat) {
    if (literal == null) return null;
    if (stat instanceof Integer || stat instanceof Long) {
      return literal instanceof Long || literal instanceof Integer
          ? Long.compare(((Number) literal).longValue(), ((Number) stat).longValue()) : null;
    }
    // Only doubles: a float's statistics widened to double need not equal Hive's double literal.
    if (stat instanceof Double) {
      return literal instanceof Double
          ? Double.compare(((Number) literal).doubleValue(), ((Number) stat).doubleValue()) : null;
    }
    if (stat instanceof Utf8) return literal instanceof String ? new Utf8((String) literal).compareTo((Utf8) stat) : null;
    return null;
  }
}
