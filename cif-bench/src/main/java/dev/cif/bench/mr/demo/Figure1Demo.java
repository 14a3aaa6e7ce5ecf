package dev.cif.bench.mr.demo;

import dev.cif.testing.crawl.CrawlData;
import dev.cif.conf.CifConf;
import dev.cif.mapreduce.ColumnInputFormat;
import dev.cif.mapreduce.ColumnOutputFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.NLineInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * The paper's Figure 1 job ({@code bin/cif demo}) on embedded defaults (local file system, local MapReduce): generates the crawl
 * dataset, loads it as SequenceFile and as CIF with MapReduce jobs, runs the paper's Figure 1 job on
 * both, and prints the answers, bytes read and times side by side.
 */
public final class Figure1Demo {
  private Figure1Demo() {}

  public static int run(Configuration base, String[] args, PrintStream out) throws Exception {
    long rows = 20_000;
    String dir = "target/cif-demo";
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (args[i].equals("--rows")) rows = Long.parseLong(args[i + 1]);
      else if (args[i].equals("--dir")) dir = args[i + 1];
      else throw new IllegalArgumentException("usage: demo [--rows N] [--dir DIR]");
    }
    Configuration conf = new Configuration(base);
    conf.set("mapreduce.framework.name", "local");
    // The client polls a job's completion every 5 s by default, which would be most of a demo job's time.
    conf.setInt("mapreduce.client.completion.pollinterval", 50);
    conf.setLong(Figure1Jobs.SEED, 20110101L);
    CifConf.LAYOUT.set(conf, "metadata:dcsl,annotations:dcsl");
    FileSystem fs = FileSystem.getLocal(conf);
    Path root = fs.makeQualified(new Path(dir));
    fs.delete(root, true);
    Path ranges = writeRanges(fs, root, rows);
    out.printf(Locale.ROOT, "crawl dataset: %,d rows (seed %d) in %s%n", rows, conf.getLong(Figure1Jobs.SEED, 0), root);

    Job seqLoad = loadJob(conf, ranges, new Path(root, "seq"), false);
    Job cifLoad = loadJob(conf, ranges, new Path(root, "cif"), true);
    out.printf(Locale.ROOT, "loaded  SEQ %,14d bytes in %5.1f s%n", fs.getContentSummary(new Path(root, "seq")).getLength(), seconds(seqLoad));
    out.printf(Locale.ROOT, "loaded  CIF %,14d bytes in %5.1f s%n", fs.getContentSummary(new Path(root, "cif")).getLength(), seconds(cifLoad));

    Job seq = figure1(conf, new Path(root, "seq"), new Path(root, "answer-seq"), false);
    Job cif = figure1(conf, new Path(root, "cif"), new Path(root, "answer-cif"), true);
    TreeSet<String> a = answer(fs, new Path(root, "answer-seq"));
    TreeSet<String> b = answer(fs, new Path(root, "answer-cif"));
    out.println();
    out.println("Figure 1 job: distinct metadata['content-type'] of urls containing \"ibm.com/jp\"");
    out.printf(Locale.ROOT, "%-6s %16s %10s  %s%n", "format", "bytes read", "time (s)", "answer");
    out.printf(Locale.ROOT, "%-6s %,16d %10.2f  %s%n", "SEQ", bytesRead(seq), seconds(seq), a);
    out.printf(Locale.ROOT, "%-6s %,16d %10.2f  %s%n", "CIF", bytesRead(cif), seconds(cif), b);
    out.printf(Locale.ROOT, "CIF read %.1fx fewer bytes and ran %.1fx faster; answers %s%n",
        (double) bytesRead(seq) / bytesRead(cif), seconds(seq) / seconds(cif), a.equals(b) ? "agree" : "DIFFER");
    return a.equals(b) && !a.isEmpty() ? 0 : 1;
  }

  private static Path writeRanges(FileSystem fs, Path root, long rows) throws IOException {
    Path p = new Path(root, "ranges.txt");
    fs.mkdirs(root);
    long step = Math.max(1000, (rows + 3) / 4);
    try (PrintWriter w = new PrintWriter(fs.create(p), false, StandardCharsets.UTF_8)) {
      for (long from = 0; from < rows; from += step) w.println(from + " " + Math.min(rows, from + step));
    }
    return p;
  }

  private static Job loadJob(Configuration conf, Path ranges, Path out, boolean cif) throws Exception {
    Job job = Job.getInstance(conf, cif ? "load CIF" : "load SEQ");
    job.setJarByClass(Figure1Demo.class);
    job.setInputFormatClass(NLineInputFormat.class);
    NLineInputFormat.setNumLinesPerSplit(job, 1);
    FileInputFormat.addInputPath(job, ranges);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(NullWritable.class);
    if (cif) {
      job.setMapperClass(Figure1Jobs.GenerateRecords.class);
      job.setOutputFormatClass(ColumnOutputFormat.class);
      ColumnOutputFormat.setSchema(job, CrawlData.schemaOf());
    } else {
      job.setMapperClass(Figure1Jobs.GenerateSeq.class);
      job.setOutputValueClass(BytesWritable.class);
      job.setOutputFormatClass(SequenceFileOutputFormat.class);
    }
    FileOutputFormat.setOutputPath(job, out);
    run(job);
    return job;
  }

  private static Job figure1(Configuration conf, Path in, Path out, boolean cif) throws Exception {
    Job job = Job.getInstance(conf, cif ? "figure 1 on CIF" : "figure 1 on SEQ");
    job.setJarByClass(Figure1Demo.class);
    if (cif) {
      job.setInputFormatClass(ColumnInputFormat.class);
      ColumnInputFormat.setColumns(job, "url, metadata");
      job.setMapperClass(Figure1Jobs.CifMap.class);
    } else {
      job.setInputFormatClass(SequenceFileInputFormat.class);
      job.setMapperClass(Figure1Jobs.SeqMap.class);
    }
    FileInputFormat.addInputPath(job, in);
    job.setReducerClass(Figure1Jobs.Distinct.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    run(job);
    return job;
  }

  private static final java.util.Map<Job, long[]> MEASURED = new java.util.IdentityHashMap<>();

  /** Runs a job, measuring wall time and the bytes this JVM read from the file system meanwhile. */
  private static void run(Job job) throws Exception {
    long bytes = fileBytesRead();
    long t0 = System.nanoTime();
    if (!job.waitForCompletion(false)) throw new IOException("job '" + job.getJobName() + "' failed");
    MEASURED.put(job, new long[] {System.nanoTime() - t0, fileBytesRead() - bytes});
  }

  private static long fileBytesRead() {
    long n = 0;
    for (FileSystem.Statistics s : FileSystem.getAllStatistics()) if ("file".equals(s.getScheme())) n += s.getBytesRead();
    return n;
  }

  private static double seconds(Job job) { return MEASURED.get(job)[0] / 1e9; }

  /** Bytes read by the whole local job: input, job files and the small shuffle of distinct types. */
  private static long bytesRead(Job job) { return MEASURED.get(job)[1]; }

  private static TreeSet<String> answer(FileSystem fs, Path dir) throws IOException {
    TreeSet<String> s = new TreeSet<>();
    List<Path> parts = new ArrayList<>();
    for (FileStatus st : fs.listStatus(dir)) if (st.getPath().getName().startsWith("part-")) parts.add(st.getPath());
    for (Path p : parts) s.addAll(Files.readAllLines(java.nio.file.Paths.get(p.toUri()), StandardCharsets.UTF_8));
    return s;
  }
}
