package dev.cif.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A write job into a CIF table through Spark's commit protocol ({@link WriteStaging}): tasks write
 * hidden split-directories, Spark's commit coordinator lets one attempt of each task commit, and the
 * job commit ({@link JobCommit}) moves exactly the committed attempts' split-directories into the table,
 * in place of what the write replaces. A job that fails or is aborted leaves nothing visible.
 */
final class CifBatchWrite implements BatchWrite {
  private final Path table;
  private final HadoopConf conf;
  private final String job;
  private final StructType rowType;
  private final List<String> partitionColumns;
  private final JobCommit.Mode mode;
  private final Schema schema;
  private final int[] dataColumns;
  private final int[] partitionIndices;

  CifBatchWrite(Path table, HadoopConf conf, String job, StructType rowType, List<String> partitionColumns, JobCommit.Mode mode) {
    this.table = table;
    this.conf = conf;
    this.job = job;
    this.rowType = rowType;
    this.partitionColumns = List.copyOf(partitionColumns);
    this.mode = mode;
    List<StructField> data = new ArrayList<>();
    List<Integer> dataIdx = new ArrayList<>();
    for (int i = 0; i < rowType.size(); i++) {
      if (!partitionColumns.contains(rowType.fields()[i].name())) {
        data.add(rowType.fields()[i]);
        dataIdx.add(i);
      }
    }
    this.schema = SparkTypeMapping.toCif(new StructType(data.toArray(new StructField[0])));
    this.dataColumns = dataIdx.stream().mapToInt(Integer::intValue).toArray();
    this.partitionIndices = new int[partitionColumns.size()];
    for (int k = 0; k < partitionIndices.length; k++) partitionIndices[k] = rowType.fieldIndex(partitionColumns.get(k));
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    return new CifDataWriterFactory(table.toString(), conf.broadcast(), job, schema.toString(), rowType, dataColumns, partitionIndices);
  }

  @Override
  public boolean useCommitCoordinator() { return true; }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    List<WriteCommit> commits = new ArrayList<>();
    for (WriterCommitMessage m : messages) if (m != null) commits.add((WriteCommit) m);
    try {
      new JobCommit(table.getFileSystem(conf.get()), table, WriteStaging.staging(table, job)).run(commits, mode);
    } catch (IOException e) {
      throw new UncheckedIOException("CIF: the commit of the write into " + table + " failed (the table is as it was): " + e.getMessage(), e);
    }
  }

  @Override
  public void abort(WriterCommitMessage[] messages) {
    try {
      table.getFileSystem(conf.get()).delete(WriteStaging.staging(table, job), true);
    } catch (IOException e) {
      throw new UncheckedIOException("CIF: could not remove the staging directory of the failed write into " + table, e);
    }
  }
}
