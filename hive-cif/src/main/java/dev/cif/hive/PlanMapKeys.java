package dev.cif.hive;

import dev.cif.conf.CifConf;
import dev.cif.pushdown.MapKeys;
import dev.cif.schema.CifSchemas;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.Operator;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.plan.AggregationDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeColumnDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeConstantDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.plan.FilterDesc;
import org.apache.hadoop.hive.ql.plan.GroupByDesc;
import org.apache.hadoop.hive.ql.plan.HashTableSinkDesc;
import org.apache.hadoop.hive.ql.plan.JoinDesc;
import org.apache.hadoop.hive.ql.plan.LimitDesc;
import org.apache.hadoop.hive.ql.plan.MapJoinDesc;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.OperatorDesc;
import org.apache.hadoop.hive.ql.plan.ReduceSinkDesc;
import org.apache.hadoop.hive.ql.plan.SelectDesc;
import org.apache.hadoop.hive.ql.plan.TableScanDesc;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFIndex;

/**
 * The map keys a task's plan reads, found in the map work Hive ships with the task (its operator
 * tree and their expressions, which a vectorized plan keeps beside its vector expressions): for
 * each map column with string keys, the constant keys of {@code m['k']} anywhere in the scan's
 * operators (SELECT, WHERE, GROUP BY and aggregates, join and shuffle keys, nested in functions),
 * and whether anything needs the whole map: {@code m} itself (SELECT *, m passed on to a join,
 * a shuffle or a file), {@code size(m)}, {@code map_keys}, {@code map_values}, {@code explode}, a key
 * computed per row, or any operator this analysis does not know while the map is still in the row.
 * Only columns nothing needs whole are pushed (cif-core gets "column c: keys {...}", {@link MapKeys}).
 *
 * <p>Columns are matched by name in the scan's operators up to the first operator that replaces
 * the row (a SELECT, GROUP BY, join or shuffle): after it the map can only be there under another
 * name if that operator passed it on whole, which counts as needing it whole. Every table scan
 * of the map work is looked at, so a split read for one alias of a self-join reads the keys of both.
 */
