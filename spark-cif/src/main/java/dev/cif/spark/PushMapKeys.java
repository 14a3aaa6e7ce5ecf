package dev.cif.spark;

import dev.cif.conf.CifConf;
import dev.cif.pushdown.MapKeys;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.ExprId;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GetMapValue;
import org.apache.spark.sql.catalyst.expressions.IsNotNull;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.plans.logical.Except;
import org.apache.spark.sql.catalyst.plans.logical.Intersect;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.plans.logical.Union;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.unsafe.types.UTF8String;
import scala.runtime.AbstractPartialFunction;
import scala.runtime.BoxedUnit;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The optimizer rule that pushes map keys into CIF scans, as hive-cif's PlanMapKeys does for Hive:
 * where a query reads a map column of a CIF table only as {@code m['k']} with literal keys, the
 * relation's options get those keys ({@code cif.read.map-keys}), so the scan hands out maps of those keys
 * alone and, of a DCSL column, decodes (of a keyed block, reads) no other key's values. Any other use of the
 * column (the whole map in the output, {@code size(m)}, {@code map_keys(m)}, a key computed at run time, a
 * set operation over it) leaves it read whole. The scan's description (EXPLAIN) shows the pushed keys.
 * It runs in the operator optimization batch, before Spark builds the scan from the relation's options.
 */
final class PushMapKeys extends Rule<LogicalPlan> {
  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    Map<ExprId, String> mapColumns = new HashMap<>();
    plan.foreach(node -> {
      if (node instanceof DataSourceV2Relation && ((DataSourceV2Relation) node).table() instanceof CifTable) {
        for (AttributeReference a : CollectionConverters.asJava(((DataSourceV2Relation) node).output())) {
          if (a.dataType() instanceof MapType && ((MapType) a.dataType()).keyType() instanceof StringType) {
            mapColumns.put(a.exprId(), a.name());
          }
        }
      }
      return BoxedUnit.UNIT;
    });
    if (mapColumns.isEmpty()) return plan;
    Map<ExprId, Set<String>> keys = new HashMap<>();
    Set<ExprId> whole = new HashSet<>();
    for (Attribute a : CollectionConverters.asJava(plan.output())) whole.add(a.exprId());
    plan.foreach(node -> {
      if (node instanceof DataSourceV2Relation) return BoxedUnit.UNIT;
      if (node instanceof Union || node instanceof Intersect || node instanceof Except) {
        for (LogicalPlan child : CollectionConverters.asJava(node.children())) {
          for (Attribute a : CollectionConverters.asJava(child.output())) whole.add(a.exprId());
        }
      }
      for (Expression e : CollectionConverters.asJava(node.expressions())) {
        // A Project that passes the column on as it is (column pruning puts Project [m] under an Aggregate
        // of sum(length(m['k']))) does not use it: whatever uses the same attribute above it is seen there,
        // and the plan's output counts as whole.
        if (node instanceof Project && e instanceof AttributeReference) continue;
        uses(e, mapColumns, keys, whole);
      }
      return BoxedUnit.UNIT;
    });
    return plan.transformUp(new AbstractPartialFunction<LogicalPlan, LogicalPlan>() {
      @Override
      public boolean isDefinedAt(LogicalPlan node) {
        return node instanceof DataSourceV2Relation && ((DataSourceV2Relation) node).table() instanceof CifTable;
      }

      @Override
      public <A1 extends LogicalPlan, B1> B1 applyOrElse(A1 node, scala.Function1<A1, B1> otherwise) {
        if (!isDefinedAt(node)) return otherwise.apply(node);
        @SuppressWarnings("unchecked") B1 out = (B1) withKeys((DataSourceV2Relation) node, keys, whole);
        return out;
      }
    });
  }

  /** Records how expression e uses the map columns: as m['literal'], or otherwise (whole). */
  private static void uses(Expression e, Map<ExprId, String> mapColumns, Map<ExprId, Set<String>> keys, Set<ExprId> whole) {
    if (e instanceof GetMapValue) {
      GetMapValue g = (GetMapValue) e;
      if (g.child() instanceof AttributeReference && mapColumns.containsKey(((AttributeReference) g.child()).exprId())
          && g.key() instanceof Literal && ((Literal) g.key()).value() instanceof UTF8String) {
        keys.computeIfAbsent(((AttributeReference) g.child()).exprId(), k -> new LinkedHashSet<>()).add(((Literal) g.key()).value().toString());
        return;
      }
    }
    // Whether the map is null does not depend on its keys: a reader with pushed keys hands out the same nulls
    // (Spark adds isnotnull(m) beside a filter on m['k'] itself).
    if ((e instanceof IsNotNull || e instanceof IsNull) && e.children().head() instanceof AttributeReference) return;
    if (e instanceof AttributeReference && mapColumns.containsKey(((AttributeReference) e).exprId())) {
      whole.add(((AttributeReference) e).exprId());
      return;
    }
    for (Expression c : CollectionConverters.asJava(e.children())) uses(c, mapColumns, keys, whole);
  }

  /** The relation with the keys of its map columns read only by key in its options; itself if none or unchanged. */
  private static LogicalPlan withKeys(DataSourceV2Relation r, Map<ExprId, Set<String>> keys, Set<ExprId> whole) {
    Map<String, Set<String>> byColumn = new LinkedHashMap<>();
    for (AttributeReference a : CollectionConverters.asJava(r.output())) {
      Set<String> k = keys.get(a.exprId());
      if (k != null && !whole.contains(a.exprId())) byColumn.put(a.name(), k);
    }
    String key = CifConf.MAP_KEYS.key();
    String encoded = byColumn.isEmpty() ? null : MapKeys.of(byColumn).encode();
    String current = r.options().get(key);
    if (java.util.Objects.equals(encoded, current)) return r;
    Map<String, String> options = new HashMap<>(r.options().asCaseSensitiveMap());
    if (encoded == null) options.remove(key);
    else options.put(key, encoded);
    return r.copy(r.table(), r.output(), r.catalog(), r.identifier(), new CaseInsensitiveStringMap(options), r.timeTravelSpec());
  }
}
