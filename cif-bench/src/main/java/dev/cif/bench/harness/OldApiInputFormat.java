package dev.cif.bench.harness;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * An {@code org.apache.hadoop.mapred} (old API) InputFormat seen through the new API, so that formats
 * that only ship an old-API reader (Hive's RCFileInputFormat) run through the same
 * {@link InputFormatScan} loop as everyone else. Splits are computed with one split hint per file, as a
 * MapReduce job with the default {@code mapreduce.job.maps} would.
 */
public final class OldApiInputFormat<K, V> extends InputFormat<K, V> {

  private final org.apache.hadoop.mapred.InputFormat<K, V> format;

  public OldApiInputFormat(org.apache.hadoop.mapred.InputFormat<K, V> format) {
    this.format = format;
  }

  @Override
  public List<InputSplit> getSplits(JobContext context) throws IOException {
    JobConf conf = jobConf(context.getConfiguration());
    int files = FileInputFormat.getInputPaths(conf).length;
    List<InputSplit> splits = new ArrayList<>();
    for (org.apache.hadoop.mapred.InputSplit split : format.getSplits(conf, Math.max(1, files))) {
      splits.add(new Wrapped(split));
    }
    return splits;
  }

  @Override
  public RecordReader<K, V> createRecordReader(InputSplit split, TaskAttemptContext context)
      throws IOException {
    JobConf conf = jobConf(context.getConfiguration());
    return new Reader<>(format.getRecordReader(((Wrapped) split).split, conf, Reporter.NULL));
  }

  private static JobConf jobConf(org.apache.hadoop.conf.Configuration conf) {
    return conf instanceof JobConf job ? job : new JobConf(conf);
  }

  /** An old-API split carried as a new-API one (never serialized: the scan runs in process). */
  private static final class Wrapped extends InputSplit implements Writable {
    final org.apache.hadoop.mapred.InputSplit split;

    Wrapped(org.apache.hadoop.mapred.InputSplit split) {
      this.split = split;
    }

    @Override
    public long getLength() throws IOException {
      return split.getLength();
    }

    @Override
    public String[] getLocations() throws IOException {
      return split.getLocations();
    }

    @Override
    public void write(DataOutput out) throws IOException {
      split.write(out);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      split.readFields(in);
    }
  }

  private static final class Reader<K, V> extends RecordReader<K, V> {
    private final org.apache.hadoop.mapred.RecordReader<K, V> reader;
    private final K key;
    private final V value;

    Reader(org.apache.hadoop.mapred.RecordReader<K, V> reader) {
      this.reader = reader;
      this.key = reader.createKey();
      this.value = reader.createValue();
    }

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) {}

    @Override
    public boolean nextKeyValue() throws IOException {
      return reader.next(key, value);
    }

    @Override
    public K getCurrentKey() {
      return key;
    }

    @Override
    public V getCurrentValue() {
      return value;
    }

    @Override
    public float getProgress() throws IOException {
      return reader.getProgress();
    }

    @Override
    public void close() throws IOException {
      reader.close();
    }
  }
}
