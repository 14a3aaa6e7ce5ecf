package dev.cif.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
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
 * job commit moves exactly the committed attempts' split-directories into the table (after removing
 * its visible contents, for an overwrite). A job that fails or is aborted leaves nothing visible.
 */
final class CifBatchWrite implements BatchWrite {
  private final Path table;
  private final HadoopConf conf;
  private final String job;
  private final StructType rowType;
  private final List<String> partitionColumns;
  private final boolean overwrite;
  private final Schema schema;
  private final int[] dataColumns;
  private final int[] partitionIndices;

  CifBatchWrite(Path table, HadoopConf conf, String job, StructType rowType, List<String> partitionColumns, boolean overwrite) {
    this.table = table;
    this.conf = conf;
    this.job = job;
    this.rowType = rowType;
    this.partitionColumns = List.copyOf(partitionColumns);
    this.overwrite = overwrite;
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
    return new CifDataWriterFactory(table.toString(), conf, job, schema.toString(), rowType, dataColumns, partitionIndices);
  }

  @Override
  public boolean useCommitCoordinator() { return true; }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    try {
      FileSystem fs = table.getFileSystem(conf.get());
      fs.mkdirs(table);
      if (overwrite) {
        for (FileStatus st : fs.listStatus(table)) {
          String name = st.getPath().getName();
          if (!name.startsWith(".") && !name.startsWith("_") && !fs.delete(st.getPath(), true)) {
            throw new IOException("could not remove " + st.getPath());
          }
        }
      }
      for (WriterCommitMessage m : messages) {
        if (m == null) continue;
        WriteCommit c = (WriteCommit) m;
        Path committed = new Path(c.committedDir());
        for (String rel : c.splitDirectories()) {
          Path from = new Path(committed, rel);
          Path to = new Path(table, rel);
          fs.mkdirs(to.getParent());
          if (fs.exists(to)) throw new IOException(to + " exists already: a split-directory is never replaced");
          if (!fs.rename(from, to)) throw new IOException("could not rename " + from + " to " + to);
        }
      }
      fs.delete(WriteStaging.staging(table, job), true);
    } catch (IOException e) {
      throw new UncheckedIOException("CIF: the commit of the write into " + table + " failed: " + e.getMessage(), e);
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
