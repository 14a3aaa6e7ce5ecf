package dev.cif.it;

import dev.cif.mapreduce.ColumnInputFormat;
import dev.cif.mapreduce.ColumnOutputFormat;
import java.io.IOException;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/** The two jobs of the test: a CIF loader and the paper's Figure 1 job. Where they run is the conf's business. */
final class CrawlJobs {
  private CrawlJobs() {
  }

  /** Map-only: input line "i" becomes crawl row i, written through ColumnOutputFormat. */
  public static class Loader extends Mapper<LongWritable, Text, NullWritable, GenericRecord> {
    @Override
    protected void map(LongWritable offset, Text line, Context ctx) throws IOException, InterruptedException {
      ctx.write(NullWritable.get(), CrawlRows.row(Integer.parseInt(line.toString().trim())));
    }
  }

  /** Figure 1's map: the content type of every page whose url contains "ibm.com/jp". */
  public static class ContentTypes extends Mapper<NullWritable, GenericRecord, Text, NullWritable> {
    @Override
    protected void map(NullWritable k, GenericRecord rec, Context ctx) throws IOException, InterruptedException {
      if (CrawlRows.isJapaneseIbm(rec)) {
        ctx.write(new Text(CrawlRows.contentType(rec)), NullWritable.get());
      }
    }
  }

  /** Figure 1's reduce: distinct keys. */
  public static class Distinct extends Reducer<Text, NullWritable, Text, NullWritable> {
    @Override
    protected void reduce(Text k, Iterable<NullWritable> v, Context ctx) throws IOException, InterruptedException {
      ctx.write(k, NullWritable.get());
    }
  }

  static Job loader(Configuration conf, Path lines, Path out) throws IOException {
    Job job = Job.getInstance(conf, "cif-it load");
    // From target/test-classes this finds no jar; it does on a packaged build (see CifClusters.yarnJobConf).
    job.setJarByClass(CrawlJobs.class);
    job.setMapperClass(Loader.class);
    job.setNumReduceTasks(0);
    job.setInputFormatClass(TextInputFormat.class);
    job.setOutputFormatClass(ColumnOutputFormat.class);
    ColumnOutputFormat.setSchema(job, CrawlRows.SCHEMA);
    FileInputFormat.addInputPath(job, lines);
    FileOutputFormat.setOutputPath(job, out);
    return job;
  }

  static Job figure1(Configuration conf, Path data, Path out) throws IOException {
    Job job = Job.getInstance(conf, "cif-it figure 1");
    job.setJarByClass(CrawlJobs.class);
    job.setInputFormatClass(ColumnInputFormat.class);
    ColumnInputFormat.setColumns(job, "url, metadata");
    FileInputFormat.addInputPath(job, data);
    job.setMapperClass(ContentTypes.class);
    job.setReducerClass(Distinct.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    return job;
  }
}
