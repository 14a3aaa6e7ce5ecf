package dev.cif.mapred;

import dev.cif.ReadOptions;
import dev.cif.RowReader;
import dev.cif.mapreduce.ColumnSplit;
import dev.cif.mapreduce.SplitPlanner;
import java.io.IOException;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;

/**
 * CIF for the {@code mapred} API (what Hive and Pig call). Settings are those of
 * {@link dev.cif.mapreduce.ColumnInputFormat}; the value handed to {@code next} is the reader's own
 * record instance, refreshed every row.
 */
public class ColumnInputFormat extends FileInputFormat<NullWritable, GenericRecord> {

  @Override
  public InputSplit[] getSplits(JobConf job, int numSplits) throws IOException {
    List<ColumnSplit> splits = SplitPlanner.plan(job, getInputPaths(job), ReadOptions.fromConf(job), numSplits);
    return splits.toArray(new InputSplit[0]);
  }

  @Override
  public RecordReader<NullWritable, GenericRecord> getRecordReader(InputSplit split, JobConf job, Reporter reporter)
      throws IOException {
    ColumnSplit columnSplit = (ColumnSplit) split;
    RowReader reader = columnSplit.narrow(ReadOptions.fromConf(job)).open(columnSplit.getPath().getFileSystem(job), columnSplit.directories(),
        columnSplit.listings());
    return new RecordReader<NullWritable, GenericRecord>() {
      @Override public boolean next(NullWritable key, GenericRecord value) throws IOException { return reader.next(); }
      @Override public NullWritable createKey() { return NullWritable.get(); }
      @Override public GenericRecord createValue() { return reader.current(); }
      @Override public long getPos() { return 0; }
      @Override public float getProgress() { return reader.progress(); }
      @Override public void close() throws IOException { reader.close(); }
    };
  }
}
