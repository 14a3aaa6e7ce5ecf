package dev.cif.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.conf.CifConf;
import dev.cif.impl.record.LazyRecord;
import dev.cif.impl.split.DatasetListing;
import dev.cif.testing.Figure1;
import dev.cif.testing.TestFs;
import dev.cif.testing.crawl.CrawlData;
import dev.cif.testing.crawl.CrawlShape;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.JobClient;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.OutputCollector;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.Test;

/** Real local-runner jobs: write with ColumnOutputFormat, run the paper's Figure 1 job in both APIs. */
class MapReduceFacesTest {
  static final int ROWS = 3000;
  static final long SEED = 42;
  /** Smaller pages than the paper's keep the local jobs short. */
  static final CrawlData CRAWL = new CrawlData(SEED, CrawlShape.PAPER.content(2000, 5000));

  /** Map-only loader: line i of the input becomes crawl row i. */
  public static class Loader extends Mapper<LongWritable, Text, NullWritable, GenericRecord> {
    @Override
    protected void map(LongWritable k, Text line, Context ctx) throws IOException, InterruptedException {
      int i = Integer.parseInt(line.toString());
      if (i == ctx.getConfiguration().getInt("test.fail.at", -1)) throw new IOException("injected failure at row " + i);
      ctx.write(NullWritable.get(), CRAWL.row(i));
    }
  }

  /** The paper's Figure 1 map function, on the LazyRecord this face must hand it. */
  public static class ContentTypes extends Figure1.ContentTypes {
    @Override
    protected void map(NullWritable k, GenericRecord rec, Context ctx) throws IOException, InterruptedException {
      if (!(rec instanceof LazyRecord)) throw new IllegalStateException("expected LazyRecord");
      super.map(k, rec, ctx);
    }
  }

  static Set<String> expectedAnswer() {
    // Figure1.answer skips the pages without a content-type, which the paper's crawl has and the map skips too.
    return Figure1.answer(CRAWL.firstRows(ROWS));
  }

  /**
   * A job's configuration on the test file system. The client asks the local runner whether the job is done
   * every 5 s by default (waitForCompletion(false)) or every second (JobClient.runJob), where the jobs here
   * take well under a second: each waited out most of an interval.
   */
  static Configuration jobConf(TestFs t) {
    Configuration conf = new Configuration(t.conf);
    conf.setInt("mapreduce.client.completion.pollinterval", 50);
    conf.setInt("mapreduce.client.progressmonitor.pollinterval", 50);
    return conf;
  }

  static Path load(TestFs t, String name, int failAt) throws Exception {
    java.io.File lines = new java.io.File(t.root.toUri().getPath(), name + "-input.txt");
    try (PrintWriter w = new PrintWriter(lines, StandardCharsets.UTF_8)) {
      for (int i = 0; i < ROWS; i++) w.println(i);
    }
    Configuration conf = jobConf(t);
    conf.setLong(CifConf.SPLIT_DIRECTORY_BYTES.key(), 2 << 20);
    conf.set(CifConf.LAYOUT.key(), "metadata:dcsl");
    conf.setInt("test.fail.at", failAt);
    conf.set("mapreduce.framework.name", "local");
    Job job = Job.getInstance(conf, "load");
    job.setMapperClass(Loader.class);
    job.setNumReduceTasks(0);
    job.setInputFormatClass(TextInputFormat.class);
    job.setOutputFormatClass(ColumnOutputFormat.class);
    ColumnOutputFormat.setSchema(job, CRAWL.schema());
    FileInputFormat.addInputPath(job, new Path(lines.toURI()));
    Path out = t.path(name);
    FileOutputFormat.setOutputPath(job, out);
    job.waitForCompletion(false);
    assertEquals(failAt < 0, job.isSuccessful());
    return out;
  }

  /** The paper's Figure 1 job on the mapreduce API, reading data and writing the distinct content types to out. */
  static Job figure1Job(Configuration conf, Path data, Path out) throws IOException {
    Job job = Job.getInstance(conf, "figure1");
    job.setInputFormatClass(ColumnInputFormat.class);
    ColumnInputFormat.setColumns(job, "url, metadata");
    FileInputFormat.addInputPath(job, data);
    Figure1.mapReduceInto(job, ContentTypes.class, out);
    return job;
  }

