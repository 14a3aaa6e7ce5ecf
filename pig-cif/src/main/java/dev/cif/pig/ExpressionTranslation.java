package dev.cif.pig;

import dev.cif.pushdown.Comparison;
import dev.cif.pushdown.Literal;
import dev.cif.pushdown.Predicate;
import java.util.Arrays;
import java.util.List;
import org.apache.pig.Expression;
import org.apache.pig.Expression.OpType;

/**
 * A filter Pig pushed to CifLoader (an {@link Expression}, which is not serializable) as cif-core's
 * {@link Predicate}, which cif-core judges against block statistics. Pig still applies the filter to
 * every row it reads, so any part that is not a comparison of a column with a constant becomes
 * {@link Predicate#unknown()}.
 */
final class ExpressionTranslation {
  private ExpressionTranslation() {}

  /** The comparisons and connectives CifLoader accepts from Pig. */
  static final List<OpType> SUPPORTED = Arrays.asList(OpType.OP_EQ, OpType.OP_GT, OpType.OP_GE, OpType.OP_LT,
      OpType.OP_LE, OpType.OP_AND, OpType.OP_OR);

  static Predicate of(Expression e) {
    if (!(e instanceof Expression.BinaryExpression)) return Predicate.unknown();
    Expression.BinaryExpression b = (Expression.BinaryExpression) e;
    switch (e.getOpType()) {
      case OP_AND: return Predicate.and(of(b.getLhs()), of(b.getRhs()));
      case OP_OR: return Predicate.or(of(b.getLhs()), of(b.getRhs()));
      case OP_EQ: return compare(b, Comparison.Op.EQ);
      case OP_GT: return compare(b, Comparison.Op.GT);
      case OP_GE: return compare(b, Comparison.Op.GE);
      case OP_LT: return compare(b, Comparison.Op.LT);
      case OP_LE: return compare(b, Comparison.Op.LE);
      default: return Predicate.unknown();
    }
  }

  /** column op constant, or constant op column (5 < x is x > 5). */
  private static Predicate compare(Expression.BinaryExpression b, Comparison.Op op) {
    if (b.getLhs() instanceof Expression.Column && b.getRhs() instanceof Expression.Const) {
      return compare(((Expression.Column) b.getLhs()).getName(), op, ((Expression.Const) b.getRhs()).getValue());
    }
    if (b.getRhs() instanceof Expression.Column && b.getLhs() instanceof Expression.Const) {
      return compare(((Expression.Column) b.getRhs()).getName(), op.mirrored(), ((Expression.Const) b.getLhs()).getValue());
    }
    return Predicate.unknown();
  }

  private static Predicate compare(String column, Comparison.Op op, Object value) {
    Literal literal = Literal.ofValue(value);
    return literal == null ? Predicate.unknown() : Predicate.compare(column, op, literal);
  }
}
