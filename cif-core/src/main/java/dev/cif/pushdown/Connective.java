package dev.cif.pushdown;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** AND (true when every child is) or OR (true when any child is) of child predicates, in SQL's three-valued logic. */
public record Connective(Kind kind, List<Predicate> children) implements Predicate {
  /** Which connective; each folds its children's outcomes from its identity (AND from true, OR from false). */
  public enum Kind { AND, OR }

  public Connective {
    children = List.copyOf(children);
  }

  @Override
  public Outcomes evaluate(ColumnStatistics.Lookup statistics) {
    boolean and = kind == Kind.AND;
    Outcomes o = Outcomes.of(and, !and, false);
    for (Predicate c : children) o = and ? o.and(c.evaluate(statistics)) : o.or(c.evaluate(statistics));
    return o;
  }

  @Override
  public void addColumns(Set<String> columns) { children.forEach(c -> c.addColumns(columns)); }

  @Override
  public String toString() { return children.stream().map(Object::toString).collect(Collectors.joining(" " + kind + " ", "(", ")")); }
}
