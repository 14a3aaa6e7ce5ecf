package dev.cif.pushdown;

import java.util.Set;

/** True when the child is false (and null when it is null). */
public record Not(Predicate child) implements Predicate {
  @Override
  public Outcomes evaluate(ColumnStatistics.Lookup statistics) { return child.evaluate(statistics).not(); }

  @Override
  public void addColumns(Set<String> columns) { child.addColumns(columns); }

  @Override
  public String toString() { return "NOT " + child; }
}
