package dev.cif.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.SafeModeAction;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.XAttrHelper;
import org.apache.hadoop.hdfs.server.namenode.HomeAttribute;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocols;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.MiniDFSCluster.DataNodeProperties;
import org.apache.hadoop.hdfs.MiniDFSNNTopology;
import org.apache.hadoop.hdfs.server.balancer.BalancerRunner;
import org.apache.hadoop.hdfs.server.blockmanagement.ColumnPlacementPolicy;
import org.apache.hadoop.hdfs.server.common.HdfsServerConstants.StartupOption;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.namenode.ha.HATestUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Co-location through the faults of a cluster's life. Each test starts its own MiniDFSCluster (6
 * datanodes on 2 racks) and writes its own split-directories, so no test depends on another's state,
 * and every wait is on a condition of the cluster, never a fixed sleep. Each test also writes the
 * figures of its fault (share co-located right after it, time until co-location is whole again) to
 * {@code target/placement-faults.md} before asserting, so that a run of the suite against an older
 * policy measures the "before" side.
 */
class ColocationSurvivesFailuresTest {
  private static final long CAPACITY = 20L * 1024 * 1024;
  private static final long[] COLUMNS = {600_000, 300_000, 90_000, 700_000};
  private static final int SPLITS = 8;
  private static final Path CIF = new Path("/warehouse/t");
  private static final Path ROOT = new Path("/");
  private static final int PADDING = 2_000;

  private MiniDFSCluster cluster;

  @AfterEach
  void stopCluster() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  @Test
  void newColumnsRightAfterSafeModeJoinTheirDirectoriesWhileADatanodeHasNotReported()
      throws Exception {
    Configuration conf = PlacementCluster.conf(true);
    // The test's 1 s heartbeats make HDFS's dead-node interval, the default wait for a home node that
    // has not registered, 12 s: shorter than a loaded machine may take to restart the NameNode and
    // write. What is tested is a node back within the wait, so the wait is a real cluster's.
    conf.setLong(ColumnPlacementPolicy.RESTART_GRACE_KEY, 630_000);
    cluster = PlacementCluster.start(conf, CAPACITY);
    DistributedFileSystem fs = cluster.getFileSystem();
    writeSplits(fs);
    Map<String, Set<String>> before = PlacementCluster.homes(fs, CIF);
    int late = nodeHoldingASplit(before);
    String lateAddress = address(late);

    // A checkpoint: this restart reads the homes from the fsimage (the other restarts replay edits).
    fs.setSafeMode(SafeModeAction.ENTER);
    fs.saveNamespace();
    fs.setSafeMode(SafeModeAction.LEAVE);
    // The datanode goes down with the NameNode and comes back after it: the restarted NameNode
    // leaves safe mode on the other five nodes' reports, and clients write at once.
    DataNodeProperties held = cluster.stopDataNode(late);
    cluster.restartNameNode(true);
    fs = cluster.getFileSystem();
    for (int s = 0; s < SPLITS; s++) {
      PlacementCluster.write(fs, new Path(CIF, "split-" + s + "/added.cif"), 400_000, 900 + s);
    }
    double right = PlacementCluster.coLocatedPercent(fs, CIF);
    long start = System.currentTimeMillis();
    cluster.restartDataNode(held, true);
    cluster.waitActive();
    DistributedFileSystem back = cluster.getFileSystem();
    PlacementCluster.awaitReplicated(back, ROOT);
    long restored = awaitCoLocated(back);
    FaultFigures.record("NameNode restart, one datanode not yet reported, new columns written",
        right, restored > 0 ? System.currentTimeMillis() - start : -1);

    assertTrue(before.values().stream().anyMatch(h -> h.contains(lateAddress)));
    assertAllCoLocated(back);
    assertEquals(before, PlacementCluster.homes(back, CIF));
  }

