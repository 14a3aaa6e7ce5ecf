package dev.cif.pushdown;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** True when every child is. */
public record And(List<Predicate> children) implements Predicate {
  public And {
    children = List.copyOf(children);
  }

  @Override
  public Outcomes evaluate(ColumnStatistics.Lookup statistics) {
    Outcomes o = Outcomes.of(true, false, false);
    for (Predicate c : children) o = o.and(c.evaluate(statistics));
    return o;
  }

  @Override
  public void addColumns(Set<String> columns) { children.forEach(c -> c.addColumns(columns)); }

  @Override
  public String toString() { return children.stream().map(Object::toString).collect(Collectors.joining(" AND ", "(", ")")); }
}
