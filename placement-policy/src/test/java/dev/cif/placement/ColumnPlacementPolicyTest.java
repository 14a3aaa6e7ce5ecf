package dev.cif.placement;

import static dev.cif.placement.PlacementCluster.BLOCK_SIZE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.AclEntryScope;
import org.apache.hadoop.fs.permission.AclEntryType;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The write path on a live MiniDFSCluster, and the check/repair tool. One cluster for the class. */
class ColumnPlacementPolicyTest {
  private static final long[] COLUMNS = {600_000, 300_000, 90_000, 700_000};
  private static MiniDFSCluster cluster;
  private static DistributedFileSystem fs;
  private static final Map<String, String> RACK_OF = new HashMap<>();
  private static final Map<String, String> ADDRESS_OF = new HashMap<>();

  @BeforeAll
  static void startCluster() throws Exception {
    cluster = PlacementCluster.start(PlacementCluster.conf(true), 0);
    fs = cluster.getFileSystem();
    List<DataNode> dns = cluster.getDataNodes();
    for (int i = 0; i < dns.size(); i++) {
      RACK_OF.put(dns.get(i).getDatanodeId().getXferAddr(), PlacementCluster.RACKS[i]);
      ADDRESS_OF.put(dns.get(i).getDatanodeUuid(), dns.get(i).getDatanodeId().getXferAddr());
    }
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  @Test
  void everyBlockOfEverySplitDirectoryHasTheSameNodesOnEveryReplica() throws Exception {
    Path table = new Path("/written");
    for (int s = 0; s < 6; s++) {
      PlacementCluster.writeSplit(fs, new Path(table, "split-" + s), COLUMNS, s);
    }
    PlacementCluster.awaitReplicated(fs, table);
    List<SplitLayout> splits = SplitDirectoryScan.scan(fs, table);
    assertEquals(6, splits.size());
    for (SplitLayout split : splits) {
      assertTrue(split.blockNodeSets().size() > COLUMNS.length, "several blocks per split");
      assertTrue(split.isCoLocated(), split.dir() + " " + split.blockNodeSets());
      Set<String> nodes = split.commonNodes();
      assertEquals(3, nodes.size());
      assertEquals(2, racks(nodes).size(), "a home keeps HDFS's rack rule: " + nodes);
      // The home is recorded on the directory: datanode UUIDs of exactly those nodes.
      Set<String> recorded = new HashSet<>();
      PlacementCluster.recordedHome(fs, new Path(split.dir()))
          .forEach(u -> recorded.add(ADDRESS_OF.get(u)));
      assertEquals(nodes, recorded, "recorded home of " + split.dir());
    }
  }

  @Test
  void otherFilesArePlacedByTheDefaultPolicy() throws Exception {
    Path dir = new Path("/plain/split-0");
    PlacementCluster.write(fs, new Path(dir, "part-00000"), 12L * BLOCK_SIZE, 1);
    PlacementCluster.write(fs, new Path(dir, "notes.cif.txt"), 12L * BLOCK_SIZE, 2);
    PlacementCluster.awaitReplicated(fs, dir);
    Set<Set<String>> replicaSets = new HashSet<>();
    for (BlockLocation b : PlacementCluster.blocks(fs, dir)) {
      Set<String> nodes = new HashSet<>(List.of(b.getNames()));
      assertEquals(3, nodes.size());
      assertEquals(2, racks(nodes).size(), "default rack rule");
      replicaSets.add(nodes);
    }
    // 24 blocks placed at random land on one node set with negligible probability.
    assertTrue(replicaSets.size() > 1, "plain files must not be co-located: " + replicaSets);
  }

  @Test
  void columnsWrittenConcurrentlyAgreeOnOneHome() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> writes = new ArrayList<>();
      for (int s = 0; s < 3; s++) {
        for (int c = 0; c < COLUMNS.length; c++) {
          Path file = new Path("/concurrent/split-" + s, "col" + c + ".cif");
          long size = COLUMNS[c];
          long seed = s * 10 + c;
          writes.add(pool.submit(() -> {
            PlacementCluster.write(fs, file, size, seed);
            return null;
          }));
        }
      }
      for (Future<?> w : writes) {
        w.get();
      }
    } finally {
      pool.shutdown();
    }
    PlacementCluster.awaitReplicated(fs, new Path("/concurrent"));
    assertEquals(100.0, PlacementCluster.coLocatedPercent(fs, new Path("/concurrent")));
  }

  @Test
  void clientFavoredNodesDoNotPullAColumnAwayFromItsSplit() throws Exception {
    Path dir = new Path("/favored/split-0");
    PlacementCluster.write(fs, new Path(dir, "col0.cif"), 500_000, 7);
    PlacementCluster.awaitReplicated(fs, dir);
    Set<String> home = SplitDirectoryScan.scan(fs, dir).get(0).commonNodes();
    List<InetSocketAddress> elsewhere = new ArrayList<>();
    for (DataNode dn : cluster.getDataNodes()) {
      if (!home.contains(dn.getDatanodeId().getXferAddr())) {
        elsewhere.add(dn.getXferAddress());
      }
    }
    try (OutputStream out = fs.create(new Path(dir, "col1.cif"), FsPermission.getFileDefault(),
        true, 4096, (short) 3, BLOCK_SIZE, null, elsewhere.toArray(new InetSocketAddress[0]))) {
      out.write(new byte[600_000]);
    }
    PlacementCluster.awaitReplicated(fs, dir);
    SplitLayout split = SplitDirectoryScan.scan(fs, dir).get(0);
    assertTrue(split.isCoLocated(), split.blockNodeSets().toString());
    assertEquals(home, split.commonNodes());
  }

  @Test
  void checkFindsScatteredSplitDirectoriesAndRepairCoLocatesThem() throws Exception {
    Path table = new Path("/scattered");
    Map<Path, byte[]> contents = writeScattered(table);
    PlacementCluster.awaitReplicated(fs, table);
    assertTrue(PlacementCluster.coLocatedPercent(fs, table) < 100.0, "precondition: scattered");

    Output check = tool("check", table.toString());
    assertEquals(PlacementTool.NOT_ALL_CO_LOCATED, check.status, check.text);
    assertTrue(check.text.contains("NOT CO-LOCATED /scattered/split-"), check.text);

    Output repair = tool("repair", table.toString());
    assertEquals(PlacementTool.ALL_CO_LOCATED, repair.status, repair.text);
    assertTrue(repair.text.contains("co-located split-directories: 3 of 3 (100.0%)"), repair.text);
    for (Map.Entry<Path, byte[]> e : contents.entrySet()) {
      assertArrayEquals(e.getValue(), read(e.getKey()), "repair keeps " + e.getKey());
    }
    assertFalse(fs.listStatus(new Path(table, "split-0")).length > COLUMNS.length,
        "no temporary file left behind");
    assertEquals(PlacementTool.ALL_CO_LOCATED, tool("check", table.toString()).status);
  }

  @Test
  void repairKeepsEveryAttributeOfTheFilesItRewrites() throws Exception {
    Path table = new Path("/kept");
    Map<Path, byte[]> contents = writeScattered(table);
    fs.setStoragePolicy(table, "HOT");
    Map<Path, FileStatus> before = new HashMap<>();
    Map<Path, List<AclEntry>> acls = new HashMap<>();
    int i = 0;
    for (Path col : contents.keySet()) {
      fs.setOwner(col, "alice", "analysts");
      fs.setPermission(col, new FsPermission((short) 0640));
      fs.modifyAclEntries(col, List.of(new AclEntry.Builder().setType(AclEntryType.USER)
          .setName("bob").setPermission(FsAction.READ).setScope(AclEntryScope.ACCESS).build()));
      fs.setXAttr(col, "user.origin", ("crawl-" + i).getBytes(StandardCharsets.UTF_8));
      fs.setXAttr(col, "trusted.audit", new byte[] {1, 2, (byte) i});
      if (i % 2 == 0) {
        fs.setStoragePolicy(col, "ONE_SSD");
      }
      fs.setTimes(col, 1_600_000_000_000L + i * 1000L, 1_600_000_100_000L + i * 1000L);
      before.put(col, fs.getFileStatus(col));
      acls.put(col, fs.getAclStatus(col).getEntries());
      i++;
    }
    Output repair = tool("repair", table.toString());
    assertEquals(PlacementTool.ALL_CO_LOCATED, repair.status, repair.text);
    assertTrue(repair.text.contains("rewrote"), repair.text);
    for (Path col : contents.keySet()) {
      FileStatus was = before.get(col);
      FileStatus now = fs.getFileStatus(col);
      assertEquals("alice", now.getOwner(), col.toString());
      assertEquals("analysts", now.getGroup(), col.toString());
      assertEquals(was.getPermission(), now.getPermission(), col.toString());
      assertEquals(acls.get(col), fs.getAclStatus(col).getEntries(), col.toString());
      assertEquals(fs.getXAttrs(col).keySet(), Set.of("user.origin", "trusted.audit"));
      assertEquals(was.getModificationTime(), now.getModificationTime(), "mtime of " + col);
      assertEquals(was.getAccessTime(), now.getAccessTime(), "access time of " + col);
      assertEquals(was.getReplication(), now.getReplication());
      assertEquals(was.getBlockSize(), now.getBlockSize());
      // Read last: reading sets the access time.
      assertArrayEquals(contents.get(col), read(col), "bytes of " + col);
    }
    int ownPolicies = 0;
    for (Path col : contents.keySet()) {
      String policy = fs.getStoragePolicy(col).getName();
      assertTrue(policy.equals("ONE_SSD") || policy.equals("HOT"), col + ": " + policy);
      ownPolicies += policy.equals("ONE_SSD") ? 1 : 0;
    }
    assertEquals((contents.size() + 1) / 2, ownPolicies, "files keep a storage policy of their own");
  }

  @Test
  void aRepairThatCannotKeepTheOwnerLeavesEveryFileAsItWas() throws Exception {
    Path table = new Path("/refused");
    Map<Path, byte[]> contents = writeScattered(table);
    fs.setPermission(table, new FsPermission((short) 0777));
    for (FileStatus dir : fs.listStatus(table)) {
      fs.setPermission(dir.getPath(), new FsPermission((short) 0777));
    }
    for (Path col : contents.keySet()) {
      fs.setOwner(col, "alice", "analysts");
      fs.setPermission(col, new FsPermission((short) 0644));
    }
    UserGroupInformation bob = UserGroupInformation.createUserForTesting("bob",
        new String[] {"bob"});
    Output refused = bob.doAs((PrivilegedExceptionAction<Output>) () -> {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      int status = PlacementTool.run(new Configuration(fs.getConf()),
          new String[] {"repair", table.toString()},
          new PrintStream(bytes, true, StandardCharsets.UTF_8));
      return new Output(status, bytes.toString(StandardCharsets.UTF_8));
    });
    assertEquals(PlacementTool.USAGE_OR_ERROR, refused.status, refused.text);
    assertTrue(refused.text.contains("cannot keep the owner alice:analysts"), refused.text);
    for (Path col : contents.keySet()) {
      assertArrayEquals(contents.get(col), read(col), "bytes of " + col);
      assertEquals("alice", fs.getFileStatus(col).getOwner());
    }
    for (FileStatus dir : fs.listStatus(table)) {
      for (FileStatus f : fs.listStatus(dir.getPath())) {
        assertFalse(f.getPath().getName().startsWith(PlacementRepair.TEMP_PREFIX),
            "copy left behind: " + f.getPath());
      }
    }
  }

  @Test
  void aCopyLeftByARepairThatDiedIsRemovedAndTheOriginalKept() throws Exception {
    Path table = new Path("/died");
    Map<Path, byte[]> contents = writeScattered(table);
    Path original = contents.keySet().iterator().next();
    Path left = new Path(original.getParent(), PlacementRepair.TEMP_PREFIX + original.getName());
    PlacementCluster.write(fs, left, 100_000, 5);
    Output repair = tool("repair", table.toString());
    assertEquals(PlacementTool.ALL_CO_LOCATED, repair.status, repair.text);
    assertFalse(fs.exists(left), "the dead repair's copy is removed");
    for (Map.Entry<Path, byte[]> e : contents.entrySet()) {
      assertArrayEquals(e.getValue(), read(e.getKey()), "repair keeps " + e.getKey());
    }
  }

  @Test
  void usageErrorsExitWithTwo() {
    assertEquals(PlacementTool.USAGE_OR_ERROR, tool("verify", "/").status);
    assertEquals(PlacementTool.USAGE_OR_ERROR, tool("check").status);
  }

  /**
   * Split-directories scattered like data written before the policy was installed: renames keep block
   * locations, so files written under non-column names and renamed are placed by the default policy.
   */
  private static Map<Path, byte[]> writeScattered(Path table) throws Exception {
    Map<Path, byte[]> contents = new HashMap<>();
    for (int s = 0; s < 3; s++) {
      Path dir = new Path(table, "split-" + s);
      for (int c = 0; c < COLUMNS.length; c++) {
        Path tmp = new Path(dir, "col" + c + ".tmp");
        PlacementCluster.write(fs, tmp, COLUMNS[c], 100 + s * 10 + c);
        Path col = new Path(dir, "col" + c + ".cif");
        fs.rename(tmp, col);
        contents.put(col, read(col));
      }
    }
    PlacementCluster.awaitReplicated(fs, table);
    return contents;
  }

  private static Set<String> racks(Set<String> nodes) {
    Set<String> racks = new HashSet<>();
    nodes.forEach(n -> racks.add(RACK_OF.get(n)));
    return racks;
  }

  private static byte[] read(Path p) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (var in = fs.open(p)) {
      IOUtils.copyBytes(in, bytes, 8192, false);
    }
    return bytes.toByteArray();
  }

  private record Output(int status, String text) {
  }

  private static Output tool(String... args) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int status = PlacementTool.run(fs.getConf(), args, new PrintStream(bytes, true,
        StandardCharsets.UTF_8));
    return new Output(status, bytes.toString(StandardCharsets.UTF_8));
  }
}
