package dev.cif.spark;

import dev.cif.pushdown.Comparison;
import dev.cif.pushdown.Literal;
import dev.cif.pushdown.Predicate;
import dev.cif.pushdown.Unknown;
import dev.cif.schema.CifSchemas;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's pushed filters (DataSource V2 {@link org.apache.spark.sql.connector.expressions.filter.Predicate}s)
 * as cif-core's {@link Predicate}, which cif-core judges against block and split-directory statistics
 * to pass over what cannot match. Spark keeps every filter after the scan (a predicate only leaves out
 * rows that cannot match), so what cannot be judged exactly becomes {@link Predicate#unknown()}: columns
 * without statistics (boolean, decimal, binary, nested), char(n) (stored without its padding),
 * timestamps in milliseconds, partition columns, nested fields, and operators statistics do not cover
 * (LIKE, expressions).
 */
final class FilterTranslation {
  private final Schema table;

  /** @param table the data columns as CIF reads them (CifTable#readerSchema) */
  FilterTranslation(Schema table) { this.table = table; }

  /** The predicate, or {@link Predicate#unknown()} if nothing of it can be judged. */
  Predicate of(org.apache.spark.sql.connector.expressions.filter.Predicate p) {
    Expression[] c = p.children();
    switch (p.name()) {
      case "AND": return Predicate.and(of(c[0]), of(c[1]));
      case "OR": return Predicate.or(of(c[0]), of(c[1]));
      case "NOT": return Predicate.not(of(c[0]));
      case "IS_NULL": {
        String col = column(c[0]);
        return col == null ? Predicate.unknown() : Predicate.isNull(col);
      }
      case "IS_NOT_NULL": {
        String col = column(c[0]);
        return col == null ? Predicate.unknown() : Predicate.not(Predicate.isNull(col));
      }
      case "=": return compare(c, Comparison.Op.EQ);
      case "<>": return compare(c, Comparison.Op.NE);
      case "<": return compare(c, Comparison.Op.LT);
      case "<=": return compare(c, Comparison.Op.LE);
      case ">": return compare(c, Comparison.Op.GT);
      case ">=": return compare(c, Comparison.Op.GE);
      case "<=>": {
        // a <=> v (v not null) is a = v where a is not null and false where it is: NOT must see that.
        Predicate eq = compare(c, Comparison.Op.EQ);
        return eq instanceof Unknown ? eq : Predicate.and(eq, Predicate.not(Predicate.isNull(((Comparison) eq).column())));
      }
      case "IN": {
        String col = column(c[0]);
        if (col == null) return Predicate.unknown();
        List<Literal> values = new ArrayList<>();
        for (int i = 1; i < c.length; i++) {
          Literal l = literal(c[i], col);
          if (l == null) return Predicate.unknown();
          values.add(l);
        }
        return values.isEmpty() ? Predicate.unknown() : Predicate.in(col, values);
      }
      default:
        return Predicate.unknown();
    }
  }

  private Predicate of(Expression e) {
    return e instanceof org.apache.spark.sql.connector.expressions.filter.Predicate
        ? of((org.apache.spark.sql.connector.expressions.filter.Predicate) e) : Predicate.unknown();
  }

  /** column op literal, or literal op column (mirrored). */
  private Predicate compare(Expression[] c, Comparison.Op op) {
    String col = column(c[0]);
    Expression lit = c[1];
    if (col == null) {
      col = column(c[1]);
      lit = c[0];
      op = op.mirrored();
    }
    if (col == null) return Predicate.unknown();
    Literal l = literal(lit, col);
    return l == null ? Predicate.unknown() : Predicate.compare(col, op, l);
  }

  /** The name of a top-level data column statistics can judge, or null. */
  private String column(Expression e) {
    if (!(e instanceof NamedReference)) return null;
    String[] names = ((NamedReference) e).fieldNames();
    if (names.length != 1) return null;
    Schema.Field f = table.getField(names[0]);
    if (f == null) return null; // a partition column
    Schema s = CifSchemas.nonNull(f.schema());
    LogicalType logical = s.getLogicalType();
    switch (s.getType()) {
      case INT: case FLOAT: case DOUBLE: return names[0];
      case LONG: return logical instanceof LogicalTypes.TimestampMillis || logical instanceof LogicalTypes.LocalTimestampMillis ? null : names[0];
      case STRING: return "char".equals(CifSchemas.logicalName(s)) ? null : names[0];
      default: return null;
    }
  }

  /**
   * Spark's literal as a CIF literal for the column: integers (and dates, timestamps: days, micros),
   * floating-point numbers, strings; a null, or a literal of another kind, cannot be judged.
   */
  private Literal literal(Expression e, String column) {
    if (!(e instanceof LiteralValue)) return null;
    Object v = ((LiteralValue<?>) e).value();
    if (v == null) return null;
    Schema.Type t = CifSchemas.nonNull(table.getField(column).schema()).getType();
    if (v instanceof UTF8String) return t == Schema.Type.STRING ? Literal.of(v.toString()) : null;
    if (t == Schema.Type.STRING) return null;
    if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) return Literal.of(((Number) v).longValue());
    if (v instanceof Float || v instanceof Double) return Literal.of(((Number) v).doubleValue());
    return null;
  }
}
