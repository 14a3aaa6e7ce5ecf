package dev.cif.hive.vector;

import dev.cif.ReadOptions;
import dev.cif.RowRuns;
import dev.cif.record.Projection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatchCtx;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;

/**
 * Hive's vectorized reader over one CIF split: fills the data columns Hive reads of each
 * {@link VectorizedRowBatch} (up to its 1,024 rows) from the split's column files, a run of rows at a
 * time (a run stays inside one split-directory and one range of rows the pushed filter keeps), and
 * the partition columns from the split's partition. Columns Hive does not read are never opened.
 * On close it adds to the task's counters (group {@value #COUNTERS}) how many rows it scanned and for
 * how many of them it decoded the columns the pushed filter does not read, and on how many the scan
 * evaluated the pushed filter.
 */
public final class VectorizedCifReader implements RecordReader<NullWritable, VectorizedRowBatch> {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(VectorizedCifReader.class);
  public static final String COUNTERS = "CIF";
  /** Rows of the runs read (rows in runs the pushed filter's statistics left out are not counted). */
  public static final String ROWS_SCANNED = "ROWS_SCANNED";
  /** Rows whose every projected column was decoded: all scanned rows, or those the scan's filter kept. */
  public static final String ROWS_MATERIALIZED = "ROWS_MATERIALIZED";
  /** Rows the pushed filter was evaluated on in the scan (Hive evaluates it again on the rows kept). */
  public static final String ROWS_FILTERED = "ROWS_FILTERED";
  /**
   * Rows the scan's filter is evaluated on before it is judged: when it has kept more than a quarter of
   * them and every other column is primitive (decoded whole anyway at that density), it saves nothing and
   * the scan stops evaluating it (see fillSelected).
   */
  static final int PROBE_ROWS = 4096;
  private final Reporter reporter;
  private final dev.cif.pushdown.MapKeys mapKeys;
  private long scanned;
  private long filtered;
  private long keptByFilter;
  /** Whether every column the filter does not read is primitive (so a dense run decodes it whole). */
  private final boolean othersPrimitive;
  private final VectorizedRowBatchCtx ctx;
  private final RowRuns cursor;
  private final ColumnFill[] fills;
  private final Object[] partitionValues;
  /** Null when the pushed filter is not evaluated in the scan (or stopped being: see fillSelected). */
  private RowSelection selection;
  private final int[] dataColumns;
  private int[] selected = new int[0];
  private long rows;

  /**
   * @param table the table's data columns as a CIF schema, in Hive's column order
   * @param included the data columns to fill (indices into the table's columns)
   * @param options the pushed filter (its statistics pass over blocks) and the value-size cap
   * @param listings each split-directory's listing as planned (ColumnSplit#listings), or null to list each
   */
  public VectorizedCifReader(FileSystem fs, List<Path> dirs, List<org.apache.hadoop.fs.FileStatus[]> listings,
      VectorizedRowBatchCtx ctx, Schema table, int[] included,
      Object[] partitionValues, ReadOptions options, org.apache.hadoop.conf.Configuration job,
      Reporter reporter) {
    this.ctx = ctx;
    this.reporter = reporter;
    this.mapKeys = options.mapKeys();
    this.partitionValues = partitionValues;
    TypeInfo[] types = ctx.getRowColumnTypeInfos();
    List<String> names = new ArrayList<>();
    fills = new ColumnFill[included.length];
    for (int i = 0; i < included.length; i++) {
      Schema.Field f = table.getFields().get(included[i]);
      names.add(f.name());
      fills[i] = new ColumnFill(i, included[i], types[included[i]], f.schema());
    }
    cursor = options.runs(fs, dirs, listings, Projection.of(table, names));
    this.dataColumns = included.clone();
    List<String> tableColumns = new ArrayList<>();
    for (Schema.Field f : table.getFields()) tableColumns.add(f.name());
    // Hive's batch context lists the data columns first, in the table's order.
    this.selection = RowSelection.compile(job, tableColumns, java.util.Arrays.copyOf(types, tableColumns.size()),
        ctx.getRowdataTypePhysicalVariations(), included);
    boolean primitive = true;
    if (selection != null) for (int i = 0; i < fills.length; i++) primitive &= selection.filterColumn[i] || fills[i].isPrimitive();
    this.othersPrimitive = primitive;
  }

