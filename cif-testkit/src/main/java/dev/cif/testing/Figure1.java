package dev.cif.testing;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * The paper's Figure 1 job on the mapreduce API, for the tests that run it over their own crawl rows:
 * the distinct {@code metadata['content-type']} of the pages whose url contains {@value #IBM_JP}.
 */
public final class Figure1 {
  public static final String IBM_JP = "ibm.com/jp";
  private static final Utf8 CONTENT_TYPE = new Utf8("content-type");

  private Figure1() {}

  /**
   * Makes a job Figure 1's: the given map (ContentTypes or a subclass), the distinct reduce, and the
   * answer as text lines in {@code out}. Reading the input is the caller's business.
   */
  public static void mapReduceInto(Job job, Class<? extends ContentTypes> map, Path out) {
    job.setMapperClass(map);
    job.setReducerClass(Distinct.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
  }

  /** A page's content-type if its url is under {@value #IBM_JP}, else null. */
  public static String contentTypeIfIbmJp(GenericRecord page) {
    if (!page.get("url").toString().contains(IBM_JP)) return null;
    Object type = ((Map<?, ?>) page.get("metadata")).get(CONTENT_TYPE);
    return type == null ? null : type.toString();
  }

  /** Figure 1's answer computed from the pages themselves, without CIF or MapReduce: what a job must give. */
  public static Set<String> answer(Iterable<? extends GenericRecord> pages) {
    Set<String> types = new TreeSet<>();
    for (GenericRecord page : pages) {
      String type = contentTypeIfIbmJp(page);
      if (type != null) types.add(type);
    }
    return types;
  }

  /** Figure 1's map: the content-type of every page under ibm.com/jp. */
  public static class ContentTypes extends Mapper<NullWritable, GenericRecord, Text, NullWritable> {
    @Override
    protected void map(NullWritable k, GenericRecord page, Context ctx) throws IOException, InterruptedException {
      String type = contentTypeIfIbmJp(page);
      if (type != null) ctx.write(new Text(type), NullWritable.get());
    }
  }

  /** Figure 1's reduce: each distinct content-type once. */
  public static class Distinct extends Reducer<Text, NullWritable, Text, NullWritable> {
    @Override
    protected void reduce(Text k, Iterable<NullWritable> v, Context ctx) throws IOException, InterruptedException {
      ctx.write(k, NullWritable.get());
    }
  }
}
