package dev.cif.it;

import dev.cif.mapreduce.ColumnInputFormat;
import dev.cif.mapreduce.ColumnOutputFormat;
import dev.cif.testing.Figure1;
import dev.cif.testing.crawl.CrawlData;
import dev.cif.testing.crawl.CrawlShape;
import java.io.IOException;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/** The two jobs of the test: a CIF loader and the paper's Figure 1 job. Where they run is the conf's business. */
final class CrawlJobs {
  /**
   * The crawl both jobs see. Row i depends only on (seed, i), so the loader's map tasks and the expected
   * answer agree without sharing any state. Long, query-laden urls as crawls have, so that the url column
   * of a split-directory spans blocks; small pages, so that the test stays short.
   */
  static final CrawlData CRAWL = new CrawlData(20260521L, CrawlShape.PAPER.content(200, 1000).longUrls());

  private CrawlJobs() {
  }

  /** Map-only: input line "i" becomes crawl row i, written through ColumnOutputFormat. */
  public static class Loader extends Mapper<LongWritable, Text, NullWritable, GenericRecord> {
    @Override
    protected void map(LongWritable offset, Text line, Context ctx) throws IOException, InterruptedException {
      ctx.write(NullWritable.get(), CRAWL.row(Integer.parseInt(line.toString().trim())));
    }
  }

  static Job loader(Configuration conf, Path lines, Path out) throws IOException {
    Job job = Job.getInstance(conf, "cif-it load");
    // From target/test-classes this finds no jar: the conf names one then (CifOnHdfsAndYarnIT.yarnJobConf).
    job.setJarByClass(CrawlJobs.class);
    job.setMapperClass(Loader.class);
    job.setNumReduceTasks(0);
    job.setInputFormatClass(TextInputFormat.class);
    job.setOutputFormatClass(ColumnOutputFormat.class);
    ColumnOutputFormat.setSchema(job, CRAWL.schema());
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
    Figure1.mapReduceInto(job, Figure1.ContentTypes.class, out);
    return job;
  }
}
