package dev.cif.hive;

import dev.cif.pushdown.Comparison;
import dev.cif.pushdown.Literal;
import dev.cif.pushdown.Predicate;
import dev.cif.schema.CifSchemas;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.io.sarg.ConvertAstToSearchArg;
import org.apache.hadoop.hive.ql.io.sarg.ExpressionTree;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;

/**
 * Hive's pushed-down filter (the SearchArgument it serializes into the job) as cif-core's
 * {@link Predicate}, which cif-core judges against block statistics. Hive keeps its own Filter
 * operator, so whatever cannot be judged exactly becomes {@link Predicate#unknown()}: literals of types
 * without statistics (date, decimal, timestamp, boolean), NULL literals, and the columns below.
 */
final class SearchArgumentTranslation {
  private final SearchArgument sarg;
  private final Schema table;

  private SearchArgumentTranslation(SearchArgument sarg, Schema table) {
    this.sarg = sarg;
    this.table = table;
  }

  /**
   * The job's pushed filter, or null when Hive pushed none.
   *
   * @param table the table's columns (to tell which can be judged), or null if the job does not say
   */
  static Predicate fromConf(Configuration job, Schema table) {
    SearchArgument sarg = ConvertAstToSearchArg.createFromConf(job);
    return sarg == null ? null : new SearchArgumentTranslation(sarg, table).of(sarg.getExpression());
  }

  private Predicate of(ExpressionTree e) {
    List<Predicate> children = new ArrayList<>();
    if (e.getChildren() != null) for (ExpressionTree c : e.getChildren()) children.add(of(c));
    switch (e.getOperator()) {
      case AND: return Predicate.and(children);
      case OR: return Predicate.or(children);
      case NOT: return Predicate.not(children.get(0));
      case LEAF: return leaf(e.getPredicateLeaf() != null ? e.getPredicateLeaf() : sarg.getLeaves().get(e.getLeaf()));
      default: return Predicate.unknown(); // a constant Hive folded the leaf into
    }
  }

  private Predicate leaf(PredicateLeaf leaf) {
    String column = leaf.getColumnName();
    if (!judged(column, leaf.getType())) return Predicate.unknown();
    switch (leaf.getOperator()) {
      case IS_NULL:
        return Predicate.isNull(column);
      case EQUALS:
        return compare(column, Comparison.Op.EQ, leaf.getLiteral());
      case NULL_SAFE_EQUALS:
        // a <=> v is a = v where a is not null, and false (not null) where it is: NOT must see that.
        if (leaf.getLiteral() == null) return Predicate.isNull(column);
        return Predicate.and(compare(column, Comparison.Op.EQ, leaf.getLiteral()), Predicate.not(Predicate.isNull(column)));
      case LESS_THAN:
        return compare(column, Comparison.Op.LT, leaf.getLiteral());
      case LESS_THAN_EQUALS:
        return compare(column, Comparison.Op.LE, leaf.getLiteral());
      case IN: {
        List<Literal> values = literals(leaf.getLiteralList());
        return values == null ? Predicate.unknown() : Predicate.in(column, values);
      }
      case BETWEEN: {
        List<Literal> bounds = literals(leaf.getLiteralList());
        return bounds == null || bounds.size() != 2 ? Predicate.unknown() : Predicate.between(column, bounds.get(0), bounds.get(1));
      }
      default:
        return Predicate.unknown();
    }
  }

  /**
   * Whether statistics may judge the column. Not char(n): CIF stores it without its padding while
   * Hive may compare it with a padded literal. Not float: Hive's literal is a double, which the
   * float's statistics widened to double need not equal. Without the table's columns, neither can
   * be told from string or double, so only integer leaves are judged.
   */
  private boolean judged(String column, PredicateLeaf.Type type) {
    if (table == null) return type == PredicateLeaf.Type.LONG;
    Schema.Field f = table.getField(column);
    if (f == null) return true; // a partition column: no split-directory holds it, so the engine judges nothing
    Schema s = CifSchemas.nonNull(f.schema());
    return s.getType() != Schema.Type.FLOAT && !"char".equals(CifSchemas.logicalName(s));
  }

  private static Predicate compare(String column, Comparison.Op op, Object value) {
    Literal literal = Literal.ofValue(value);
    return literal == null ? Predicate.unknown() : Predicate.compare(column, op, literal);
  }

  /** The literals of a list, or null if one cannot be judged. */
  private static List<Literal> literals(List<Object> values) {
    if (values == null) return null;
    List<Literal> out = new ArrayList<>();
    for (Object v : values) {
      Literal l = Literal.ofValue(v);
      if (l == null) return null;
      out.add(l);
    }
    return out;
  }
}
