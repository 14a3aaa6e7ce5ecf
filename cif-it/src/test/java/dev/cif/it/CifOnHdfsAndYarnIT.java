package dev.cif.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.cluster.OneMachineCluster;
import dev.cif.conf.CifConf;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.mapreduce.ColumnInputFormat;
import dev.cif.mapreduce.ColumnSplit;
import dev.cif.placement.PlacementTool;
import dev.cif.testing.Figure1;
import io.airlift.compress.lz4.Lz4Compressor;
import java.io.BufferedReader;
import java.io.File;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.JarFinder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * CIF on a real cluster: crawl rows are loaded by a YARN job through ColumnOutputFormat into an HDFS
 * that runs ColumnPlacementPolicy, then the paper's Figure 1 job runs over ColumnInputFormat on YARN
 * and on the local runner. The cluster is cif-cluster's {@link OneMachineCluster} (6 named nodes on 2 racks,
 * 64 KB blocks), and this test is a client on no node: it submits its jobs with the cluster's client
 * configuration, and its containers get CIF only from the jars the job ships (its job jar and
 * {@code tmpjars}, as {@code hadoop jar -libjars} ships them).
 */
@Timeout(300)
class CifOnHdfsAndYarnIT {
  static final int ROWS = 4000;
  static final int INPUT_FILES = 2;
  static final int NODES = 6;
  static final long BLOCK_SIZE = 64 * 1024;
  /** The cluster's directory; failsafe starts this JVM with its conf/hosts (pom.xml). */
  static final File BASE = new File("target/one-machine-cluster").getAbsoluteFile();
  static final Path LINES = new Path("/input/lines");
  static final Path DATA = new Path("/warehouse/crawl");

  static OneMachineCluster cluster;
  static FileSystem fs;

