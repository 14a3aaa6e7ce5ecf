package dev.cif.spark;

import dev.cif.ReadOptions;
import dev.cif.mapreduce.ColumnSplit;
import dev.cif.mapreduce.SplitPlanner;
import dev.cif.pushdown.MapKeys;
import dev.cif.pushdown.Predicate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A scan of a CIF table: CIF's splits ({@link SplitPlanner}: a split-directory, several small ones, or a
 * part of a large one) packed into input partitions as Spark packs files ({@link SplitPacking}), each
 * located at the hosts that hold most of its projected column files, within each Hive-style partition
 * directory. Split-directories whose recorded statistics rule
 * the pushed predicate out are not planned at all, nor partition directories whose values rule out the
 * filters on partition columns; blocks are passed over by the readers.
 */
final class CifScan implements Scan, Batch, SupportsReportStatistics {
  private final CifTable table;
  private final HadoopConf conf;
  private final Schema readerSchema;
  private final StructType required;
  private final Predicate predicate;
  private final Predicate onPartitions;
  private final MapKeys mapKeys;
  private final org.apache.spark.sql.connector.expressions.filter.Predicate[] pushed;
  private final Map<String, String> options;
  /** The input partitions, planned once: the optimizer asks for the size (estimateStatistics) before Spark plans. */
  private InputPartition[] planned;
  private long plannedBytes;

  CifScan(CifTable table, HadoopConf conf, Schema readerSchema, StructType required, Predicate predicate, Predicate onPartitions,
      MapKeys mapKeys, org.apache.spark.sql.connector.expressions.filter.Predicate[] pushed, Map<String, String> options) {
    this.onPartitions = onPartitions;
    this.mapKeys = mapKeys;
    this.table = table;
    this.conf = conf;
    this.readerSchema = readerSchema;
    this.required = required;
    this.predicate = predicate;
    this.pushed = pushed;
    this.options = options;
  }

  @Override
  public StructType readSchema() { return required; }

  @Override
  public String description() {
    return "CIF " + table.path() + " ReadColumns: " + Arrays.toString(required.fieldNames())
        + " PushedFilters: " + Arrays.toString(pushed) + " CifPredicate: " + (predicate == null ? "none" : predicate)
        + (onPartitions == null ? "" : " PartitionPredicate: " + onPartitions)
        + (mapKeys.isEmpty() ? "" : " MapKeys: " + mapKeys);
  }

  @Override
  public Batch toBatch() { return this; }

  @Override
  public CustomMetric[] supportedCustomMetrics() { return ReadMetrics.all(); }

  /** The data columns the scan reads, in the order of the read schema. */
  private List<String> dataColumns() {
    List<String> out = new ArrayList<>();
    for (StructField f : required.fields()) if (!table.partitionColumns().contains(f.name())) out.add(f.name());
    return out;
  }

  ReadOptions readOptions() {
    return new ReadOptions().readerSchema(readerSchema).columns(dataColumns()).predicate(predicate)
        .maxValueBytes(dev.cif.conf.CifConf.MAX_VALUE_BYTES.getLong(conf.get()));
  }

  @Override
  public InputPartition[] planInputPartitions() {
    if (planned == null) planned = plan();
    return planned.clone();
  }

  /**
   * The bytes the scan will read: its splits' lengths, which count only the projected columns' files of the
   * split-directories the filters leave. Without it Spark takes a DataSource V2 scan to be of
   * spark.sql.defaultSizeInBytes (unbounded), so it never broadcasts a CIF dimension table into a join
   * (Parquet's and ORC's scans report their files' sizes) and shuffles the fact table instead.
   */
  @Override
  public Statistics estimateStatistics() {
    planInputPartitions();
    long bytes = plannedBytes;
    return new Statistics() {
      @Override public java.util.OptionalLong sizeInBytes() { return java.util.OptionalLong.of(bytes); }

      @Override public java.util.OptionalLong numRows() { return java.util.OptionalLong.empty(); }
    };
  }

  private InputPartition[] plan() {
    List<InputPartition> out = new ArrayList<>();
    plannedBytes = 0;
    StructType partitionSchema = table.partitionSchema();
    try {
      FileSystem fs = table.path().getFileSystem(conf.get());
      ReadOptions options = readOptions();
      List<InternalRow> leafValues = new ArrayList<>();
      List<List<ColumnSplit>> leafSplits = new ArrayList<>();
      int splits = 0;
      for (PartitionDirectories.Leaf leaf : PartitionDirectories.list(fs, table.path())) {
        InternalRow values = partitionValues(leaf, partitionSchema);
        if (!PartitionPruning.mayMatch(onPartitions, values, partitionSchema)) continue;
        List<ColumnSplit> planned = SplitPlanner.plan(conf.get(), new Path[] {leaf.dir()}, options);
        for (ColumnSplit split : planned) plannedBytes += split.getLength();
        splits += planned.size();
        leafValues.add(values);
        leafSplits.add(planned);
      }
      // Packed as Spark packs Parquet's and ORC's files (SplitPacking), within each partition directory.
      SparkSession spark = SparkSession.active();
      long openCost = spark.sessionState().conf().filesOpenCostInBytes();
      long maxSplitBytes = SplitPacking.maxSplitBytes(plannedBytes, splits, spark.sessionState().conf().filesMaxPartitionBytes(),
          openCost, spark.sparkContext().defaultParallelism());
      for (int i = 0; i < leafSplits.size(); i++) {
        for (List<ColumnSplit> group : SplitPacking.pack(leafSplits.get(i), maxSplitBytes, openCost)) {
          out.add(new CifInputPartition(group, leafValues.get(i)));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("CIF: cannot plan the splits of " + table.path() + ": " + e.getMessage(), e);
    }
    return out.toArray(new InputPartition[0]);
  }

  /** The leaf's values of every partition column, as Spark values of the table's types. */
  private static InternalRow partitionValues(PartitionDirectories.Leaf leaf, StructType partitionSchema) {
    Object[] values = new Object[partitionSchema.size()];
    for (int i = 0; i < values.length; i++) {
      StructField f = partitionSchema.fields()[i];
      if (!leaf.values().containsKey(f.name())) {
        throw new IllegalArgumentException("CIF: " + leaf.dir() + " is not under a directory " + f.name() + "=...");
      }
      values[i] = PartitionValues.toInternal(f.name(), leaf.values().get(f.name()), f.dataType());
    }
    return new GenericInternalRow(values);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    int batchRows = Integer.parseInt(options.getOrDefault(BATCH_ROWS_OPTION, "4096"));
    return new CifReaderFactory(conf.broadcast(), readerSchema.toString(), dataColumns(), predicate, mapKeys.encode(), required,
        table.partitionSchema(), batchRows);
  }

  /** The option that sets how many rows a batch holds at most (default 4096). */
  static final String BATCH_ROWS_OPTION = "batchRows";
}
