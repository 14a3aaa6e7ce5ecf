package dev.cif.pushdown;

import java.util.Set;

/** The column's value is null; judged by null counts alone, which every block keeps. */
public record IsNull(String column) implements Predicate {
  @Override
  public Outcomes evaluate(ColumnStatistics.Lookup statistics) {
    ColumnStatistics s = statistics.of(column);
    if (s == null) return Outcomes.ANY;
    return Outcomes.of(s.nulls > 0, s.nulls < s.rows, false);
  }

  @Override
  public void addColumns(Set<String> columns) { columns.add(column); }

  @Override
  public String toString() { return column + " IS NULL"; }
}
