package dev.cif.pushdown;

import dev.cif.impl.pushdown.BlockStatisticsFilter;
import java.io.Serializable;
import java.util.List;
import java.util.Set;

/**
 * A filter a query engine pushed down, as a small tree cif-core can judge against block statistics:
 * AND, OR, NOT over comparisons, IN, BETWEEN and IS NULL of top-level columns with {@link Literal}s.
 * Hive's SearchArgument and Pig's Expression are translated into it, so both are judged by one
 * evaluator ({@link BlockStatisticsFilter}). The engine keeps its own filter: a predicate may only
 * leave out rows that cannot match, so whatever a translation cannot express becomes {@link #unknown()}.
 * Serializable, to travel in a job's configuration ({@link SerializedPredicate}).
 */
public sealed interface Predicate extends Serializable permits Connective, Not, Comparison, In, Between, IsNull, Unknown {

  /** The truth values this predicate may take on the rows the statistics describe. */
  Outcomes evaluate(ColumnStatistics.Lookup statistics);

  /** Adds the columns whose statistics this predicate reads. */
  void addColumns(Set<String> columns);

  static Predicate and(List<Predicate> children) { return new Connective(Connective.Kind.AND, children); }

  static Predicate and(Predicate... children) { return and(List.of(children)); }

  static Predicate or(List<Predicate> children) { return new Connective(Connective.Kind.OR, children); }

  static Predicate or(Predicate... children) { return or(List.of(children)); }

  static Predicate not(Predicate child) { return new Not(child); }

  static Predicate compare(String column, Comparison.Op op, Literal value) { return new Comparison(column, op, value); }

  static Predicate in(String column, List<Literal> values) { return new In(column, values); }

  static Predicate between(String column, Literal low, Literal high) { return new Between(column, low, high); }

  static Predicate isNull(String column) { return new IsNull(column); }

  /** What statistics cannot judge (an expression, an operator or a type they do not cover). */
  static Predicate unknown() { return Unknown.INSTANCE; }
}
