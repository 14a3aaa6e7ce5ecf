package dev.cif.hive;

import dev.cif.Cif;
import dev.cif.CifWriter;
import java.io.IOException;
import java.util.List;
import java.util.Properties;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.hive.ql.io.HiveOutputFormat;
import org.apache.hadoop.hive.serde.serdeConstants;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordWriter;
import org.apache.hadoop.util.Progressable;

/**
 * Hive's output format for CIF tables: each task's output "file" is one split-directory, written at
 * the path Hive names by cif-core's {@link Cif#createSplitDirectoryWriter} (atomically: temp dir + rename).
 * Table properties starting with {@code cif.} (e.g. {@code cif.layout}, {@code cif.codec}) override
 * the job's settings for that table ({@link TableSettings}; the SerDe has refused bad ones). Writing a
 * Hive compaction's result, it also marks the result directory ({@link CompactionResult}).
 */
public class CifHiveOutputFormat implements HiveOutputFormat<NullWritable, CifRecordWritable> {

  @Override
  public FileSinkOperator.RecordWriter getHiveRecordWriter(JobConf jc, Path finalOutPath, Class<? extends Writable> valueClass,
      boolean isCompressed, Properties table, Progressable progress) throws IOException {
    String sep = table.getProperty(serdeConstants.COLUMN_NAME_DELIMITER, ",");
    String names = table.getProperty(serdeConstants.LIST_COLUMNS, "");
    List<String> columns = names.isEmpty() ? List.of() : List.of(names.split(java.util.regex.Pattern.quote(sep)));
    List<TypeInfo> types = TypeInfoUtils.getTypeInfosFromTypeString(table.getProperty(serdeConstants.LIST_COLUMN_TYPES, ""));
    Schema schema = CifSerDe.tableSchema(table, columns, types);
    Configuration conf = TableSettings.apply(table, jc);
    FileSystem fs = finalOutPath.getFileSystem(conf);
    CifWriter writer = Cif.createSplitDirectoryWriter(fs, splitDirectory(finalOutPath, jc, table), schema, Cif.writeOptions(conf));
    String location = table.getProperty(hive_metastoreConstants.META_TABLE_LOCATION);
    Path compactionResult = CompactionResult.isCompactionResult(location) ? new Path(location) : null;
    return new FileSinkOperator.RecordWriter() {
      /** Rebuilt when the plan hands rows through another inspector (it does not within a task). */
      private HiveRowAppender rows;

      @Override
      public void write(Writable w) throws IOException {
        CifRecordWritable r = (CifRecordWritable) w;
        if (rows == null || rows.inspector() != r.rowInspector()) {
          try {
            rows = new HiveRowAppender(r.rowInspector(), schema);
          } catch (SerDeException e) {
            throw new IOException(e.getMessage(), e);
          }
        }
        rows.append(r.row(), writer);
      }

      @Override
      public void close(boolean abort) throws IOException {
        if (abort) {
          writer.abort();
          return;
        }
        writer.close();
        if (compactionResult != null) CompactionResult.mark(compactionResult.getFileSystem(conf), compactionResult);
      }
    };
  }

  /**
   * Where a task's split-directory goes: Hive's own output path, except for a storage-handler table
   * ({@link CifStorageHandler}), where Hive names the table directory itself and commits nothing: then
   * {@link HandlerWrites} names it, below the table's location, by query, task and attempt.
   */
  static Path splitDirectory(Path hiveOutPath, JobConf jc, Properties table) {
    if (table.getProperty(hive_metastoreConstants.META_TABLE_STORAGE) == null) return hiveOutPath;
    // Hive's path is a subdirectory (HIVE_UNION_SUBDIR_n) for each branch of a UNION ALL; the commit
    // looks for staged output in the table directory itself.
    String location = table.getProperty(hive_metastoreConstants.META_TABLE_LOCATION);
    return HandlerWrites.splitDirectory(location == null ? hiveOutPath : new Path(location), jc);
  }

  @Override
  public RecordWriter<NullWritable, CifRecordWritable> getRecordWriter(FileSystem ignored, JobConf job, String name,
      Progressable progress) {
    throw new UnsupportedOperationException("CIF tables are written through Hive (getHiveRecordWriter); "
        + "outside Hive use dev.cif.mapred.ColumnOutputFormat");
  }

  @Override public void checkOutputSpecs(FileSystem ignored, JobConf job) {}
}
