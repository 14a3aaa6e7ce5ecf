package dev.cif.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.Cif;
import dev.cif.CifWriter;
import dev.cif.conf.CifConf;
import dev.cif.pushdown.Comparison;
import dev.cif.pushdown.Literal;
import dev.cif.pushdown.Predicate;
import dev.cif.testing.NameNodeCalls;
import java.io.File;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The NameNode calls a read through {@link ColumnInputFormat} makes, counted by the NameNode itself (its
 * RPC server's per-method counts) on a MiniDFSCluster: planning opens nothing and lists the dataset in two
 * calls, the task opens each projected column file of each split-directory it reads exactly once (one
 * getBlockLocations each) and asks for nothing else, and a split-directory whose recorded statistics rule
 * the pushed predicate out costs one getXAttrs call and is never opened; a predicate statistics could rule
 * nothing out with (Hive's IS NOT NULL on join keys) costs no getXAttrs call; the partition directories Hive
 * passes as inputs are listed together, two batched listings for all of them. A table planned again, its
 * split-directories unchanged, costs one listing beyond its opens (ListingCache); the other cases here
 * plan with that cache off, as a first read does.
 */
class NameNodeCallsTest {
  private static final int DIRS = 4;
  private static final int ROWS = 500;
  private static final Schema SCHEMA = SchemaBuilder.record("row").fields()
      .requiredInt("k").requiredString("a").requiredLong("b").requiredDouble("c").endRecord();
  private static MiniDFSCluster cluster;
  private static FileSystem fs;
  private static final Path DATASET = new Path("/t");
  /** A partitioned dataset, as Hive lays one out: PARTITIONS directories of DIRS_PER_PARTITION split-directories. */
  private static final Path PARTITIONED = new Path("/p");
  private static final int PARTITIONS = 3;
  private static final int DIRS_PER_PARTITION = 2;
  /** A dataset the cache tests read twice and change in between. */
  private static final Path CACHED = new Path("/c");
  /** As DATASET, in blocks of 512 bytes: several blocks per column to cut parts at. */
  private static final Path SMALL_BLOCKS = new Path("/s");
  /** A table merged into one split-directory (as Hive's merge or cif merge leaves one), in blocks of 512 bytes. */
  private static final Path MERGED = new Path("/m");
  private static final int MERGED_ROWS = DIRS * ROWS;
  /** Another table of one split-directory, k in [0, MERGED_ROWS), for the statistics of a scan's only split-directory. */
  private static final Path ONE = new Path("/one");

  @BeforeAll
  static void writeDataset() throws Exception {
    // Surefire points java.io.tmpdir into target/; the cluster's web servers need it to exist.
    File tmp = new File(System.getProperty("java.io.tmpdir"));
    tmp.mkdirs();
    File base = Files.createTempDirectory(tmp.toPath(), "cif-nn-calls").toFile();
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.getAbsolutePath());
    cluster = new MiniDFSCluster.Builder(conf, base).numDataNodes(1).build();
    cluster.waitActive();
    fs = cluster.getFileSystem();
    // Split-directory d holds k in [1000 d, 1000 d + ROWS): the statistics of all but the last rule out k >= 3000.
    for (int d = 0; d < DIRS; d++) write(conf, new Path(DATASET, "part-" + d), d);
    for (int p = 0; p < PARTITIONS; p++) {
      for (int d = 0; d < DIRS_PER_PARTITION; d++) write(conf, new Path(new Path(PARTITIONED, "dt=" + p), "part-" + d), p);
    }
    for (int d = 0; d < DIRS; d++) write(conf, new Path(CACHED, "part-" + d), d);
    Configuration small = new Configuration(conf);
    CifConf.BLOCK_BYTES.set(small, 512);
    for (int d = 0; d < DIRS; d++) write(small, new Path(SMALL_BLOCKS, "part-" + d), d);
    write(small, new Path(MERGED, "merged-0"), 0, MERGED_ROWS);
    write(conf, new Path(ONE, "merged-0"), 0, MERGED_ROWS);
  }

  private static void write(Configuration conf, Path dir, int d) throws Exception {
    write(conf, dir, d, ROWS);
  }

  private static void write(Configuration conf, Path dir, int d, int rows) throws Exception {
    try (CifWriter w = Cif.createSplitDirectoryWriter(fs, dir, SCHEMA, Cif.writeOptions(conf))) {
      for (int i = 0; i < rows; i++) {
        GenericData.Record r = new GenericData.Record(SCHEMA);
        r.put("k", d * 1000 + i);
        r.put("a", "a" + i % 1000);
        r.put("b", (long) i);
        r.put("c", i / 2.0);
        w.write(r);
      }
    }
  }

  @AfterAll
  static void stop() {
    if (cluster != null) cluster.shutdown();
  }

  @Test
  void aProjectedReadOpensEachProjectedFileOnceAndNothingElse() throws Exception {
    Configuration conf = job("k,a", null);
    Map<String, Long> calls = countCalls(() -> assertEquals(DIRS * ROWS, readAll(conf)));
    int files = 2 * DIRS;
    assertEquals(files, calls.getOrDefault("getBlockLocations", 0L), "opens: " + calls);
    // The dataset's directory, then its split-directories in one batched listing.
    assertEquals(1, calls.getOrDefault("getListing", 0L), "listings: " + calls);
    assertEquals(1, calls.getOrDefault("getBatchedListing", 0L), "batched listings: " + calls);
    assertEquals(files + 2, total(calls), "calls: " + calls);
    assertTrue(total(calls) <= 1.5 * files, "calls: " + calls);
  }

  /** A split-directory cut into row-range parts: each part's task opens the projected files once, and no schema file. */
  @Test
  void eachPartOfASplitDirectoryOpensItsProjectedFilesAndNothingElse() throws Exception {
    Configuration conf = job("k,a", null, SMALL_BLOCKS);
    CifConf.SPLIT_PART_BYTES.set(conf, 0);
    long largest = 0;
    for (ColumnSplit s : SplitPlanner.plan(conf, new Path[] {SMALL_BLOCKS})) largest = Math.max(largest, s.getLength());
    // The split-directories differ by a few bytes: half the largest cuts each in two.
    CifConf.SPLIT_PART_BYTES.set(conf, largest / 2 + 1);
    assertEquals(2 * DIRS, SplitPlanner.plan(conf, new Path[] {SMALL_BLOCKS}).size(), "two parts per split-directory");
    Map<String, Long> calls = countCalls(() -> assertEquals(DIRS * ROWS, readAll(conf)));
    assertEquals(2 * 2 * DIRS, calls.getOrDefault("getBlockLocations", 0L), "opens: " + calls);
  }

  /**
   * A table merged into one split-directory, 2, 3 and 4 of its 4 columns projected, each call by method,
   * planning and the tasks apart. Planning opens nothing: the first plan lists the table's directory and its
   * split-directory (2 getListing), a plan after it only the table's directory (1, ListingCache); the task opens
   * each projected file once (a getBlockLocations each) and asks for nothing else (no getFileInfo, no listing, no
   * getXAttrs, no schema file). Cut into 2 row-range parts, each part's task opens the projected files once:
   * 2 tasks, 2 x files opens, planning unchanged.
   */
  @Test
  void aMergedTableCostsItsOpensAndOneListingOnceKnown() throws Exception {
    settle();
    boolean first = true;
    for (String columns : new String[] {"k,a", "k,a,b", "k,a,b,c"}) {
      int files = columns.split(",").length;
      Configuration conf = cached(job(columns, null, MERGED));
      List<List<InputSplit>> planned = new java.util.ArrayList<>();
      Map<String, Long> planning = countCalls(() -> planned.add(new ColumnInputFormat().getSplits(Job.getInstance(conf))));
      assertEquals(Map.of("getListing", first ? 2L : 1L), planning, columns + ", planning");
      assertEquals(1, planned.get(0).size(), "one split-directory, one split");
      Map<String, Long> reading = countCalls(() -> assertEquals(MERGED_ROWS, read(conf, planned.get(0))));
      assertEquals(Map.of("getBlockLocations", (long) files), reading, columns + ", the task");
      first = false;

      // The same table read by 2 tasks, each a row range: each opens the projected files of its part.
      long bytes = ((ColumnSplit) planned.get(0).get(0)).getLength();
      CifConf.SPLIT_PART_BYTES.set(conf, bytes / 2 + 1);
      planned.clear();
      planning = countCalls(() -> planned.add(new ColumnInputFormat().getSplits(Job.getInstance(conf))));
      assertEquals(Map.of("getListing", 1L), planning, columns + " in parts, planning");
      assertEquals(2, planned.get(0).size(), "two parts");
      reading = countCalls(() -> assertEquals(MERGED_ROWS, read(conf, planned.get(0))));
      assertEquals(Map.of("getBlockLocations", 2L * files), reading, columns + " in parts, the tasks");
    }
  }

  @Test
  void thePartitionsOfAReadAreListedTogether() throws Exception {
    // Hive passes each partition directory of a table as an input path.
    Path[] partitions = new Path[PARTITIONS];
    for (int p = 0; p < PARTITIONS; p++) partitions[p] = new Path(PARTITIONED, "dt=" + p);
    Configuration conf = job("k,a", null, partitions);
    Map<String, Long> calls = countCalls(() -> assertEquals(PARTITIONS * DIRS_PER_PARTITION * ROWS, readAll(conf)));
    int files = 2 * PARTITIONS * DIRS_PER_PARTITION;
    assertEquals(files, calls.getOrDefault("getBlockLocations", 0L), "opens: " + calls);
    // The partitions in one batched listing, then all their split-directories in another (two per partition
    // before: 3 getListing and 3 getBatchedListing).
    assertEquals(0, calls.getOrDefault("getListing", 0L), "listings: " + calls);
    assertEquals(2, calls.getOrDefault("getBatchedListing", 0L), "batched listings: " + calls);
    assertEquals(files + 2, total(calls), "calls: " + calls);
  }

  @Test
  void aMissingPartitionAmongOthersIsAClearError() throws Exception {
    Configuration conf = job("k,a", null, new Path(PARTITIONED, "dt=0"), new Path(PARTITIONED, "dt=9"));
    java.io.FileNotFoundException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.FileNotFoundException.class,
        () -> new ColumnInputFormat().getSplits(Job.getInstance(conf)));
    assertTrue(e.getMessage().contains("no CIF dataset at") && e.getMessage().contains("dt=9"), e.getMessage());
  }

  @Test
  void aSplitDirectoryRuledOutByItsStatisticsIsNotOpened() throws Exception {
    Configuration conf = job("k,a", Predicate.compare("k", Comparison.Op.GE, Literal.of(3000)));
    Map<String, Long> calls = countCalls(() -> assertEquals(ROWS, readAll(conf)));
    // Only the last split-directory is read: its two projected files, each opened once.
    assertEquals(2, calls.getOrDefault("getBlockLocations", 0L), "opens: " + calls);
    assertEquals(DIRS, calls.getOrDefault("getXAttrs", 0L), "statistics: " + calls);
    assertEquals(2 + 2 + DIRS, total(calls), "calls: " + calls);
  }

  /**
   * The only split-directory of a scan is judged by its task, not by a getXAttrs call at planning (which could
   * at best show the scan empty); statistics the listing cache already holds still rule it out for free.
   */
  @Test
  void theOnlySplitDirectoryOfAScanIsJudgedByItsTask() throws Exception {
    Predicate none = Predicate.compare("k", Comparison.Op.GE, Literal.of(5000));
    Predicate some = Predicate.compare("k", Comparison.Op.GE, Literal.of(MERGED_ROWS - 100));
    Map<String, Long> empty = countCalls(() -> assertEquals(0, readAll(job("k,a", none, ONE))));
    assertEquals(0, empty.getOrDefault("getXAttrs", 0L), "statistics: " + empty);
    // (Its one block is kept whole: the engine filters the rows of the blocks it is given.)
    Map<String, Long> tail = countCalls(() -> assertEquals(MERGED_ROWS, readAll(job("k,a", some, ONE))));
    assertEquals(Map.of("getListing", 2L, "getBlockLocations", 2L), tail, "calls");

    // Judged with another table (a scan of two split-directories), its statistics are known from then on.
    settle();
    Configuration both = cached(job("k,a", none, ONE, DATASET));
    Map<String, Long> first = countCalls(() -> assertEquals(0, readAll(both)));
    assertEquals(1 + DIRS, first.getOrDefault("getXAttrs", 0L), "statistics: " + first);
    Configuration alone = cached(job("k,a", none, ONE));
    Map<String, Long> again = countCalls(() -> assertEquals(0, readAll(alone)));
    assertEquals(Map.of("getListing", 1L), again, "ruled out by the statistics already known");
  }

  @Test
  void aPredicateStatisticsCannotUseAsksForNoStatistics() throws Exception {
    // What Hive pushes to a joined fact table: its join key not null, and a filter it could not translate.
    // (Only projected columns: a predicate's other columns are opened too, for their block statistics.)
    Predicate joinKeys = Predicate.and(Predicate.not(Predicate.isNull("k")),
        Predicate.or(Predicate.compare("k", Comparison.Op.GE, Literal.of(3000)), Predicate.unknown()));
    Configuration conf = job("k,a", joinKeys);
    Map<String, Long> calls = countCalls(() -> assertEquals(DIRS * ROWS, readAll(conf)));
    assertEquals(0, calls.getOrDefault("getXAttrs", 0L), "statistics: " + calls);
    assertEquals(2 * DIRS + 2, total(calls), "calls: " + calls);
  }

  @Test
  void aPredicateOfNoColumnOpensNoSchemaFile() throws Exception {
    // Hive's filter on a type statistics do not cover (TPC-H q01's l_shipdate <= date '...'): judged nowhere,
    // so nothing is opened to judge it (the schema file was, for the row count).
    Configuration conf = job("k,a", Predicate.unknown());
    Map<String, Long> calls = countCalls(() -> assertEquals(DIRS * ROWS, readAll(conf)));
    assertEquals(2 * DIRS, calls.getOrDefault("getBlockLocations", 0L), "opens: " + calls);
    assertEquals(2 * DIRS + 2, total(calls), "calls: " + calls);
  }

  @Test
  void aTablePlannedAgainCostsOneListingBeyondItsOpens() throws Exception {
    settle();
    Predicate last = Predicate.compare("k", Comparison.Op.GE, Literal.of(3000));
    Configuration conf = cached(job("k,a", last, CACHED));
    Map<String, Long> first = countCalls(() -> assertEquals(ROWS, readAll(conf)));
    assertEquals(2 + 2 + DIRS, total(first), "first read: " + first);
    // Again: the table's directory is listed (it tells that no split-directory changed), nothing else but the opens.
    Map<String, Long> again = countCalls(() -> assertEquals(ROWS, readAll(conf)));
    assertEquals(2, again.getOrDefault("getBlockLocations", 0L), "opens: " + again);
    assertEquals(1, again.getOrDefault("getListing", 0L), "listings: " + again);
    assertEquals(2 + 1, total(again), "calls: " + again);
    // Every split-directory read: each of its 2 projected files opened once, one call for the table.
    Configuration all = cached(job("k,a", null, CACHED));
    Map<String, Long> whole = countCalls(() -> assertEquals(DIRS * ROWS, readAll(all)));
    assertEquals(2 * DIRS + 1, total(whole), "calls: " + whole);
  }

  @Test
  void aSplitDirectoryWrittenAgainUnderItsNameIsListedAndJudgedAfresh() throws Exception {
    Path dataset = new Path("/c2");
    Configuration writeConf = fs.getConf();
    for (int d = 0; d < 2; d++) write(writeConf, new Path(dataset, "part-" + d), d);
    settle();
    Predicate sevens = Predicate.compare("k", Comparison.Op.GE, Literal.of(7000));
    Configuration conf = cached(job("k,a", sevens, dataset));
    assertEquals(0, readAll(conf));
    // part-0 replaced by rows k >= 7000 under the same name: its cached listing and statistics (which rule
    // k >= 7000 out) must not be used.
    fs.delete(new Path(dataset, "part-0"), true);
    write(writeConf, new Path(dataset, "part-0"), 7);
    assertEquals(ROWS, readAll(conf));
    // A split-directory added beside them is found: the table's directory is always listed.
    write(writeConf, new Path(dataset, "part-2"), 8);
    assertEquals(2 * ROWS, readAll(conf));
  }

  /** Waits until every split-directory written so far is old enough for the listing cache to keep. */
  private static void settle() throws InterruptedException {
    Thread.sleep(dev.cif.impl.split.ListingCache.SETTLED_MILLIS + 100);
  }

  private static Configuration cached(Configuration conf) {
    conf.setLong(CifConf.SPLIT_LISTING_CACHE_FILES.key(), 1000);
    return conf;
  }

  private static Configuration job(String columns, Predicate predicate) throws Exception {
    return job(columns, predicate, DATASET);
  }

  /** A read of inputs planned with the listing cache off (each case counts a first read's calls). */
  private static Configuration job(String columns, Predicate predicate, Path... inputs) throws Exception {
    Job job = Job.getInstance(new Configuration(fs.getConf()));
    job.getConfiguration().setLong(CifConf.SPLIT_LISTING_CACHE_FILES.key(), 0);
    for (Path input : inputs) ColumnInputFormat.addInputPath(job, input);
    ColumnInputFormat.setColumns(job, columns);
    ColumnInputFormat.setReaderSchema(job.getConfiguration(), SCHEMA);
    ColumnInputFormat.setPredicate(job.getConfiguration(), predicate);
    return job.getConfiguration();
  }

  /** Plans the job and reads every split as its task would (each split written and read back as a Writable). */
  private static long readAll(Configuration conf) throws Exception {
    return read(conf, new ColumnInputFormat().getSplits(Job.getInstance(conf)));
  }

  /** Reads each split as its task would (written and read back as a Writable first). */
  private static long read(Configuration conf, List<InputSplit> splits) throws Exception {
    ColumnInputFormat format = new ColumnInputFormat();
    long rows = 0;
    for (InputSplit s : splits) {
      org.apache.hadoop.io.DataOutputBuffer out = new org.apache.hadoop.io.DataOutputBuffer();
      ((ColumnSplit) s).write(out);
      org.apache.hadoop.io.DataInputBuffer in = new org.apache.hadoop.io.DataInputBuffer();
      in.reset(out.getData(), out.getLength());
      ColumnSplit shipped = new ColumnSplit();
      shipped.readFields(in);
      TaskAttemptContext ctx = new TaskAttemptContextImpl(conf, new TaskAttemptID());
      try (RecordReader<NullWritable, GenericRecord> r = format.createRecordReader(shipped, ctx)) {
        r.initialize(shipped, ctx);
        while (r.nextKeyValue()) {
          GenericRecord rec = r.getCurrentValue();
          assertEquals("a" + ((Integer) rec.get("k") % 1000), rec.get("a").toString());
          // Every projected column read (a lazy record opens a column's file when the column is first read).
          for (String c : CifConf.COLUMNS.getString(conf).split(",")) rec.get(c.trim());
          rows++;
        }
      }
    }
    return rows;
  }

  interface Action {
    void run() throws Exception;
  }

  /** The NameNode's client RPCs by method while action runs. */
  private static Map<String, Long> countCalls(Action action) throws Exception {
    org.apache.hadoop.ipc.Server server =
        ((org.apache.hadoop.hdfs.server.namenode.NameNodeRpcServer) cluster.getNameNode().getRpcServer()).getClientRpcServer();
    NameNodeCalls calls = new NameNodeCalls(server);
    Map<String, Long> before = clientCalls(calls);
    action.run();
    // A handler counts a call after sending its answer, so the action's last call may not be counted yet when
    // the action returns (a plan's last listing was, now and then, counted in the next action's calls). Once
    // every handler of the server waits for its next call again, each call answered so far has been counted.
    awaitIdleHandlers(server);
    Map<String, Long> after = clientCalls(calls);
    return NameNodeCalls.between(before, after);
  }

  /** Waits until every handler thread of server is back in its call queue's take (a handler updates its metrics before). */
  private static void awaitIdleHandlers(org.apache.hadoop.ipc.Server server) throws InterruptedException {
    String port = " port " + server.getListenerAddress().getPort();
    for (int i = 0; i < 1000; i++) {
      boolean idle = true;
      int handlers = 0;
      for (Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
        String name = t.getKey().getName();
        if (!name.startsWith("IPC Server handler") || !name.endsWith(port)) continue;
        handlers++;
        idle &= java.util.Arrays.stream(t.getValue()).anyMatch(f -> f.getClassName().equals("org.apache.hadoop.ipc.CallQueueManager")
            && f.getMethodName().equals("take"));
      }
      if (handlers == 0) throw new AssertionError("no handler thread named like 'IPC Server handler ..." + port + "'");
      if (idle) return;
      Thread.sleep(10);
    }
    throw new AssertionError("the NameNode's handlers did not become idle in 10 s");
  }

  /** The client calls so far: the DataNode's heartbeats and block reports reach the same server, but are no read's. */
  private static Map<String, Long> clientCalls(NameNodeCalls calls) {
    Map<String, Long> out = calls.now();
    java.util.Set<String> client = new java.util.HashSet<>();
    for (java.lang.reflect.Method m : org.apache.hadoop.hdfs.protocol.ClientProtocol.class.getMethods()) client.add(m.getName());
    out.keySet().retainAll(client);
    return out;
  }

  private static long total(Map<String, Long> calls) { return NameNodeCalls.total(calls); }
}