  @Test
  void aFailoverWhileASplitDirectoryIsWrittenKeepsItsHome() throws Exception {
    Configuration conf = PlacementCluster.conf(true);
    cluster = PlacementCluster.builder(conf, 0)
        .nnTopology(MiniDFSNNTopology.simpleHATopology()).build();
    cluster.waitActive();
    cluster.transitionToActive(0);
    DistributedFileSystem fs = HATestUtil.configureFailoverFs(cluster, conf);
    // Two columns of each directory are written whole, a third is open across the failover.
    List<OutputStream> open = new ArrayList<>();
    for (int s = 0; s < SPLITS; s++) {
      Path dir = new Path(CIF, "split-" + s);
      PlacementCluster.write(fs, new Path(dir, "col0.cif"), COLUMNS[0], s * 31L);
      PlacementCluster.write(fs, new Path(dir, "col1.cif"), COLUMNS[1], s * 31L + 1);
      OutputStream out = fs.create(new Path(dir, "col2.cif"), true);
      out.write(bytes(PlacementCluster.BLOCK_SIZE + 40_000, s));
      ((org.apache.hadoop.fs.FSDataOutputStream) out).hflush();
      open.add(out);
    }
    cluster.transitionToStandby(0);
    cluster.transitionToActive(1);
    for (int s = 0; s < SPLITS; s++) {
      open.get(s).write(bytes(2 * PlacementCluster.BLOCK_SIZE, 100 + s));
      open.get(s).close();
      PlacementCluster.write(fs, new Path(CIF, "split-" + s + "/col3.cif"), COLUMNS[3], s + 77);
    }
    PlacementCluster.awaitReplicated(fs, ROOT);
    FaultFigures.record("HA failover while writing", PlacementCluster.coLocatedPercent(fs, CIF), 0);

    assertAllCoLocated(fs);
    assertHomesRecorded(fs);
  }

  @Test
  void aDatanodeLostAndBackThenANameNodeRestartBeforeItsExcessIsDeleted() throws Exception {
    Configuration conf = PlacementCluster.conf(true);
    cluster = PlacementCluster.start(conf, CAPACITY);
    DistributedFileSystem fs = cluster.getFileSystem();
    writeSplits(fs);
    int lost = nodeHoldingASplit(PlacementCluster.homes(fs, CIF));
    String lostAddress = address(lost);

    long start = System.currentTimeMillis();
    DataNodeProperties stopped = cluster.stopDataNode(lost);
    PlacementCluster.waitFor("re-replication", 120_000,
        () -> PlacementCluster.fullyReplicated(fs, ROOT, 3, lostAddress));
    FaultFigures.record("datanode lost, re-replicated", PlacementCluster.coLocatedPercent(fs, CIF),
        System.currentTimeMillis() - start);
    assertAllCoLocated(fs);
    Map<String, Set<String>> rehomed = PlacementCluster.homes(fs, CIF);

    // It returns, and the NameNode restarts before the returned replicas are judged excess and
    // deleted: the restarted NameNode decides which replicas stay.
    cluster.restartDataNode(stopped, true);
    cluster.restartNameNode(true);
    cluster.waitFirstBRCompleted(0, 60_000);
    DistributedFileSystem after = cluster.getFileSystem();
    long restored = PlacementCluster.awaitSettled(cluster, after, ROOT);
    FaultFigures.record("datanode back, NameNode restart before excess deletion",
        PlacementCluster.coLocatedPercent(after, CIF), restored);
    Map<String, Set<String>> settled = PlacementCluster.homes(after, CIF);
    for (int s = 0; s < SPLITS; s++) {
      PlacementCluster.write(after, new Path(CIF, "split-" + s + "/added.cif"), 400_000, 900 + s);
    }
    PlacementCluster.awaitReplicated(after, ROOT);
    FaultFigures.record("... then new columns written", PlacementCluster.coLocatedPercent(after, CIF),
        0);

    assertEquals(rehomed, settled, "the restarted NameNode keeps the recorded homes");
    assertAllCoLocated(after);
    assertEquals(rehomed, PlacementCluster.homes(after, CIF));
  }