  @Test
  void figure1JobGivesTheSameAnswerInBothApis() throws Exception {
    TestFs t = new TestFs();
    Path data = load(t, "crawl", -1);
    List<Path> dirs = DatasetListing.splitDirectories(t.fs, data);
    assertTrue(dirs.size() > 2, "rolled into several split-directories: " + dirs);
    assertTrue(t.fs.exists(new Path(data, "_SUCCESS")));

    Path out = t.path("answer");
    Job job = figure1Job(jobConf(t), data, out);
    assertTrue(job.waitForCompletion(false));
    Set<String> expected = expectedAnswer();
    assertFalse(expected.isEmpty());
    assertEquals(expected, readLines(t, out));

    List<InputSplit> splits = new ColumnInputFormat().getSplits(job);
    assertEquals(dirs.size(), splits.size());
    for (InputSplit s : splits) assertTrue(s.getLocations().length > 0 && s.getLength() > 0, s.toString());

    JobConf old = new JobConf(jobConf(t));
    old.setInputFormat(dev.cif.mapred.ColumnInputFormat.class);
    CifConf.COLUMNS.set(old, "url,metadata");
    org.apache.hadoop.mapred.FileInputFormat.addInputPath(old, data);
    old.setMapperClass(OldContentTypes.class);
    old.setReducerClass(OldDistinct.class);
    old.setOutputKeyClass(Text.class);
    old.setOutputValueClass(NullWritable.class);
    Path out2 = t.path("answer-mapred");
    org.apache.hadoop.mapred.FileOutputFormat.setOutputPath(old, out2);
    assertTrue(JobClient.runJob(old).isSuccessful());
    assertEquals(expected, readLines(t, out2));
  }

  /** The Figure 1 job's filter as a row predicate; the pattern comes from the job's configuration. */
  public static class UrlContains implements dev.cif.record.RowPredicate, org.apache.hadoop.conf.Configurable {
    private Configuration conf;
    private byte[] needle;

    @Override public void setConf(Configuration c) {
      conf = c;
      needle = c.get("test.url.contains").getBytes(StandardCharsets.UTF_8);
    }

    @Override public Configuration getConf() { return conf; }

    @Override public String column() { return "url"; }

    @Override public boolean test(byte[] b, int off, int len) {
      outer:
      for (int i = off; i <= off + len - needle.length; i++) {
        for (int j = 0; j < needle.length; j++) if (b[i + j] != needle[j]) continue outer;
        return true;
      }
      return false;
    }
  }

  @Test
  void aRowPredicateHandsOutOnlyTheRowsThatPass() throws Exception {
    TestFs t = new TestFs();
    Path data = load(t, "crawl-predicate", -1);
    Configuration conf = jobConf(t);
    conf.set("test.url.contains", "ibm.com/jp");
    Path out = t.path("answer-predicate");
    Job job = figure1Job(conf, data, out);
    ColumnInputFormat.setRowPredicate(job, UrlContains.class);
    assertTrue(job.waitForCompletion(false));
    assertEquals(expectedAnswer(), readLines(t, out));
    long passing = 0;
    for (int i = 0; i < ROWS; i++) if (CRAWL.row(i).get("url").toString().contains("ibm.com/jp")) passing++;
    assertTrue(passing > 0 && passing < ROWS / 5, passing + " rows pass");
    assertEquals(passing, job.getCounters().findCounter(org.apache.hadoop.mapreduce.TaskCounter.MAP_INPUT_RECORDS).getValue(),
        "the maps were handed the passing rows only");
  }

  /**
   * Map-only: each row's url and metadata as a line, in the order the task reads them, after its
   * split's start (the part's place: the job runs splits largest first, not in part order).
   */
  public static class RowLines extends Mapper<NullWritable, GenericRecord, LongWritable, Text> {
    @Override
    protected void map(NullWritable k, GenericRecord rec, Context ctx) throws IOException, InterruptedException {
      long start = ((ColumnSplit) ctx.getInputSplit()).getStart();
      ctx.write(new LongWritable(start), new Text(rec.get("url") + "\t" + rec.get("metadata")));
    }
  }

