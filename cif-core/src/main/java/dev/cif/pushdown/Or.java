package dev.cif.pushdown;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** True when any child is. */
public record Or(List<Predicate> children) implements Predicate {
  public Or {
    children = List.copyOf(children);
  }

  @Override
  public Outcomes evaluate(ColumnStatistics.Lookup statistics) {
    Outcomes o = Outcomes.of(false, true, false);
    for (Predicate c : children) o = o.or(c.evaluate(statistics));
    return o;
  }

  @Override
  public void addColumns(Set<String> columns) { children.forEach(c -> c.addColumns(columns)); }

  @Override
  public String toString() { return children.stream().map(Object::toString).collect(Collectors.joining(" OR ", "(", ")")); }
}