  @Test
  void directoriesWrittenBeforeHomesWereRecordedGetTheirsFromTheirBlocks() throws Exception {
    Configuration conf = PlacementCluster.conf(true);
    cluster = PlacementCluster.start(conf, CAPACITY);
    DistributedFileSystem fs = cluster.getFileSystem();
    writeSplits(fs);
    Map<String, Set<String>> before = PlacementCluster.homes(fs, CIF);
    for (int s = 0; s < SPLITS; s++) {
      Path dir = new Path(CIF, "split-" + s);
      if (fs.getXAttrs(dir).containsKey(PlacementCluster.HOME_ATTRIBUTE)) {
        fs.removeXAttr(dir, PlacementCluster.HOME_ATTRIBUTE);
      }
    }
    cluster.restartNameNode(true);
    cluster.waitFirstBRCompleted(0, 60_000);
    DistributedFileSystem after = cluster.getFileSystem();
    for (int s = 0; s < SPLITS; s++) {
      PlacementCluster.write(after, new Path(CIF, "split-" + s + "/added.cif"), 400_000, 900 + s);
    }
    PlacementCluster.awaitReplicated(after, ROOT);
    FaultFigures.record("no recorded home (older data), NameNode restart, new columns written",
        PlacementCluster.coLocatedPercent(after, CIF), 0);
    assertAllCoLocated(after);
    assertEquals(before, PlacementCluster.homes(after, CIF));
    assertHomesRecorded(after);
  }

  @Test
  void theBalancerMovesOtherBlocksButNoPartOfASplitDirectory() throws Exception {
    Configuration conf = PlacementCluster.conf(true);
    cluster = PlacementCluster.start(conf, CAPACITY);
    DistributedFileSystem fs = cluster.getFileSystem();
    writeSplits(fs);
    for (int f = 0; f < 4; f++) {
      PlacementCluster.write(fs, new Path("/logs/part-" + f), 2L * 1024 * 1024, 50 + f);
    }
    PlacementCluster.awaitReplicated(fs, ROOT);
    Map<String, Set<String>> before = PlacementCluster.homes(fs, CIF);
    cluster.startDataNodes(conf, 2, new StorageType[][] {{StorageType.DISK}, {StorageType.DISK}},
        true, StartupOption.REGULAR, new String[] {"/r1", "/r2"}, null,
        new long[][] {{CAPACITY}, {CAPACITY}}, null, false, false, false, null, null, null);
    cluster.waitActive();
    List<String> added = cluster.getDataNodes().subList(6, 8).stream()
        .map(dn -> dn.getDatanodeId().getXferAddr()).toList();
    int status = BalancerRunner.run(conf, 30_000);
    FaultFigures.record("datanodes added, Balancer run", PlacementCluster.coLocatedPercent(fs, CIF),
        0);

    assertTrue(status <= 1, "balancer exit status " + status);
    long movedToNewNodes = PlacementCluster.blocks(fs, ROOT).stream()
        .filter(b -> PlacementCluster.names(b).stream().anyMatch(added::contains)).count();
    assertTrue(movedToNewNodes > 0, "the balancer moved other blocks to the new nodes");
    assertAllCoLocated(fs);
    assertEquals(before, PlacementCluster.homes(fs, CIF));
    assertFalse(before.values().stream().anyMatch(h -> h.stream().anyMatch(added::contains)));
  }

