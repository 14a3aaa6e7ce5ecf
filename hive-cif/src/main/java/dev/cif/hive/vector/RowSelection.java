package dev.cif.hive.vector;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.common.type.DataTypePhysicalVariation;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorExpressionDescriptor;
import org.apache.hadoop.hive.ql.exec.vector.VectorizationContext;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedBatchUtil;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.exec.vector.expressions.VectorExpression;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.plan.ExprNodeColumnDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.plan.TableScanDesc;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Late materialization, the batch form of the paper's lazy records: the filter Hive pushed into the
 * scan is evaluated, as Hive's own vector expression, on the columns it names, and the reader then
 * decodes the other columns only for the rows it keeps. The crawl query's filter on {@code url}
 * keeps about 1% of the rows, so 99% of the {@code metadata} maps are passed over through the skip
 * lists, never decoded. Hive still applies the filter itself afterwards; this only saves work.
 * Used when the filter's columns are primitive and a strict subset of the columns read; the reader
 * stops using it when it keeps most rows and saves no decoding (VectorizedCifReader#PROBE_ROWS).
 */
final class RowSelection {
  private static final Logger LOG = LoggerFactory.getLogger(RowSelection.class);

  private final VectorExpression filter;
  private final VectorizedRowBatch probe;
  /** Which of the included data columns the filter reads. */
  final boolean[] filterColumn;

  private RowSelection(VectorExpression filter, VectorizedRowBatch probe, boolean[] filterColumn) {
    this.filter = filter;
    this.probe = probe;
    this.filterColumn = filterColumn;
  }

  /**
   * The pushed filter compiled against the table's data columns, or null when there is none or it
   * would save nothing (it reads every included column, or a nested one, or Hive cannot vectorize it).
   *
   * @param physical how the batch holds each column (DECIMAL_64 or not), as Hive's batch context says
   * @param included data column indices the reader fills
   */
  static RowSelection compile(Configuration job, List<String> columns, TypeInfo[] types,
      DataTypePhysicalVariation[] physical, int[] included) {
    String serialized = job.get(TableScanDesc.FILTER_EXPR_CONF_STR);
    if (serialized == null || serialized.isEmpty()) return null;
    try {
      ExprNodeGenericFuncDesc expr = SerializationUtilities.deserializeExpression(serialized);
      Set<String> names = new HashSet<>();
      collectColumns(expr, names);
      boolean[] filterColumn = new boolean[included.length];
      int used = 0;
      for (String name : names) {
        int c = columns.indexOf(name);
        int at = indexOf(included, c);
        if (at < 0 || !(types[c] instanceof PrimitiveTypeInfo)) return null;
        filterColumn[at] = true;
        used++;
      }
      if (used == 0 || used == included.length) return null;
      int n = columns.size();
      List<TypeInfo> typeList = new ArrayList<>();
      List<DataTypePhysicalVariation> variations = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        typeList.add(types[i]);
        // As the batch holds them: a decimal Hive reads as DECIMAL_64 is a Decimal64ColumnVector.
        variations.add(physical != null && i < physical.length && physical[i] != null ? physical[i] : DataTypePhysicalVariation.NONE);
      }
      VectorizationContext vc = new VectorizationContext("cif-scan", columns, typeList, variations, vectorizationConf(job));
      VectorExpression filter = vc.getVectorExpression(expr, VectorExpressionDescriptor.Mode.FILTER);
      filter.init(job);
      VectorExpression.doTransientInit(filter, job);
      String[] scratch = vc.getScratchColumnTypeNames();
      DataTypePhysicalVariation[] scratchPhysical = vc.getScratchDataTypePhysicalVariations();
      VectorizedRowBatch probe = new VectorizedRowBatch(n + scratch.length);
      for (int i = 0; i < scratch.length; i++) {
        probe.cols[n + i] = VectorizedBatchUtil.createColumnVector(scratch[i],
            i < scratchPhysical.length ? scratchPhysical[i] : DataTypePhysicalVariation.NONE);
      }
      return new RowSelection(filter, probe, filterColumn);
    } catch (HiveException | RuntimeException e) {
      LOG.info("CIF reads every column of every row: the pushed filter cannot be evaluated in the scan ({})", e.toString());
      return null;
    }
  }

  /** The settings VectorizationContext reads from the HiveConf it is given (in its constructor only). */
  private static final HiveConf.ConfVars[] VECTORIZATION_VARS = {
    HiveConf.ConfVars.HIVE_VECTOR_ADAPTOR_USAGE_MODE, HiveConf.ConfVars.HIVE_TEST_VECTOR_ADAPTOR_OVERRIDE,
    HiveConf.ConfVars.HIVE_VECTORIZED_IF_EXPR_MODE, HiveConf.ConfVars.HIVE_VECTORIZATION_TESTING_REUSE_SCRATCH_COLUMNS,
    HiveConf.ConfVars.HIVE_VECTORIZATION_USE_CHECKED_EXPRESSIONS,
    HiveConf.ConfVars.HIVE_VECTORIZED_ADAPTOR_SUPPRESS_EVALUATE_EXCEPTIONS};

  /** Made once per JVM: a HiveConf made from a job re-reads every configuration resource (XML). */
  private static final class Template {
    static final HiveConf CONF = new HiveConf();
  }

  /**
   * A HiveConf carrying the job's vectorization settings, for VectorizationContext (which takes only
   * a HiveConf). {@code new HiveConf(job, ...)} re-parsed Hadoop's and Hive's XML resources for every
   * split: JFR put over a third of CIF's map-task CPU on the crawl query there (docs/benchmarks.md). Copying
   * a template made once costs a map copy instead.
   */
  static HiveConf vectorizationConf(Configuration job) {
    if (job instanceof HiveConf) return (HiveConf) job;
    HiveConf conf = new HiveConf(Template.CONF);
    for (HiveConf.ConfVars v : VECTORIZATION_VARS) {
      String value = job.get(v.varname);
      if (value != null) conf.set(v.varname, value);
    }
    return conf;
  }

  private static int indexOf(int[] a, int v) {
    for (int i = 0; i < a.length; i++) if (a[i] == v) return i;
    return -1;
  }

  private static void collectColumns(ExprNodeDesc e, Set<String> out) {
    if (e instanceof ExprNodeColumnDesc) out.add(((ExprNodeColumnDesc) e).getColumn());
    if (e.getChildren() != null) for (ExprNodeDesc c : e.getChildren()) collectColumns(c, out);
  }

  /**
   * Evaluates the filter over rows [0, size) of batch, whose filter columns are filled, and writes
   * the rows it keeps, ascending, into selected; returns how many.
   */
  int select(VectorizedRowBatch batch, int[] dataColumns, int size, int[] selected) throws HiveException {
    for (int i = 0; i < dataColumns.length; i++) probe.cols[dataColumns[i]] = filterColumn[i] ? batch.cols[dataColumns[i]] : null;
    for (int i = 0; i < probe.cols.length; i++) if (probe.cols[i] != null && !isData(dataColumns, i)) probe.cols[i].reset();
    probe.size = size;
    probe.selectedInUse = false;
    filter.evaluate(probe);
    if (!probe.selectedInUse) {
      for (int r = 0; r < probe.size; r++) selected[r] = r;
    } else {
      System.arraycopy(probe.selected, 0, selected, 0, probe.size);
    }
    return probe.size;
  }

  private static boolean isData(int[] dataColumns, int c) { return indexOf(dataColumns, c) >= 0; }

  /** Moves the kept rows of a filled primitive vector to the front, in order. */
  static void compact(ColumnVector cv, int[] selected, int n) {
    for (int k = 0; k < n; k++) {
      int r = selected[k];
      if (r == k) continue;
      cv.isNull[k] = cv.isNull[r];
      if (cv instanceof LongColumnVector) {
        ((LongColumnVector) cv).vector[k] = ((LongColumnVector) cv).vector[r];
      } else if (cv instanceof DoubleColumnVector) {
        ((DoubleColumnVector) cv).vector[k] = ((DoubleColumnVector) cv).vector[r];
      } else if (cv instanceof BytesColumnVector) {
        BytesColumnVector b = (BytesColumnVector) cv;
        b.vector[k] = b.vector[r];
        b.start[k] = b.start[r];
        b.length[k] = b.length[r];
      } else if (cv instanceof DecimalColumnVector) {
        ((DecimalColumnVector) cv).vector[k].set(((DecimalColumnVector) cv).vector[r]);
      } else if (cv instanceof TimestampColumnVector) {
        TimestampColumnVector t = (TimestampColumnVector) cv;
        t.time[k] = t.time[r];
        t.nanos[k] = t.nanos[r];
      } else {
        throw new IllegalStateException("cannot compact a " + cv.getClass().getSimpleName());
      }
    }
  }
}
