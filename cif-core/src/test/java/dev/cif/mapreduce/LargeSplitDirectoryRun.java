package dev.cif.mapreduce;

import dev.cif.Cif;
import dev.cif.CifWriter;
import dev.cif.WriteOptions;
import dev.cif.conf.CifConf;
import dev.cif.testing.crawl.CrawlData;
import dev.cif.testing.crawl.CrawlShape;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * The measurement behind docs/scale-splits.md, run by hand, not in CI: generates one split-directory of
 * the paper's crawl of about the given size (default 2 GiB) under a work directory, then reads it with
 * every column projected by a local MapReduce job, once as one task (cif.split.part-bytes 0) and once in
 * parts of cif.split.part-bytes (default 256 MiB), and prints tasks, time, rows and bytes read per task.
 * Usage: {@code LargeSplitDirectoryRun WORKDIR [BYTES [PART_BYTES]]}.
 */
public final class LargeSplitDirectoryRun {
  private LargeSplitDirectoryRun() {}

  /** Reads every column of every row; writes one line per task: start, rows, bytes read, millis, checksum. */
  public static class ReadAll extends Mapper<NullWritable, GenericRecord, LongWritable, Text> {
    private long rows;
    private long sum;
    private long bytesAtStart;
    private long started;

    @Override
    protected void setup(Context ctx) {
      bytesAtStart = bytesRead();
      started = System.nanoTime();
    }

    @Override
    protected void map(NullWritable k, GenericRecord rec, Context ctx) {
      rows++;
      for (org.apache.avro.Schema.Field f : rec.getSchema().getFields()) {
        Object v = rec.get(f.pos());
        sum = sum * 31 + (v == null ? 0 : v.toString().length());
      }
    }

    @Override
    protected void cleanup(Context ctx) throws IOException, InterruptedException {
      long start = ((ColumnSplit) ctx.getInputSplit()).getStart();
      ctx.write(new LongWritable(start), new Text(rows + "\t" + (bytesRead() - bytesAtStart) + "\t"
          + (System.nanoTime() - started) / 1_000_000 + "\t" + sum));
    }

    private static long bytesRead() {
      long n = 0;
      for (FileSystem.Statistics s : FileSystem.getAllStatistics()) n += s.getBytesRead();
      return n;
    }
  }

  public static void main(String[] args) throws Exception {
    Path work = new Path(new java.io.File(args[0]).getAbsoluteFile().toURI());
    long target = args.length > 1 ? Long.parseLong(args[1]) : 2L << 30;
    long partBytes = args.length > 2 ? Long.parseLong(args[2]) : 256L << 20;
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    FileSystem fs = FileSystem.getLocal(conf);
    Path data = new Path(work, "crawl");
    CrawlData crawl = new CrawlData(42, CrawlShape.PAPER);
    if (!fs.exists(data)) {
      // Rows per byte from a sample, then enough rows for the target, in one split-directory.
      Path sample = new Path(work, "sample");
      fs.delete(sample, true);
      try (CifWriter w = Cif.createWriter(fs, sample, crawl.schema(), new WriteOptions())) {
        for (int i = 0; i < 20_000; i++) w.write(crawl.row(i));
      }
      long sampleBytes = fs.getContentSummary(sample).getLength();
      fs.delete(sample, true);
      long rows = target * 20_000 / sampleBytes;
      long t0 = System.nanoTime();
      try (CifWriter w = Cif.createWriter(fs, data, crawl.schema(), new WriteOptions().splitDirectoryBytes(4 * target))) {
        for (long i = 0; i < rows; i++) w.write(crawl.row(i));
      }
      System.out.printf("wrote %,d rows, %,d bytes in %d split-directory(ies), %d s%n", rows, fs.getContentSummary(data).getLength(),
          Cif.splitDirectories(fs, data).size(), (System.nanoTime() - t0) / 1_000_000_000);
    }
    for (long pb : new long[] {0, partBytes}) {
      Configuration c = new Configuration(conf);
      CifConf.SPLIT_PART_BYTES.set(c, pb);
      Job job = Job.getInstance(c, "read-" + pb);
      job.setInputFormatClass(ColumnInputFormat.class);
      FileInputFormat.addInputPath(job, data);
      job.setMapperClass(ReadAll.class);
      job.setNumReduceTasks(0);
      job.setOutputKeyClass(LongWritable.class);
      job.setOutputValueClass(Text.class);
      Path out = new Path(work, "out-" + pb);
      fs.delete(out, true);
      FileOutputFormat.setOutputPath(job, out);
      long t0 = System.nanoTime();
      if (!job.waitForCompletion(false)) throw new IllegalStateException("job failed");
      long millis = (System.nanoTime() - t0) / 1_000_000;
      List<String> lines = new ArrayList<>();
      for (FileStatus st : fs.listStatus(out)) {
        if (st.getPath().getName().startsWith("part-m-")) lines.addAll(Files.readAllLines(java.nio.file.Paths.get(st.getPath().toUri())));
      }
      lines.sort(java.util.Comparator.comparingLong(l -> Long.parseLong(l.split("\t")[0])));
      System.out.printf("cif.split.part-bytes=%d: %d tasks, job %d ms%n", pb, lines.size(), millis);
      System.out.println("  split start\trows\tbytes read\ttask ms\tchecksum");
      for (String l : lines) System.out.println("  " + l);
    }
  }
}