  @Override
  public boolean next(NullWritable key, VectorizedRowBatch batch) throws IOException {
    for (ColumnFill f : fills) batch.cols[f.vector].reset();
    batch.selectedInUse = false;
    int size = selection == null ? fillRuns(batch) : fillSelected(batch);
    batch.size = size;
    if (size == 0) return false;
    if (partitionValues.length > 0) ctx.addPartitionColsToBatch(batch, partitionValues);
    rows += size;
    return true;
  }

  /** Fills the batch with whole runs of rows. */
  private int fillRuns(VectorizedRowBatch batch) throws IOException {
    int size = 0;
    int max = batch.getMaxSize();
    while (size < max) {
      int n = cursor.advanceRun(max - size);
      if (n == 0) break;
      scanned += n;
      for (ColumnFill f : fills) {
        ColumnVector cv = batch.cols[f.vector];
        f.fill(cv, cursor, size, n);
      }
      size += n;
    }
    return size;
  }

  /**
   * Fills the batch from one run at a time: the filter's columns first, then, for the rows the
   * filter keeps (moved to the front), the other columns; runs where it keeps nothing are passed over.
   */
  private int fillSelected(VectorizedRowBatch batch) throws IOException {
    while (true) {
      int n = cursor.advanceRun(batch.getMaxSize());
      if (n == 0) return 0;
      scanned += n;
      for (int i = 0; i < fills.length; i++) if (selection.filterColumn[i]) fills[i].fill(batch.cols[fills[i].vector], cursor, 0, n);
      if (selected.length < n) selected = new int[batch.getMaxSize()];
      int kept;
      try {
        kept = selection.select(batch, dataColumns, n, selected);
      } catch (HiveException | RuntimeException e) {
        // Only work is saved here (Hive filters again): read this run and the rest in full instead.
        LOG.warn("CIF: the pushed filter failed in the scan; reading every row from here on", e);
        return readWholeFromHere(batch, n);
      }
      filtered += n;
      keptByFilter += kept;
      // A filter that keeps most rows, with only primitive columns besides its own, saves no decoding:
      // those columns are decoded whole and compacted (below), and Hive evaluates the filter again. Then
      // the scan's evaluation is twice the filter's work for nothing (TPC-H q13's o_comment NOT LIKE keeps
      // 99% of orders), so once it has been seen over PROBE_ROWS rows the rest are read in whole runs.
      if (othersPrimitive && filtered >= PROBE_ROWS && keptByFilter * 4 > filtered) {
        LOG.debug("CIF: the pushed filter kept {} of {} rows; reading whole runs from here on", keptByFilter, filtered);
        return readWholeFromHere(batch, n);
      }
      if (kept == 0) continue;
      // Hopping to each kept row costs more than decoding the run in one go once many rows are kept:
      // then primitive columns are decoded whole and compacted like the filter's own columns.
      boolean dense = kept * 4L > n;
      for (int i = 0; i < fills.length; i++) {
        ColumnVector cv = batch.cols[fills[i].vector];
        if (selection.filterColumn[i]) {
          if (kept < n) RowSelection.compact(cv, selected, kept);
        } else if (dense && fills[i].isPrimitive()) {
          fills[i].fill(cv, cursor, 0, n);
          if (kept < n) RowSelection.compact(cv, selected, kept);
        } else {
          fills[i].fillSelected(cv, cursor, selected, kept);
        }
      }
      return kept;
    }
  }

  /**
   * Stops evaluating the filter in the scan: fills the other columns of the current run (its filter
   * columns are filled) and returns its n rows whole; later batches are filled by fillRuns.
   */
  private int readWholeFromHere(VectorizedRowBatch batch, int n) throws IOException {
    boolean[] filterColumn = selection.filterColumn;
    selection = null;
    for (int i = 0; i < fills.length; i++) if (!filterColumn[i]) fills[i].fill(batch.cols[fills[i].vector], cursor, 0, n);
    return n;
  }

  @Override public NullWritable createKey() { return NullWritable.get(); }
  @Override public VectorizedRowBatch createValue() { return ctx.createVectorizedRowBatch(); }
  @Override public long getPos() { return rows; }
  @Override public float getProgress() { return (float) cursor.progress(); }
  @Override
  public void close() throws IOException {
    if (reporter != null && scanned >= 0) {
      reporter.incrCounter(COUNTERS, ROWS_SCANNED, scanned);
      reporter.incrCounter(COUNTERS, ROWS_MATERIALIZED, rows);
      reporter.incrCounter(COUNTERS, ROWS_FILTERED, filtered);
    }
    cursor.close();
    if (scanned >= 0) dev.cif.hive.ReadCounters.add(reporter, cursor.bytesRead(), mapKeys);
    scanned = -1; // counted once, however often Hive closes
  }
}
