package dev.cif.pig;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.avro.util.Utf8;
import org.apache.pig.Expression;
import org.apache.pig.Expression.OpType;

/**
 * A filter Pig pushed to CifLoader, kept as a small serializable tree (Pig's Expression is not
 * serializable) and evaluated against a split-directory's column statistics: {@link #mayMatch} says
 * false only when no row can satisfy it. Pig still applies the filter to every row it reads, so an
 * answer of "may match" is always safe.
 */
abstract class PushedPredicate implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The comparisons and connectives CifLoader accepts from Pig. */
  static final List<OpType> SUPPORTED = Arrays.asList(OpType.OP_EQ, OpType.OP_GT, OpType.OP_GE, OpType.OP_LT,
      OpType.OP_LE, OpType.OP_AND, OpType.OP_OR);

  abstract boolean mayMatch(Function<String, ColumnRange> ranges);

  /** The predicate for Pig's expression; parts it cannot judge become "may match". */
  static PushedPredicate of(Expression e) {
    if (e instanceof Expression.BinaryExpression) {
      Expression.BinaryExpression b = (Expression.BinaryExpression) e;
      switch (e.getOpType()) {
        case OP_AND: return new And(of(b.getLhs()), of(b.getRhs()));
        case OP_OR: return new Or(of(b.getLhs()), of(b.getRhs()));
        case OP_EQ: case OP_GT: case OP_GE: case OP_LT: case OP_LE:
          if (b.getLhs() instanceof Expression.Column && b.getRhs() instanceof Expression.Const) {
            return Compare.of(((Expression.Column) b.getLhs()).getName(), e.getOpType(), ((Expression.Const) b.getRhs()).getValue());
          }
          if (b.getRhs() instanceof Expression.Column && b.getLhs() instanceof Expression.Const) {
            return Compare.of(((Expression.Column) b.getRhs()).getName(), mirror(e.getOpType()), ((Expression.Const) b.getLhs()).getValue());
          }
          return ANY;
        default:
          return ANY;
      }
    }
    return ANY;
  }

  /** The operator with its operands swapped: 5 < x is x > 5. */
  private static OpType mirror(OpType op) {
    switch (op) {
      case OP_GT: return OpType.OP_LT;
      case OP_GE: return OpType.OP_LE;
      case OP_LT: return OpType.OP_GT;
      case OP_LE: return OpType.OP_GE;
      default: return op;
    }
  }

  static final PushedPredicate ANY = new Any();

  private static final class Any extends PushedPredicate {
    private static final long serialVersionUID = 1L;
    @Override boolean mayMatch(Function<String, ColumnRange> ranges) { return true; }
    @Override public String toString() { return "any"; }
  }

  private static final class And extends PushedPredicate {
    private static final long serialVersionUID = 1L;
    private final PushedPredicate a;
    private final PushedPredicate b;
    And(PushedPredicate a, PushedPredicate b) { this.a = a; this.b = b; }
    @Override boolean mayMatch(Function<String, ColumnRange> r) { return a.mayMatch(r) && b.mayMatch(r); }
    @Override public String toString() { return "(" + a + " and " + b + ")"; }
  }

  private static final class Or extends PushedPredicate {
    private static final long serialVersionUID = 1L;
    private final PushedPredicate a;
    private final PushedPredicate b;
    Or(PushedPredicate a, PushedPredicate b) { this.a = a; this.b = b; }
    @Override boolean mayMatch(Function<String, ColumnRange> r) { return a.mayMatch(r) || b.mayMatch(r); }
    @Override public String toString() { return "(" + a + " or " + b + ")"; }
  }

  /** column op constant, for a constant of a type the statistics can be compared with. */
  private static final class Compare extends PushedPredicate {
    private static final long serialVersionUID = 1L;
    private final String column;
    private final OpType op;
    private final Serializable value;

    private Compare(String column, OpType op, Serializable value) {
      this.column = column;
      this.op = op;
      this.value = value;
    }

    static PushedPredicate of(String column, OpType op, Object value) {
      if (value instanceof Number || value instanceof String) return new Compare(column, op, (Serializable) value);
      return ANY;
    }

    @Override
    boolean mayMatch(Function<String, ColumnRange> ranges) {
      ColumnRange r = ranges.apply(column);
      if (r == null) return true;
      if (r.allNull()) return false; // a comparison with null is never true in Pig
      if (r.min == null || r.max == null) return true;
      Integer lo = compare(r.min, value);
      Integer hi = compare(r.max, value);
      if (lo == null || hi == null) return true;
      switch (op) {
        case OP_EQ: return lo <= 0 && hi >= 0;
        case OP_GT: return hi > 0;
        case OP_GE: return hi >= 0;
        case OP_LT: return lo < 0;
        case OP_LE: return lo <= 0;
        default: return true;
      }
    }

    /** stat vs constant, or null when the two cannot be compared exactly. */
    private static Integer compare(Object stat, Object constant) {
      if (stat instanceof CharSequence && constant instanceof String) {
        // Stats hold Utf8, ordered by bytes: compare the constant the same way.
        return new Utf8(stat.toString()).compareTo(new Utf8((String) constant));
      }
      if (stat instanceof Number && constant instanceof Number) {
        if (isIntegral(stat) && isIntegral(constant)) return Long.compare(((Number) stat).longValue(), ((Number) constant).longValue());
        return Double.compare(((Number) stat).doubleValue(), ((Number) constant).doubleValue());
      }
      return null;
    }

    private static boolean isIntegral(Object n) { return n instanceof Integer || n instanceof Long; }

    @Override public String toString() { return column + " " + op + " " + value; }
  }
}
