package dev.cif.spark;

import dev.cif.Cif;
import dev.cif.CifWriter;
import dev.cif.WriteOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;

/**
 * One write task attempt: one split-directory per partition directory its rows fall in, all below the
 * attempt's hidden directory ({@link WriteStaging}). Commit finishes them and renames the attempt's
 * directory to its committed name; abort drops them.
 */
final class CifDataWriter implements DataWriter<InternalRow> {
  private final FileSystem fs;
  private final Path attempt;
  private final Path committed;
  private final String name;
  private final Schema schema;
  private final WriteOptions options;
  private final RowConverter converter;
  private final StructType rowType;
  private final int[] partitionColumns;
  /** Open writers by relative split-directory path, in the order first written. */
  private final Map<String, CifWriter> writers = new LinkedHashMap<>();
  private String lastPartition;
  private CifWriter last;
  private long rows;
  private boolean done;

  CifDataWriter(Path table, Configuration conf, String job, Schema schema, StructType rowType, int[] dataColumns,
      int[] partitionColumns, int partitionId, long taskId) {
    try {
      this.fs = table.getFileSystem(conf);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    this.attempt = WriteStaging.attempt(table, job, partitionId, taskId);
    this.committed = WriteStaging.committed(table, job, partitionId, taskId);
    this.name = WriteStaging.splitDirectoryName(job, partitionId);
    this.schema = schema;
    this.options = Cif.writeOptions(conf);
    this.converter = new RowConverter(schema, rowType, dataColumns);
    this.rowType = rowType;
    this.partitionColumns = partitionColumns;
  }

  @Override
  public void write(InternalRow row) throws IOException {
    String partition = partitionPath(row);
    if (last == null || !partition.equals(lastPartition)) {
      CifWriter w = writers.get(partition);
      if (w == null) {
        String rel = partition.isEmpty() ? name : partition + "/" + name;
        w = Cif.createSplitDirectoryWriter(fs, new Path(attempt, rel), schema, options);
        writers.put(partition, w);
      }
      last = w;
      lastPartition = partition;
    }
    last.write(converter.toRecord(row));
    rows++;
  }

  private String partitionPath(InternalRow row) {
    if (partitionColumns.length == 0) return "";
    Map<String, String> values = new LinkedHashMap<>();
    for (int i : partitionColumns) {
      values.put(rowType.fields()[i].name(), PartitionValues.toDirectory(row, i, rowType.fields()[i].dataType()));
    }
    return PartitionDirectories.path(values);
  }

  @Override
  public WriterCommitMessage commit() throws IOException {
    List<String> dirs = new ArrayList<>();
    for (Map.Entry<String, CifWriter> e : writers.entrySet()) {
      e.getValue().close();
      dirs.add(e.getKey().isEmpty() ? name : e.getKey() + "/" + name);
    }
    writers.clear();
    if (!dirs.isEmpty() && !fs.rename(attempt, committed)) throw new IOException("CIF: could not rename " + attempt + " to " + committed);
    done = true;
    return new WriteCommit(committed.toString(), dirs, rows);
  }

  @Override
  public void abort() throws IOException {
    done = true;
    for (CifWriter w : writers.values()) w.abort();
    writers.clear();
    fs.delete(attempt, true);
  }

  @Override
  public void close() throws IOException {
    if (!done) abort();
  }
}
