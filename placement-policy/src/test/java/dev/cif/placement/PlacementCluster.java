package dev.cif.placement;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.blockmanagement.ColumnPlacementPolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A MiniDFSCluster as the issue asks for it (6 datanodes on 2 racks, replication 3, small blocks, fast
 * heartbeats so that failures are noticed in seconds), plus the data and waiting helpers the tests and
 * the figures share.
 */
public final class PlacementCluster {
  public static final int BLOCK_SIZE = 256 * 1024;
  /** Where the policy records a split-directory's home (a contract with operators: docs/placement.md). */
  public static final String HOME_ATTRIBUTE = "trusted.cif.home";
  public static final String[] RACKS = {"/r1", "/r1", "/r1", "/r2", "/r2", "/r2"};

  private PlacementCluster() {
  }

  public static Configuration conf(boolean withPolicy) {
    Configuration conf = new HdfsConfiguration();
    if (withPolicy) {
      conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY,
          ColumnPlacementPolicy.class.getName());
      conf.set(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, ColumnPlacementPlugin.class.getName());
    }
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK_SIZE);
    conf.setLong(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 0);
    conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, 3);
    conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_KEY, 1000);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 1);
    conf.setLong(DFSConfigKeys.DFS_BLOCKREPORT_INTERVAL_MSEC_KEY, 10_000);
    conf.setLong(DFSConfigKeys.DFS_BALANCER_GETBLOCKS_MIN_BLOCK_SIZE_KEY, 1);
    conf.setLong(DFSConfigKeys.DFS_BALANCER_MOVEDWINWIDTH_KEY, 2000);
    // Blocks the policy declares unmovable stay on a source's list; without a bound on an iteration
    // the Balancer retries them for its default 20 minutes.
    conf.setLong(DFSConfigKeys.DFS_BALANCER_MAX_ITERATION_TIME_KEY, 5000);
    conf.setInt(DFSConfigKeys.DFS_BALANCER_MAX_NO_MOVE_INTERVAL_KEY, 5000);
    conf.setInt(DFSConfigKeys.DFS_BALANCER_BLOCK_MOVE_TIMEOUT, 10_000);
    return conf;
  }

  public static MiniDFSCluster start(Configuration conf, long capacityPerNode) throws IOException {
    MiniDFSCluster cluster = builder(conf, capacityPerNode).build();
    cluster.waitActive();
    return cluster;
  }

  /** The cluster's builder, for tests that change its NameNode topology. */
  public static MiniDFSCluster.Builder builder(Configuration conf, long capacityPerNode) {
    // Surefire points java.io.tmpdir into target/; the web servers of the cluster need it to exist.
    new java.io.File(System.getProperty("java.io.tmpdir")).mkdirs();
    // One storage per datanode: the capacities below (for Balancer tests) are per storage.
    MiniDFSCluster.Builder b = new MiniDFSCluster.Builder(conf).numDataNodes(RACKS.length)
        .racks(RACKS).storagesPerDatanode(1);
    if (capacityPerNode > 0) {
      long[][] caps = new long[RACKS.length][];
      java.util.Arrays.setAll(caps, i -> new long[] {capacityPerNode});
      b.storageCapacities(caps);
    }
    return b;
  }

  /** Writes a split-directory of {@code columns} column files with the given sizes in bytes. */
  public static void writeSplit(FileSystem fs, Path dir, long[] columnSizes, long seed)
      throws IOException {
    for (int c = 0; c < columnSizes.length; c++) {
      write(fs, new Path(dir, "col" + c + ".cif"), columnSizes[c], seed * 31 + c);
    }
  }

  public static void write(FileSystem fs, Path file, long size, long seed) throws IOException {
    byte[] buf = new byte[8192];
    Random random = new Random(seed);
    try (OutputStream out = fs.create(file, true)) {
      for (long left = size; left > 0; left -= buf.length) {
        random.nextBytes(buf);
        out.write(buf, 0, (int) Math.min(buf.length, left));
      }
    }
  }

  /** Block locations (transfer addresses) of every block of every file under {@code root}. */
  public static List<BlockLocation> blocks(FileSystem fs, Path root) throws IOException {
    List<BlockLocation> blocks = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
    while (it.hasNext()) {
      blocks.addAll(List.of(it.next().getBlockLocations()));
    }
    return blocks;
  }

  public static double coLocatedPercent(FileSystem fs, Path root) throws IOException {
    List<SplitLayout> splits = SplitDirectoryScan.scan(fs, root);
    long ok = splits.stream().filter(SplitLayout::isCoLocated).count();
    return splits.isEmpty() ? 100.0 : 100.0 * ok / splits.size();
  }

  /** Every block has exactly {@code replicas} locations, none of them {@code goneAddress}. */
  public static boolean fullyReplicated(FileSystem fs, Path root, int replicas, String goneAddress)
      throws IOException {
    for (BlockLocation b : blocks(fs, root)) {
      if (b.getNames().length != replicas
          || (goneAddress != null && List.of(b.getNames()).contains(goneAddress))) {
        return false;
      }
    }
    return true;
  }

  /** Waits until every block under {@code root} has all 3 replicas reported to the NameNode. */
  public static void awaitReplicated(FileSystem fs, Path root) throws Exception {
    waitFor("replicas reported", 30_000, () -> fullyReplicated(fs, root, 3, null));
  }

  /**
   * Waits until the NameNode has nothing left to decide about replicas under {@code root}: none under-
   * or over-replicated or postponed (a NameNode that restarted postpones excess decisions until every
   * datanode holding the block has reported), no deletion pending, and the datanodes hold exactly the
   * replicas the NameNode counts. Returns the milliseconds it took.
   */
  public static long awaitSettled(MiniDFSCluster cluster, FileSystem fs, Path root)
      throws Exception {
    FSNamesystem ns = cluster.getNamesystem();
    int replicas = 3 * blocks(fs, root).size();
    return waitFor("replicas settled", 120_000, () -> ns.getExcessBlocks() == 0
        && ns.getPendingDeletionBlocks() == 0 && ns.getPostponedMisreplicatedBlocks() == 0
        && ns.getUnderReplicatedBlocks() == 0
        && fullyReplicated(fs, root, 3, null)
        && ns.getBlockManager().getDatanodeManager()
            .getDatanodeListForReport(DatanodeReportType.LIVE).stream()
            .mapToInt(DatanodeDescriptor::numBlocks).sum() == replicas
        && onDisk(cluster) == replicas);
  }

  /** Replicas the datanodes actually hold (deletions are asynchronous on the datanode). */
  private static long onDisk(MiniDFSCluster cluster) {
    String pool = cluster.getNamesystem().getBlockPoolId();
    return cluster.getAllBlockReports(pool).stream().flatMap(m -> m.values().stream())
        .mapToLong(r -> r.getNumberOfBlocks()).sum();
  }

  /** Each split-directory under {@code root} with its common replica nodes (null if scattered). */
  public static Map<String, Set<String>> homes(FileSystem fs, Path root) throws IOException {
    Map<String, Set<String>> homes = new TreeMap<>();
    for (SplitLayout s : SplitDirectoryScan.scan(fs, root)) {
      homes.put(s.dir(), s.commonNodes());
    }
    return homes;
  }

  /** The datanode UUIDs recorded as {@code dir}'s home in the namespace. */
  public static List<String> recordedHome(FileSystem fs, Path dir) throws IOException {
    byte[] value = fs.getXAttr(dir, HOME_ATTRIBUTE);
    return List.of(new String(value, java.nio.charset.StandardCharsets.UTF_8).split(","));
  }

  public static List<String> names(BlockLocation b) {
    try {
      return List.of(b.getNames());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  public interface IoCondition {
    boolean holds() throws Exception;
  }

  /** Polls every 500 ms; returns the milliseconds it took, fails after {@code timeoutMillis}. */
  public static long waitFor(String what, long timeoutMillis, IoCondition condition)
      throws Exception {
    long start = System.currentTimeMillis();
    while (!condition.holds()) {
      if (System.currentTimeMillis() - start > timeoutMillis) {
        throw new AssertionError("timed out after " + timeoutMillis + " ms waiting for " + what);
      }
      Thread.sleep(500);
    }
    return System.currentTimeMillis() - start;
  }

}