  /** Runs RowLines over data with cif.split.part-bytes set to partBytes; returns its output files' lines, file by file. */
  static List<List<String>> rowLines(TestFs t, Path data, long partBytes, String name) throws Exception {
    Configuration conf = new Configuration(t.conf);
    CifConf.SPLIT_PART_BYTES.set(conf, partBytes);
    Job job = Job.getInstance(conf, name);
    job.setInputFormatClass(ColumnInputFormat.class);
    ColumnInputFormat.setColumns(job, "url,metadata");
    FileInputFormat.addInputPath(job, data);
    job.setMapperClass(RowLines.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(LongWritable.class);
    job.setOutputValueClass(Text.class);
    Path out = t.path(name);
    FileOutputFormat.setOutputPath(job, out);
    assertTrue(job.waitForCompletion(false));
    List<List<String>> files = new java.util.ArrayList<>();
    for (FileStatus st : t.fs.listStatus(out)) {
      if (st.getPath().getName().startsWith("part-m-")) files.add(Files.readAllLines(java.nio.file.Paths.get(st.getPath().toUri())));
    }
    // In the order of the splits' starts (empty outputs last), each line without its start.
    files.sort(java.util.Comparator.comparingLong(f -> f.isEmpty() ? Long.MAX_VALUE : Long.parseLong(f.get(0).split("\t", 2)[0])));
    files.replaceAll(f -> f.stream().map(l -> l.split("\t", 2)[1]).collect(java.util.stream.Collectors.toList()));
    return files;
  }

  /** One split-directory of the crawl rows in small blocks (uncompressed 16 KiB): many blocks to cut at. */
  static Path oneSplitDirectory(TestFs t) throws IOException {
    Path data = t.path("one-split-directory");
    try (dev.cif.CifWriter w = dev.cif.Cif.createWriter(t.fs, data, CRAWL.schema(),
        new dev.cif.WriteOptions().blockBytes(16 << 10).layout("metadata", dev.cif.ColumnLayout.DCSL))) {
      for (int i = 0; i < ROWS; i++) w.write(CRAWL.row(i));
    }
    assertEquals(1, DatasetListing.splitDirectories(t.fs, data).size());
    return data;
  }

  /**
   * The mapred API's numSplits (Hive on Tez passes its task slots) cuts a split-directory smaller than
   * cif.split.part-bytes into that many parts, as a merged table needs to keep its parallelism, but never
   * into parts under cif.split.min-part-bytes; every row is read once across the parts.
   */
  @Test
  void theEnginesSplitCountCutsASplitDirectoryDownToTheMinimumPart() throws Exception {
    TestFs t = new TestFs();
    Path data = oneSplitDirectory(t);
    JobConf job = new JobConf(t.conf);
    CifConf.COLUMNS.set(job, "url");
    org.apache.hadoop.mapred.FileInputFormat.setInputPaths(job, data);
    org.apache.hadoop.mapred.InputFormat<NullWritable, GenericRecord> format = new dev.cif.mapred.ColumnInputFormat();
    long projected = format.getSplits(job, 1)[0].getLength();
    assertTrue(projected < CifConf.SPLIT_PART_BYTES.getLong(job), "smaller than a part: " + projected);
    assertEquals(1, format.getSplits(job, 1).length, "no hint, one split");
    assertEquals(1, format.getSplits(job, 8).length, "parts under the default minimum (64 MiB) are not cut");

    CifConf.SPLIT_MIN_PART_BYTES.set(job, projected / 16);
    org.apache.hadoop.mapred.InputSplit[] eight = format.getSplits(job, 8);
    assertEquals(8, eight.length, "the engine's eight");
    CifConf.SPLIT_MIN_PART_BYTES.set(job, projected / 3 + 1);
    assertEquals(3, format.getSplits(job, 8).length, "parts of at least a third");
    CifConf.SPLIT_PART_BYTES.set(job, projected / 5 + 1);
    assertEquals(5, format.getSplits(job, 2).length, "the hint never raises cif.split.part-bytes");

    List<String> urls = new java.util.ArrayList<>();
    for (org.apache.hadoop.mapred.InputSplit split : eight) {
      org.apache.hadoop.mapred.RecordReader<NullWritable, GenericRecord> reader = format.getRecordReader(split, job, Reporter.NULL);
      int rows = 0;
      GenericRecord rec = reader.createValue();
      while (reader.next(NullWritable.get(), rec)) {
        urls.add(rec.get("url").toString());
        rows++;
      }
      reader.close();
      assertTrue(rows > 0 && rows < ROWS / 4, "a part read " + rows + " rows");
    }
    assertEquals(ROWS, urls.size(), "rows in all parts");
    for (int i = 0; i < ROWS; i++) assertEquals(CRAWL.row(i).get("url").toString(), urls.get(i), "row " + i);
  }

  @Test
  void oneLargeSplitDirectoryIsReadByEightMapTasksWithTheAnswerOfOne() throws Exception {
    TestFs t = new TestFs();
    Path data = oneSplitDirectory(t);
    Configuration conf = new Configuration(t.conf);
    CifConf.COLUMNS.set(conf, "url,metadata");
    CifConf.SPLIT_PART_BYTES.set(conf, 0);
    List<ColumnSplit> whole = SplitPlanner.plan(conf, new Path[] {data});
    assertEquals(1, whole.size());
    long projected = whole.get(0).getLength();
    // Parts of a tenth of its projected bytes: ten map tasks, each its own range of rows, on its hosts.
    long partBytes = projected / 10 + 1;
    CifConf.SPLIT_PART_BYTES.set(conf, partBytes);
    List<ColumnSplit> parts = SplitPlanner.plan(conf, new Path[] {data});
    assertEquals(10, parts.size());
    long sum = 0;
    for (ColumnSplit s : parts) {
      sum += s.getLength();
      assertTrue(java.util.Arrays.equals(whole.get(0).getLocations(), s.getLocations()), s.toString());
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      s.write(new java.io.DataOutputStream(bytes));
      ColumnSplit back = new ColumnSplit();
      back.readFields(new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray())));
      assertEquals(s.toString(), back.toString());
    }
    assertEquals(projected, sum);

