package dev.cif.pushdown;

import java.util.Set;

/** A part of a pushed filter statistics cannot judge: it may be true, false or null anywhere. */
public record Unknown() implements Predicate {
  static final Unknown INSTANCE = new Unknown();

  @Override
  public Outcomes evaluate(ColumnStatistics.Lookup statistics) { return Outcomes.ANY; }

  @Override
  public void addColumns(Set<String> columns) {}

  @Override
  public String toString() { return "?"; }
}
