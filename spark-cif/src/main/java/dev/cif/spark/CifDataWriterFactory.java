package dev.cif.spark;

import org.apache.avro.Schema;
import org.apache.hadoop.fs.Path;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.types.StructType;

/** Makes each write task attempt's {@link CifDataWriter}; travels to the executors. */
final class CifDataWriterFactory implements DataWriterFactory {
  private static final long serialVersionUID = 1L;
  private final String table;
  /** Broadcast, not carried in each task ({@link HadoopConf#broadcast}). */
  private final Broadcast<HadoopConf> conf;
  private final String job;
  private final String schema;
  private final StructType rowType;
  private final int[] dataColumns;
  private final int[] partitionColumns;

  CifDataWriterFactory(String table, Broadcast<HadoopConf> conf, String job, String schema, StructType rowType, int[] dataColumns,
      int[] partitionColumns) {
    this.table = table;
    this.conf = conf;
    this.job = job;
    this.schema = schema;
    this.rowType = rowType;
    this.dataColumns = dataColumns;
    this.partitionColumns = partitionColumns;
  }

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    return new CifDataWriter(new Path(table), conf.value().get(), job, new Schema.Parser().parse(schema), rowType, dataColumns,
        partitionColumns, partitionId, taskId);
  }
}
