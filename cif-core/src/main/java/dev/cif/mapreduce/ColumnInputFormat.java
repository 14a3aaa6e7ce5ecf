package dev.cif.mapreduce;

import dev.cif.ReadOptions;
import dev.cif.RowReader;
import dev.cif.conf.CifConf;
import dev.cif.pushdown.Predicate;
import dev.cif.record.RecordType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * CIF for the {@code mapreduce} API: keys NullWritable, values GenericRecord (a LazyRecord by
 * default). Input paths are set as for any FileInputFormat; {@link #setColumns} pushes the
 * projection, so the files of other columns are never opened.
 */
public class ColumnInputFormat extends FileInputFormat<NullWritable, GenericRecord> {

  /** Projects the named columns, e.g. {@code setColumns(job, "url, metadata")}. */
  public static void setColumns(Job job, String columns) { setColumns(job.getConfiguration(), columns); }

  public static void setColumns(Configuration conf, String columns) { CifConf.COLUMNS.set(conf, columns); }

  public static void setRecordType(Job job, RecordType type) { setRecordType(job.getConfiguration(), type); }

  public static void setRecordType(Configuration conf, RecordType type) {
    CifConf.RECORD_TYPE.set(conf, type.name().toLowerCase(java.util.Locale.ROOT));
  }

  /**
   * A predicate the reader evaluates on one string or bytes column before it hands out a row (see
   * {@link dev.cif.record.RowPredicate}); rows that fail it are never decoded further.
   */
  public static void setRowPredicate(Job job, Class<? extends dev.cif.record.RowPredicate> predicate) {
    setRowPredicate(job.getConfiguration(), predicate);
  }

  public static void setRowPredicate(Configuration conf, Class<? extends dev.cif.record.RowPredicate> predicate) {
    CifConf.ROW_PREDICATE.set(conf, predicate.getName());
  }

  /**
   * A filter judged against the statistics of every block (see {@link dev.cif.pushdown}): split-directories
   * and blocks in which no row can satisfy it are not read. Rows read may still fail it; null removes it.
   */
  public static void setPredicate(Configuration conf, Predicate predicate) { ReadOptions.setPredicate(conf, predicate); }

  /** A reader schema: columns a split-directory lacks read their default, or null. */
  public static void setReaderSchema(Configuration conf, Schema schema) { CifConf.READER_SCHEMA.set(conf, schema.toString()); }

  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    return new ArrayList<>(SplitPlanner.plan(job.getConfiguration(), getInputPaths(job)));
  }

  @Override
  public RecordReader<NullWritable, GenericRecord> createRecordReader(InputSplit split, TaskAttemptContext ctx) {
    return new Reader();
  }

  private static final class Reader extends RecordReader<NullWritable, GenericRecord> {
    private RowReader reader;

    @Override
    public void initialize(InputSplit split, TaskAttemptContext ctx) throws IOException {
      ColumnSplit columnSplit = (ColumnSplit) split;
      reader = columnSplit.narrow(ReadOptions.fromConf(ctx.getConfiguration()))
          .open(columnSplit.getPath().getFileSystem(ctx.getConfiguration()), columnSplit.directories(), columnSplit.listings());
    }

    @Override public boolean nextKeyValue() throws IOException { return reader.next(); }
    @Override public NullWritable getCurrentKey() { return NullWritable.get(); }
    @Override public GenericRecord getCurrentValue() { return reader.current(); }
    @Override public float getProgress() { return reader.progress(); }

    @Override
    public void close() throws IOException {
      if (reader != null) reader.close();
    }
  }
}