    List<List<String>> one = rowLines(t, data, 0, "one-task");
    List<List<String>> many = rowLines(t, data, partBytes, "ten-tasks");
    assertEquals(1, one.size());
    assertEquals(ROWS, one.get(0).size());
    assertEquals(10, many.size(), "one output file per map task");
    List<String> joined = new java.util.ArrayList<>();
    for (List<String> f : many) {
      assertTrue(f.size() < ROWS / 4, "a task read " + f.size() + " rows");
      joined.addAll(f);
    }
    // Not assertEquals on the lists: a failure would print every row.
    assertEquals(one.get(0).size(), joined.size(), "rows in all parts");
    for (int i = 0; i < joined.size(); i++) assertEquals(one.get(0).get(i), joined.get(i), "row " + i);
  }

  @Test
  void aFailedJobLeavesNothingVisible() throws Exception {
    TestFs t = new TestFs();
    Path data = load(t, "failed", 1234);
    assertFalse(t.fs.exists(new Path(data, "_SUCCESS")));
    assertEquals(List.of(), t.fs.exists(data) ? DatasetListing.splitDirectories(t.fs, data) : List.of());
  }

  static Set<String> readLines(TestFs t, Path dir) throws IOException {
    Set<String> s = new TreeSet<>();
    for (FileStatus st : t.fs.listStatus(dir)) {
      if (st.getPath().getName().startsWith("part-")) {
        s.addAll(Files.readAllLines(java.nio.file.Paths.get(st.getPath().toUri())));
      }
    }
    return s;
  }

  public static class OldContentTypes extends org.apache.hadoop.mapred.MapReduceBase
      implements org.apache.hadoop.mapred.Mapper<NullWritable, GenericRecord, Text, NullWritable> {
    @Override
    public void map(NullWritable k, GenericRecord rec, OutputCollector<Text, NullWritable> out, Reporter r) throws IOException {
      // The same map as the new API's, through the kit: some crawled pages have no content-type.
      String type = Figure1.contentTypeIfIbmJp(rec);
      if (type != null) out.collect(new Text(type), NullWritable.get());
    }
  }

  public static class OldDistinct extends org.apache.hadoop.mapred.MapReduceBase
      implements org.apache.hadoop.mapred.Reducer<Text, NullWritable, Text, NullWritable> {
    @Override
    public void reduce(Text k, Iterator<NullWritable> v, OutputCollector<Text, NullWritable> out, Reporter r) throws IOException {
      out.collect(k, NullWritable.get());
    }
  }
}
