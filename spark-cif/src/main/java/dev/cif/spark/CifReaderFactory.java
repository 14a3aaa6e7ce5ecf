package dev.cif.spark;

import dev.cif.pushdown.Predicate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Makes a task's reader of its {@link CifInputPartition}: columnar ({@link CifBatchReader}), and, for
 * the rare plan that asks for rows, the same batches' rows.
 */
final class CifReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;
  /** Broadcast, not carried in each task ({@link HadoopConf#broadcast}). */
  private final Broadcast<HadoopConf> conf;
  private final String readerSchema;
  private final List<String> dataColumns;
  private final Predicate predicate;
  /** The pushed map keys, encoded (MapKeys is not serializable). */
  private final String mapKeys;
  private final StructType required;
  private final StructType partitionSchema;
  private final int batchRows;

  CifReaderFactory(Broadcast<HadoopConf> conf, String readerSchema, List<String> dataColumns, Predicate predicate, String mapKeys, StructType required,
      StructType partitionSchema, int batchRows) {
    this.conf = conf;
    this.readerSchema = readerSchema;
    this.dataColumns = List.copyOf(dataColumns);
    this.predicate = predicate;
    this.mapKeys = mapKeys;
    this.required = required;
    this.partitionSchema = partitionSchema;
    this.batchRows = batchRows;
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) { return true; }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    try {
      return new CifBatchReader(conf.value().get(), new org.apache.avro.Schema.Parser().parse(readerSchema), dataColumns, predicate,
          dev.cif.pushdown.MapKeys.decode(mapKeys), required, partitionSchema, (CifInputPartition) partition, batchRows);
    } catch (IOException e) {
      throw new UncheckedIOException("CIF: cannot open " + partition + ": " + e.getMessage(), e);
    }
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    PartitionReader<ColumnarBatch> batches = createColumnarReader(partition);
    return new PartitionReader<>() {
      private Iterator<InternalRow> rows = java.util.Collections.emptyIterator();
      private InternalRow current;

      @Override
      public boolean next() throws IOException {
        while (!rows.hasNext()) {
          if (!batches.next()) return false;
          rows = batches.get().rowIterator();
        }
        current = rows.next();
        return true;
      }

      @Override
      public InternalRow get() { return current; }

      @Override
      public CustomTaskMetric[] currentMetricsValues() { return batches.currentMetricsValues(); }

      @Override
      public void close() throws IOException { batches.close(); }
    };
  }
}
