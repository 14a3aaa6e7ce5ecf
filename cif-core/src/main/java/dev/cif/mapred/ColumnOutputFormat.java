package dev.cif.mapred;

import dev.cif.WriteOptions;
import dev.cif.conf.CifConf;
import dev.cif.impl.split.DatasetWriter;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.FileOutputFormat;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordWriter;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.util.Progressable;

/** CIF output for the {@code mapred} API; see {@link dev.cif.mapreduce.ColumnOutputFormat}. */
public class ColumnOutputFormat extends FileOutputFormat<NullWritable, GenericRecord> {

  @Override
  public RecordWriter<NullWritable, GenericRecord> getRecordWriter(FileSystem ignored, JobConf job, String name,
      Progressable progress) throws IOException {
    String s = CifConf.OUTPUT_SCHEMA.getString(job);
    if (s.isEmpty()) throw new IllegalStateException("no output schema: set " + CifConf.OUTPUT_SCHEMA.key());
    Path file = FileOutputFormat.getTaskOutputPath(job, name);
    DatasetWriter w = new DatasetWriter(file.getFileSystem(job), file.getParent(), file.getName(),
        new Schema.Parser().parse(s), WriteOptions.fromConf(job));
    return new RecordWriter<NullWritable, GenericRecord>() {
      @Override public void write(NullWritable key, GenericRecord value) throws IOException { w.write(value); }
      @Override public void close(Reporter reporter) throws IOException { w.close(); }
    };
  }
}
