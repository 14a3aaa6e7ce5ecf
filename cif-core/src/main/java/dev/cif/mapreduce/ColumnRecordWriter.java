package dev.cif.mapreduce;

import dev.cif.CifWriter;
import java.io.IOException;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * The record writer of {@link ColumnOutputFormat}: takes Avro records, and hands an engine the
 * {@link CifWriter} underneath ({@link #cifWriter}) so that it can append rows column by column
 * ({@link dev.cif.ColumnAppender}) instead of building a record per row, as Pig's CifStorer does.
 */
public final class ColumnRecordWriter extends RecordWriter<NullWritable, GenericRecord> {
  private final CifWriter writer;

  ColumnRecordWriter(CifWriter writer) { this.writer = writer; }

  /** The task's writer: rows appended to it land in the same files as records written here. */
  public CifWriter cifWriter() { return writer; }

  @Override public void write(NullWritable key, GenericRecord value) throws IOException { writer.write(value); }

  @Override public void close(TaskAttemptContext c) throws IOException { writer.close(); }
}
