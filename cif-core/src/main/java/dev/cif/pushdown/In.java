package dev.cif.pushdown;

import java.util.List;
import java.util.Set;

/** {@code column IN (literals)}. */
public record In(String column, List<Literal> values) implements Predicate {
  public In {
    values = List.copyOf(values);
  }

  @Override
  public Outcomes evaluate(ColumnStatistics.Lookup statistics) {
    ColumnStatistics s = statistics.of(column);
    if (s == null) return Outcomes.ANY;
    if (s.allNull()) return Outcomes.ONLY_NULL;
    boolean mayBeTrue = false;
    boolean mayBeFalse = true;
    for (Literal v : values) {
      Integer vsMin = s.vsMin(v);
      Integer vsMax = s.vsMax(v);
      if (vsMin == null || vsMax == null) return s.comparison(true, true);
      if (vsMin >= 0 && vsMax <= 0) mayBeTrue = true;
      if (vsMin == 0 && vsMax == 0) mayBeFalse = false; // every value is this literal
    }
    return s.comparison(mayBeTrue, mayBeFalse);
  }

  @Override
  public void addColumns(Set<String> columns) { columns.add(column); }

  @Override
  public String toString() { return column + " IN " + values; }
}