final class PlanMapKeys {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PlanMapKeys.class);

  /** The table's map columns whose keys are strings (the only ones m['k'] with a constant key can name). */
  private final Set<String> maps = new HashSet<>();
  private final Map<String, Set<String>> keys = new LinkedHashMap<>();
  private final Set<String> whole = new HashSet<>();

  private PlanMapKeys(Schema table) {
    for (Schema.Field f : table.getFields()) {
      Schema s = CifSchemas.nonNull(f.schema());
      Schema key = s.getType() == Schema.Type.MAP ? CifSchemas.nonNull(CifSchemas.mapKeySchema(s)) : null;
      // Plain strings only: char and varchar keys compare under Hive's own rules.
      if (key != null && key.getType() == Schema.Type.STRING && key.getProp(HiveTypeMapping.HIVE_TYPE_PROP) == null) {
        maps.add(f.name());
      }
    }
  }

  /**
   * The keys to push for the task's scan of table, from the map work in job; {@link MapKeys#NONE}
   * when the setting is off, the table has no map column, or there is no map work (a fetch task).
   */
  static MapKeys fromConf(Configuration job, Schema table) {
    if (table == null || !CifConf.HIVE_MAP_KEY_PUSHDOWN.getBoolean(job)) return MapKeys.NONE;
    PlanMapKeys p = new PlanMapKeys(table);
    if (p.maps.isEmpty()) return MapKeys.NONE;
    MapWork work;
    try {
      work = Utilities.getMapWork(job);
    } catch (RuntimeException e) {
      LOG.debug("CIF: no map work in the job; maps are read whole", e);
      return MapKeys.NONE;
    }
    if (work == null || work.getAliasToWork() == null || work.getAliasToWork().isEmpty()) return MapKeys.NONE;
    return p.of(work.getAliasToWork().values());
  }

  /** The keys to push for these table scans (the roots of a map work). */
  static MapKeys of(Schema table, Collection<? extends Operator<?>> scans) {
    return new PlanMapKeys(table).of(scans);
  }

  private MapKeys of(Collection<? extends Operator<?>> scans) {
    for (Operator<?> scan : scans) visit(scan);
    Map<String, Set<String>> pushed = new LinkedHashMap<>();
    keys.forEach((c, k) -> {
      if (!whole.contains(c)) pushed.put(c, k);
    });
    MapKeys result = MapKeys.of(pushed);
    LOG.info("CIF: map keys pushed {}; maps read whole {}", result, whole);
    return result;
  }

  /** Looks at op's expressions and, while the scan's row (and so the map, by name) flows on, at its children. */
  private void visit(Operator<?> op) {
    OperatorDesc desc = op.getConf();
    boolean rowFlowsOn;
    if (desc instanceof TableScanDesc) {
      scan(((TableScanDesc) desc).getFilterExpr());
      rowFlowsOn = true;
    } else if (desc instanceof FilterDesc) {
      scan(((FilterDesc) desc).getPredicate());
      rowFlowsOn = true;
    } else if (desc instanceof LimitDesc) {
      rowFlowsOn = true;
    } else if (desc instanceof SelectDesc) {
      SelectDesc s = (SelectDesc) desc;
      if (s.isSelStarNoCompute()) whole.addAll(maps);
      scan(s.getColList());
      rowFlowsOn = false;
    } else if (desc instanceof GroupByDesc) {
      GroupByDesc g = (GroupByDesc) desc;
      scan(g.getKeys());
      if (g.getAggregators() != null) for (AggregationDesc a : g.getAggregators()) scan(a.getParameters());
      rowFlowsOn = false;
    } else if (desc instanceof ReduceSinkDesc) {
      ReduceSinkDesc r = (ReduceSinkDesc) desc;
      scan(r.getKeyCols());
      scan(r.getValueCols());
      scan(r.getPartitionCols());
      scan(r.getBucketCols());
      rowFlowsOn = false;
    } else if (desc instanceof JoinDesc || desc instanceof HashTableSinkDesc) {
      scanJoin(desc);
      rowFlowsOn = false;
    } else {
      // An operator not known here (a file sink straight after the scan, a lateral view, a UDTF, a
      // PTF, ...) while the row still holds the map: it may use the map whole.
      whole.addAll(maps);
      return;
    }
    if (!rowFlowsOn || op.getChildOperators() == null) return;
    for (Operator<?> child : op.getChildOperators()) visit(child);
  }

  private void scanJoin(OperatorDesc desc) {
    if (desc instanceof MapJoinDesc) scanAll(((MapJoinDesc) desc).getKeys());
    if (desc instanceof HashTableSinkDesc) {
      HashTableSinkDesc h = (HashTableSinkDesc) desc;
      scanAll(h.getKeys());
      scanAll(h.getExprs());
      scanAll(h.getFilters());
      return;
    }
    JoinDesc j = (JoinDesc) desc;
    scanAll(j.getExprs());
    scanAll(j.getFilters());
    scan(j.getResidualFilterExprs());
    if (!(desc instanceof MapJoinDesc)) whole.addAll(maps); // a join's keys come from elsewhere (its shuffle): keep it whole
  }

  private void scanAll(Map<Byte, List<ExprNodeDesc>> byTag) {
    if (byTag != null) for (List<ExprNodeDesc> l : byTag.values()) scan(l);
  }

  private void scan(List<ExprNodeDesc> exprs) {
    if (exprs != null) for (ExprNodeDesc e : exprs) scan(e);
  }

  private void scan(ExprNodeDesc e) {
    if (e == null) return;
    if (e instanceof ExprNodeColumnDesc) {
      String c = ((ExprNodeColumnDesc) e).getColumn();
      if (maps.contains(c)) whole.add(c); // the map itself, not one of its keys
      return;
    }
    String column = mapColumnIndexed(e);
    if (column != null) {
      Object key = ((ExprNodeConstantDesc) e.getChildren().get(1)).getValue();
      if (key != null) {
        keys.computeIfAbsent(column, c -> new LinkedHashSet<>()).add(key.toString());
        return;
      }
    }
    if (e.getChildren() != null) for (ExprNodeDesc child : e.getChildren()) scan(child);
  }

  /** The map column of {@code m['k']} with a constant key, or null if e is not that. */
  private String mapColumnIndexed(ExprNodeDesc e) {
    if (!(e instanceof ExprNodeGenericFuncDesc) || !(((ExprNodeGenericFuncDesc) e).getGenericUDF() instanceof GenericUDFIndex)) return null;
    List<ExprNodeDesc> args = e.getChildren();
    if (args.size() != 2 || !(args.get(0) instanceof ExprNodeColumnDesc) || !(args.get(1) instanceof ExprNodeConstantDesc)) return null;
    String c = ((ExprNodeColumnDesc) args.get(0)).getColumn();
    return maps.contains(c) ? c : null;
  }
}
