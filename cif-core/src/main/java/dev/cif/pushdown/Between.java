package dev.cif.pushdown;

import java.util.Set;

/** {@code column BETWEEN low AND high}, both ends included. */
public record Between(String column, Literal low, Literal high) implements Predicate {
  @Override
  public Outcomes evaluate(ColumnStatistics.Lookup statistics) {
    ColumnStatistics s = statistics.of(column);
    if (s == null) return Outcomes.ANY;
    if (s.allNull()) return Outcomes.ONLY_NULL;
    Integer lowVsMin = s.vsMin(low);
    Integer lowVsMax = s.vsMax(low);
    Integer highVsMin = s.vsMin(high);
    Integer highVsMax = s.vsMax(high);
    if (lowVsMin == null || lowVsMax == null || highVsMin == null || highVsMax == null) return s.comparison(true, true);
    // Some value may lie in [low, high] when the ranges overlap; none lies outside when [min, max] is inside.
    return s.comparison(lowVsMax <= 0 && highVsMin >= 0, !(lowVsMin <= 0 && highVsMax >= 0));
  }

  @Override
  public void addColumns(Set<String> columns) { columns.add(column); }

  @Override
  public String toString() { return column + " BETWEEN " + low + " AND " + high; }
}
