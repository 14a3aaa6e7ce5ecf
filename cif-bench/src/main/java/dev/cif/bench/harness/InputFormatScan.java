package dev.cif.bench.harness;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

/**
 * Reads a dataset the way MapReduce map tasks would, but in one thread: {@code getSplits} on the
 * InputFormat, then one record reader per split, in split order. This is the single scan loop every
 * format under test shares; formats differ only in the InputFormat and in how a value becomes a record.
 *
 * @param <K> the InputFormat's key type (ignored)
 * @param <V> the InputFormat's value type
 */
public final class InputFormatScan<K, V> implements RecordScan {

  /** Turns an InputFormat value into a record; may reuse the previous record. */
  @FunctionalInterface
  public interface ValueDecoder<V> {
    GenericRecord decode(V value) throws IOException;
  }

  /** Turns an InputFormat key and value into a record, for formats that carry the record in the key. */
  @FunctionalInterface
  public interface KeyValueDecoder<K, V> {
    GenericRecord decode(K key, V value) throws IOException;
  }

  private final InputFormat<K, V> format;
  private final JobContext job;
  private final KeyValueDecoder<K, V> decoder;
  private final Iterator<InputSplit> splits;
  private RecordReader<K, V> reader;
  private GenericRecord current;
  private int taskNumber;

  /**
   * @param job a context whose configuration already names the input (e.g. via
   *     {@code FileInputFormat.setInputPaths}) and carries any format settings such as a projection
   */
  public InputFormatScan(InputFormat<K, V> format, JobContext job, ValueDecoder<V> decoder)
      throws IOException {
    this(format, job, (KeyValueDecoder<K, V>) (key, value) -> decoder.decode(value));
  }

  /** As above, decoding from the key and the value (e.g. Avro's AvroKeyInputFormat). */
  public InputFormatScan(InputFormat<K, V> format, JobContext job, KeyValueDecoder<K, V> decoder)
      throws IOException {
    this.format = format;
    this.job = job;
    this.decoder = decoder;
    try {
      List<InputSplit> all = format.getSplits(job);
      this.splits = all.iterator();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while computing splits", e);
    }
  }

  @Override
  public boolean next() throws IOException {
    try {
      while (true) {
        if (reader != null && reader.nextKeyValue()) {
          current = decoder.decode(reader.getCurrentKey(), reader.getCurrentValue());
          return true;
        }
        closeReader();
        if (!splits.hasNext()) {
          current = null;
          return false;
        }
        openReader(splits.next());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading", e);
    }
  }

  private void openReader(InputSplit split) throws IOException, InterruptedException {
    // Each split gets its own task attempt id, as it would on a cluster (some readers key state on it).
    TaskAttemptContext task = new TaskAttemptContextImpl(
        job.getConfiguration(), new TaskAttemptID("cifbench", 0, TaskType.MAP,
            taskNumber++, 0));
    reader = format.createRecordReader(split, task);
    reader.initialize(split, task);
  }

  private void closeReader() throws IOException {
    if (reader != null) {
      reader.close();
      reader = null;
    }
  }

  @Override
  public GenericRecord current() {
    return current;
  }

  @Override
  public void close() throws IOException {
    closeReader();
  }
}