  @BeforeAll
  static void loadOnYarn() throws Exception {
    FileUtil.fullyDelete(BASE);
    cluster = OneMachineCluster.start(BASE, new OneMachineCluster.Options().nodes(NODES).blockSize(BLOCK_SIZE));
    fs = cluster.fileSystem();
    writeLines();
    Configuration conf = yarnJobConf();
    // ~2.3 KB a row (inlinks and headers as the paper's crawl has them): rolling at 1.5 MB gives 3 or 4
    // split-directories per map task (each one a map task of the Figure 1 job, so few keep the test
    // short), and with 64 KB blocks every column file but the smallest spans several blocks. These are
    // uncompressed sizes: with the default codec (LZ4) a task's rows fit in one or two split-directories.
    conf.setLong(CifConf.SPLIT_DIRECTORY_BYTES.key(), 1536 * 1024);
    conf.set(CifConf.CODEC.key(), "*:none");
    conf.set(CifConf.LAYOUT.key(), "metadata:dcsl");
    Job job = CrawlJobs.loader(conf, LINES, DATA);
    assertTrue(job.waitForCompletion(true), "loader job on YARN: " + job.getStatus());
    awaitAllReplicas(DATA);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /**
   * A job conf for YARN: the cluster's client configuration, as an edge node reads it, and what the job
   * ships: this test's classes as the job jar, CIF's and the test kit's jars and aircompressor (the one
   * library a Hadoop install lacks) as {@code tmpjars}. A class from a directory (a module's classes in the
   * reactor) is jarred first (JarFinder).
   */
  static Configuration yarnJobConf() {
    Configuration conf = OneMachineCluster.clientConfiguration(OneMachineCluster.confDir(BASE));
    conf.set(MRJobConfig.JAR, JarFinder.getJar(CrawlJobs.class));
    conf.set("tmpjars", Stream.of(ColumnInputFormat.class, Figure1.class, Lz4Compressor.class)
        .map(c -> new File(JarFinder.getJar(c)).toURI().toString()).collect(Collectors.joining(",")));
    return conf;
  }

  /** A job conf for the local runner against the same HDFS. */
  static Configuration localJobConf() {
    Configuration conf = OneMachineCluster.clientConfiguration(OneMachineCluster.confDir(BASE));
    conf.set(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME);
    return conf;
  }

  /** One file per map task of the loader, rows interleaved so that each task writes every kind. */
  static void writeLines() throws IOException {
    for (int f = 0; f < INPUT_FILES; f++) {
      try (PrintWriter w = new PrintWriter(fs.create(new Path(LINES, "part" + f)), false,
          StandardCharsets.UTF_8)) {
        for (int i = f; i < ROWS; i += INPUT_FILES) {
          w.println(i);
        }
      }
    }
  }

  @Test
  void theClusterHasSixNamedDatanodesOnTwoRacks() throws IOException {
    // The host assertions below only mean something if the datanodes are told apart by host name.
    DatanodeInfo[] live = cluster.dfs().getFileSystem().getDataNodeStats(HdfsConstants.DatanodeReportType.LIVE);
    Set<String> hosts = new TreeSet<>();
    Set<String> racks = new TreeSet<>();
    for (DatanodeInfo dn : live) {
      hosts.add(dn.getHostName());
      racks.add(dn.getNetworkLocation());
    }
    assertEquals(NODES, hosts.size(), "datanodes by host name: " + hosts);
    assertEquals(new TreeSet<>(cluster.names().hosts()), hosts);
    assertEquals(Set.of("/rack1", "/rack2"), racks);
  }

  @Test
  void everySplitDirectoryWrittenOnYarnIsCoLocated() throws IOException {
    List<Path> dirs = DatasetListing.splitDirectories(fs, DATA);
    assertTrue(dirs.size() >= 2 * INPUT_FILES, "several split-directories per map task: " + dirs);
    assertTrue(fs.exists(new Path(DATA, "_SUCCESS")));
    ByteArrayOutputStream report = new ByteArrayOutputStream();
    int status = PlacementTool.run(fs.getConf(), new String[] {"check", DATA.toString()},
        new PrintStream(report, true, StandardCharsets.UTF_8));
    assertEquals(PlacementTool.ALL_CO_LOCATED, status, report.toString(StandardCharsets.UTF_8));
    for (Path dir : dirs) assertCoLocated(dir);
  }

  /** Every block of every column file of dir is on the same 3 datanodes. */
  private static void assertCoLocated(Path dir) throws IOException {
    Set<Set<String>> replicaSets = new HashSet<>();
    int blocks = 0;
    for (FileStatus f : fs.listStatus(dir, p -> p.getName().endsWith(".cif"))) {
      for (BlockLocation b : fs.getFileBlockLocations(f, 0, f.getLen())) {
        replicaSets.add(Set.of(b.getHosts()));
        blocks++;
      }
    }
    assertTrue(blocks > 3, dir + " has a block per column file at least");
    assertEquals(1, replicaSets.size(), dir + " blocks on " + replicaSets);
    assertEquals(3, replicaSets.iterator().next().size(), dir + " replicas " + replicaSets);
  }

  /**
   * A merge writes the merged split-directory under a hidden name and renames it into view: the policy homes
   * the hidden directory at its first block, and the home (an attribute of the directory) moves with the rename.
   */
  @Test
  void aMergedSplitDirectoryIsCoLocated() throws Exception {
    Path src = new Path("/warehouse/merge-src");
    List<Path> dirs = DatasetListing.splitDirectories(fs, DATA);
    long rows = 0;
    for (int i = 0; i < 3; i++) {
      FileUtil.copy(fs, dirs.get(i), fs, new Path(src, dirs.get(i).getName()), false, fs.getConf());
      rows += SplitDirectory.open(fs, dirs.get(i)).rows();
    }
    dev.cif.MergeResult merged = dev.cif.Cif.merge(fs, src, new dev.cif.MergeOptions().targetBytes(1L << 40));
    assertEquals(1, merged.merges().size(), merged.merges().toString());
    List<Path> after = DatasetListing.splitDirectories(fs, src);
    assertEquals(1, after.size(), after.toString());
    assertEquals(rows, dev.cif.Cif.createReader(fs, src, new dev.cif.ReadOptions()).verify());
    awaitAllReplicas(src);
    ByteArrayOutputStream report = new ByteArrayOutputStream();
    int status = PlacementTool.run(fs.getConf(), new String[] {"check", src.toString()}, new PrintStream(report, true, StandardCharsets.UTF_8));
    assertEquals(PlacementTool.ALL_CO_LOCATED, status, report.toString(StandardCharsets.UTF_8));
    assertCoLocated(after.get(0));
  }

  @Test
  void everyHostOfASplitHoldsEveryBlockOfItsProjectedColumns() throws Exception {
    Job job = CrawlJobs.figure1(yarnJobConf(), DATA, new Path("/unused"));
    List<InputSplit> splits = new ColumnInputFormat().getSplits(job);
    assertEquals(DatasetListing.splitDirectories(fs, DATA).size(), splits.size());
    boolean someFileHasSeveralBlocks = false;
    for (InputSplit s : splits) {
      ColumnSplit split = (ColumnSplit) s;
      List<String> hosts = Arrays.asList(split.getLocations());
      assertEquals(3, new HashSet<>(hosts).size(), split + " names " + hosts);
      for (Path dir : split.directories()) {
        SplitDirectory sd = SplitDirectory.open(fs, dir);
        for (String column : List.of("url", "metadata")) {
          FileStatus file = sd.columnFile(column);
          BlockLocation[] blocks = fs.getFileBlockLocations(file, 0, file.getLen());
          someFileHasSeveralBlocks |= blocks.length > 1;
          for (BlockLocation b : blocks) {
            assertTrue(Arrays.asList(b.getHosts()).containsAll(hosts),
                split + ": block of " + file.getPath() + " on " + Arrays.toString(b.getHosts())
                    + ", split names " + hosts);
          }
        }
      }
    }
    assertTrue(someFileHasSeveralBlocks, "no projected column spans blocks: the test is too small");
  }

  @Test
  void figure1OnYarnGivesTheLocalRunnersAnswerAndTheGeneratorsAnswer() throws Exception {
    Set<String> expected = Figure1.answer(CrawlJobs.CRAWL.firstRows(ROWS));
    assertTrue(expected.size() >= 3, "a filter worth testing: " + expected);
    assertFalse(expected.contains("application/xml"), "only other sites serve xml");

    Path yarnOut = new Path("/answers/yarn");
    Job onYarn = CrawlJobs.figure1(yarnJobConf(), DATA, yarnOut);
    assertTrue(onYarn.waitForCompletion(true), "figure 1 on YARN: " + onYarn.getStatus());
    Path localOut = new Path("/answers/local");
    Job local = CrawlJobs.figure1(localJobConf(), DATA, localOut);
    assertTrue(local.waitForCompletion(true), "figure 1 on the local runner");

    // The YARN job really ran on YARN (an application id, not a local job id) and read splits.
    assertTrue(onYarn.getJobID().toString().startsWith("job_") && !onYarn.getJobID().toString().contains("local"),
        onYarn.getJobID().toString());
    assertTrue(local.getJobID().toString().contains("local"), local.getJobID().toString());

    Set<String> fromLocal = readAnswer(localOut);
    assertEquals(expected, fromLocal);
    assertEquals(fromLocal, readAnswer(yarnOut));
  }

  static Set<String> readAnswer(Path dir) throws IOException {
    Set<String> lines = new TreeSet<>();
    for (FileStatus f : fs.listStatus(dir, p -> p.getName().startsWith("part-"))) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(f.getPath()), StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          lines.add(line);
        }
      }
    }
    return lines;
  }

  /** Closing a file needs one stored replica; the checks want all three reported. */
  static void awaitAllReplicas(Path root) throws Exception {
    long deadline = System.currentTimeMillis() + 30_000;
    while (!allReplicated(root)) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("blocks under " + root + " lack replicas after 30 s");
      }
      Thread.sleep(200);
    }
  }

  private static boolean allReplicated(Path root) throws IOException {
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
    while (it.hasNext()) {
      for (BlockLocation b : it.next().getBlockLocations()) {
        if (b.getHosts().length < 3) {
          return false;
        }
      }
    }
    return true;
  }
}
