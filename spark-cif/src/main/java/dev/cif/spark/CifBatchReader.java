package dev.cif.spark;

import dev.cif.ReadOptions;
import dev.cif.RowRuns;
import dev.cif.conf.CifConf;
import dev.cif.mapreduce.ColumnSplit;
import dev.cif.pushdown.MapKeys;
import dev.cif.pushdown.Predicate;
import dev.cif.record.Projection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads an input partition's CIF splits, one after the other, as column batches: each batch is one run of rows of the cursor ({@link RowRuns}:
 * within one split-directory and one range of rows the pushed predicate keeps, at most batchRows), its
 * data columns {@link LazyColumn}s, its partition columns constants. Columns the query does not read
 * are never opened.
 */
final class CifBatchReader implements PartitionReader<ColumnarBatch> {
  private final Configuration conf;
  private final CifInputPartition partition;
  private final Schema readerSchema;
  private final List<String> dataColumns;
  private final Predicate predicate;
  private final MapKeys mapKeys;
  private final Projection projection;
  /** The cursor over the partition's current split, and that split's index. */
  private RowRuns runs;
  private int split;
  /** Bytes read by the cursors of the splits before the current one. */
  private final dev.cif.ReadBytes bytesBefore = new dev.cif.ReadBytes();
  private final LazyColumn[] lazy;
  private final ColumnVector[] vectors;
  private final ColumnarBatch batch;
  private final int batchRows;
  private long rows;

  CifBatchReader(Configuration conf, Schema readerSchema, List<String> dataColumns, Predicate predicate, MapKeys mapKeys, StructType required,
      StructType partitionSchema, CifInputPartition partition, int batchRows) throws IOException {
    this.batchRows = batchRows;
    this.conf = conf;
    this.partition = partition;
    this.readerSchema = readerSchema;
    this.dataColumns = dataColumns;
    this.predicate = predicate;
    this.mapKeys = mapKeys;
    this.projection = Projection.of(readerSchema, dataColumns);
    runs = open(0);
    vectors = new ColumnVector[required.size()];
    List<LazyColumn> lazyColumns = new ArrayList<>();
    for (int i = 0; i < vectors.length; i++) {
      StructField f = required.fields()[i];
      int data = dataColumns.indexOf(f.name());
      if (data >= 0) {
        LazyColumn c = new LazyColumn(f.dataType(), new ColumnLoad(data, f.dataType(), readerSchema.getField(f.name()).schema()), batchRows);
        lazyColumns.add(c);
        vectors[i] = c;
      } else {
        ConstantColumnVector c = new ConstantColumnVector(batchRows, f.dataType());
        ColumnVectorUtils.populate(c, partition.partitionValues(), partitionSchema.fieldIndex(f.name()));
        vectors[i] = c;
      }
    }
    lazy = lazyColumns.toArray(new LazyColumn[0]);
    batch = new ColumnarBatch(vectors);
  }

  @Override
  public boolean next() throws IOException {
    int n = runs.advanceRun(batchRows);
    while (n == 0) {
      if (split + 1 >= partition.splits()) return false;
      for (dev.cif.ReadBytes b : runs.bytesRead().values()) bytesBefore.add(b);
      runs.close();
      runs = open(++split);
      n = runs.advanceRun(batchRows);
    }
    for (LazyColumn c : lazy) c.moveTo(runs, n);
    batch.setNumRows(n);
    rows += n;
    return true;
  }

  @Override
  public ColumnarBatch get() { return batch; }

  @Override
  public CustomTaskMetric[] currentMetricsValues() { return ReadMetrics.values(bytesBefore, runs.bytesRead(), rows); }

  /** A cursor over the partition's i-th split. */
  private RowRuns open(int i) throws IOException {
    ColumnSplit s = partition.split(i);
    FileSystem fs = s.getPath().getFileSystem(conf);
    // Options of its own per split: narrow sets the part of a split-directory the split reads.
    ReadOptions options = s.narrow(new ReadOptions().readerSchema(readerSchema).columns(dataColumns).predicate(predicate)
        .mapKeys(mapKeys).maxValueBytes(CifConf.MAX_VALUE_BYTES.getLong(conf)));
    return options.runs(fs, s.directories(), s.listings(), projection);
  }

  @Override
  public void close() throws IOException {
    try {
      runs.close();
    } finally {
      batch.close();
    }
  }
}
