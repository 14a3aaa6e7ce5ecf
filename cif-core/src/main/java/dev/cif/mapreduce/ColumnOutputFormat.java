package dev.cif.mapreduce;

import dev.cif.WriteOptions;
import dev.cif.conf.CifConf;
import dev.cif.impl.split.DatasetWriter;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * CIF output for the {@code mapreduce} API. Each task writes split-directories named after its
 * part file (part-m-00000-00000, ...) into its attempt directory; the standard committer moves them
 * into place on commit, so a failed or killed attempt leaves nothing visible.
 */
public class ColumnOutputFormat extends FileOutputFormat<NullWritable, GenericRecord> {

  public static void setSchema(Job job, Schema schema) { setSchema(job.getConfiguration(), schema); }

  public static void setSchema(Configuration conf, Schema schema) { CifConf.OUTPUT_SCHEMA.set(conf, schema.toString()); }

  static Schema schemaOf(Configuration conf) {
    String s = CifConf.OUTPUT_SCHEMA.getString(conf);
    if (s.isEmpty()) throw new IllegalStateException("no output schema: call ColumnOutputFormat.setSchema(job, schema)");
    return new Schema.Parser().parse(s);
  }

  @Override
  public RecordWriter<NullWritable, GenericRecord> getRecordWriter(TaskAttemptContext ctx) throws IOException {
    Configuration conf = ctx.getConfiguration();
    Path work = getDefaultWorkFile(ctx, "");
    DatasetWriter w = new DatasetWriter(work.getFileSystem(conf), work.getParent(), work.getName(), schemaOf(conf),
        WriteOptions.fromConf(conf));
    return new ColumnRecordWriter(w);
  }
}