  @Test
  void blocksWrittenWhileRecordedHomesLoadInTheBackgroundGoToTheirHomes() throws Exception {
    Configuration conf = PlacementCluster.conf(true);
    conf.setLong(ColumnPlacementPolicy.RESTART_GRACE_KEY, 630_000);
    // The load pauses 10 minutes after its first batch of 10 directories, until the test lets it go
    // on: the writes after the restart surely happen while it runs, however slow the machine.
    conf.setInt(ColumnPlacementPolicy.LOAD_BATCH_KEY, 10);
    conf.setLong(ColumnPlacementPolicy.LOAD_PAUSE_KEY, 600_000);
    cluster = PlacementCluster.start(conf, CAPACITY);
    DistributedFileSystem fs = cluster.getFileSystem();
    writeSplits(fs);
    Map<String, Set<String>> before = PlacementCluster.homes(fs, CIF);
    // 2,000 more split-directories with recorded homes, recorded through the NameNode's own client
    // methods in process. The walk takes the last child first, so /zz is loaded before /warehouse.
    byte[] home = String.join(",", cluster.getDataNodes().subList(0, 3).stream()
        .map(DataNode::getDatanodeUuid).toList()).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    NamenodeProtocols nn = cluster.getNameNodeRpc();
    for (int d = 0; d < PADDING; d++) {
      String dir = "/zz/t" + d / 100 + "/split-" + d;
      nn.mkdirs(dir, FsPermission.getDirDefault(), true);
      nn.setXAttr(dir, XAttrHelper.buildXAttr(PlacementCluster.HOME_ATTRIBUTE, home),
          EnumSet.of(XAttrSetFlag.CREATE));
    }

    cluster.restartNameNode(true);
    cluster.waitFirstBRCompleted(0, 60_000);
    ColumnPlacementPolicy policy = (ColumnPlacementPolicy) cluster.getNamesystem()
        .getBlockManager().getBlockPlacementPolicy();
    DistributedFileSystem after = cluster.getFileSystem();
    for (int s = 0; s < SPLITS; s++) {
      PlacementCluster.write(after, new Path(CIF, "split-" + s + "/added.cif"), 400_000, 900 + s);
    }
    boolean writtenDuringTheLoad = !policy.homesLoaded();
    policy.setHomeLoadPause(0);
    HomeAttribute.Walk walk = policy.awaitHomesLoaded(120_000);
    PlacementCluster.awaitReplicated(after, ROOT);
    FaultFigures.record("NameNode restart, new columns written while " + walk.homes()
        + " recorded homes load", PlacementCluster.coLocatedPercent(after, CIF), 0);

    assertTrue(writtenDuringTheLoad, "the load ended before the writes: nothing was tested");
    assertEquals(PADDING + SPLITS, walk.homes());
    assertTrue(walk.complete());
    assertAllCoLocated(after);
    assertEquals(before, PlacementCluster.homes(after, CIF));
  }

  private static void writeSplits(FileSystem fs) throws Exception {
    for (int s = 0; s < SPLITS; s++) {
      PlacementCluster.writeSplit(fs, new Path(CIF, "split-" + s), COLUMNS, s);
    }
    PlacementCluster.awaitReplicated(fs, ROOT);
    assertAllCoLocated(fs);
  }

  /** Index of a datanode that is in some split-directory's home. */
  private int nodeHoldingASplit(Map<String, Set<String>> homes) {
    List<DataNode> dns = cluster.getDataNodes();
    for (int i = 0; i < dns.size(); i++) {
      String a = dns.get(i).getDatanodeId().getXferAddr();
      if (homes.values().stream().anyMatch(h -> h.contains(a))) {
        return i;
      }
    }
    throw new AssertionError("no datanode holds a split-directory: " + homes);
  }

  private String address(int datanode) {
    return cluster.getDataNodes().get(datanode).getDatanodeId().getXferAddr();
  }

  /** Waits until every split-directory is co-located; the milliseconds it took, -1 if never. */
  private static long awaitCoLocated(FileSystem fs) throws Exception {
    try {
      return PlacementCluster.waitFor("co-location", 30_000,
          () -> PlacementCluster.coLocatedPercent(fs, CIF) == 100.0);
    } catch (AssertionError e) {
      return -1;
    }
  }

  /** Each directory's recorded home names exactly the nodes its blocks are on. */
  private void assertHomesRecorded(DistributedFileSystem fs) throws Exception {
    Map<String, String> addressOf = new java.util.HashMap<>();
    for (DataNode dn : cluster.getDataNodes()) {
      addressOf.put(dn.getDatanodeUuid(), dn.getDatanodeId().getXferAddr());
    }
    for (Map.Entry<String, Set<String>> e : PlacementCluster.homes(fs, CIF).entrySet()) {
      Set<String> recorded = new java.util.HashSet<>();
      for (String uuid : PlacementCluster.recordedHome(fs, new Path(e.getKey()))) {
        recorded.add(addressOf.get(uuid));
      }
      assertEquals(e.getValue(), recorded, "recorded home of " + e.getKey());
    }
  }

  private static void assertAllCoLocated(FileSystem fs) throws Exception {
    StringBuilder scattered = new StringBuilder();
    for (SplitLayout s : SplitDirectoryScan.scan(fs, CIF)) {
      if (!s.isCoLocated()) {
        scattered.append(s.dir()).append(' ').append(s.blockNodeSets()).append('\n');
      }
    }
    assertEquals("", scattered.toString(), "split-directories not co-located");
  }

  private static byte[] bytes(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }
}
