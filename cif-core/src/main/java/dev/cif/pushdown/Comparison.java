package dev.cif.pushdown;

import java.util.Set;

/** {@code column op literal}; null where the column is null. */
public record Comparison(String column, Op op, Literal value) implements Predicate {
  /** The comparison operators, column on the left. */
  public enum Op {
    EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

    private final String symbol;

    Op(String symbol) { this.symbol = symbol; }

    /** The operator with its operands swapped: {@code 5 < x} is {@code x > 5}. */
    public Op mirrored() {
      switch (this) {
        case LT: return GT;
        case LE: return GE;
        case GT: return LT;
        case GE: return LE;
        default: return this;
      }
    }
  }

  @Override
  public Outcomes evaluate(ColumnStatistics.Lookup statistics) {
    ColumnStatistics s = statistics.of(column);
    if (s == null) return Outcomes.ANY;
    if (s.allNull()) return Outcomes.ONLY_NULL;
    Integer vsMin = s.vsMin(value);
    Integer vsMax = s.vsMax(value);
    if (vsMin == null || vsMax == null) return s.comparison(true, true);
    boolean inRange = vsMin >= 0 && vsMax <= 0;
    boolean allEqual = vsMin == 0 && vsMax == 0;
    switch (op) {
      case EQ: return s.comparison(inRange, !allEqual);
      case NE: return s.comparison(!allEqual, inRange);
      case LT: return s.comparison(vsMin > 0, vsMax <= 0); // some value below the literal; some at or above it
      case LE: return s.comparison(vsMin >= 0, vsMax < 0);
      case GT: return s.comparison(vsMax < 0, vsMin >= 0);
      default: return s.comparison(vsMax <= 0, vsMin > 0); // GE
    }
  }

  @Override
  public void addColumns(Set<String> columns) { columns.add(column); }

  @Override
  public String toString() { return column + " " + op.symbol + " " + value; }
}
