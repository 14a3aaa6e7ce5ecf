package org.apache.hadoop.hdfs.server.blockmanagement;

import dev.cif.placement.CoLocatedReplicaSets;
import dev.cif.placement.HomeTable;
import dev.cif.placement.LeastLoadedChooser;
import dev.cif.placement.NamespaceHomes;
import dev.cif.placement.SplitDirectory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.server.namenode.HomeAttribute;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CIF's ColumnPlacementPolicy (the paper's CPP): every block of every {@code .cif} file of a
 * split-directory goes to the same nodes, on every replica; other files get the default policy.
 *
 * <p>It lives in HDFS's package because the NameNode chooses targets for a new block through a
 * package-private method (the one that also carries the client's favored nodes) and because the
 * storage helpers it reuses are package-private; it extends the default policy so that everything not
 * about co-location (rack rule, storage types, stale and busy nodes, fallbacks) stays HDFS's.
 *
 * <p>Best effort, as in CoHadoop: the home of a directory is passed to the default policy as favored
 * nodes, so a full or overloaded home node is replaced by a default choice for that block, and a dead or
 * decommissioning home node is replaced for the whole directory. Placement never fails a write.
 *
 * <p>A home is durable: it is recorded on the directory ({@link HomeAttribute}) before the first block
 * that uses it is allocated, and read back after a restart or failover, so it never depends on which
 * block reports have arrived. A recorded home node that this NameNode has not heard from since it
 * started is awaited, not replaced, for {@value #RESTART_GRACE_KEY} (default: the time after which HDFS
 * declares a silent datanode dead), and so is one that registered but has not reported its storages
 * yet: its replica of a new block is left to re-replication, which puts it on that node once it can
 * take it (or on its replacement once the wait is over).
 */
public class ColumnPlacementPolicy extends BlockPlacementPolicyDefault implements Configurable {
  /** Not in cif-core's settings registry (dev.cif.conf.CifConf): this module must run on a NameNode without cif-core. */
  public static final String HOME_TABLE_CAPACITY_KEY = "cif.placement.home.table.capacity";
  public static final String RESTART_GRACE_KEY = "cif.placement.restart.grace.ms";
  /** Directories the background load of homes visits per hold of the namesystem read lock. */
  public static final String LOAD_BATCH_KEY = "cif.placement.home.load.batch";
  /** Pause between two such batches (default 0), to throttle the load on a busy NameNode. */
  public static final String LOAD_PAUSE_KEY = "cif.placement.home.load.pause.ms";
  private static final Logger LOG = LoggerFactory.getLogger(ColumnPlacementPolicy.class);
  /** Stands for the rack of a home node this NameNode does not know yet. */
  private static final String UNKNOWN_RACK = "/cif-unknown-rack";

  private final LeastLoadedChooser<String> chooser = new LeastLoadedChooser<>(new Random());
  private volatile HomeTable<String> homes = new HomeTable<>(100_000);
  private volatile CoLocatedReplicaSets coLocatedSets;
  private volatile FSNamesystem namesystem;
  private volatile long attachedAt;
  private int capacity = 100_000;
  private RecordedHomesLoader loader = new RecordedHomesLoader(1000, 0);
  private long restartGraceMillis;
  private Configuration conf;

  /** The home of a split-directory as one decision sees it: nodes to use now, replicas to await. */
  private record Home(List<DatanodeDescriptor> usable, int awaited) {
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.capacity = conf.getInt(HOME_TABLE_CAPACITY_KEY, 100_000);
    this.loader = new RecordedHomesLoader(conf.getInt(LOAD_BATCH_KEY, 1000), conf.getLong(LOAD_PAUSE_KEY, 0));
    this.homes = new HomeTable<>(capacity);
    long heartbeatExpiry = 2L * conf.getInt(
        DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_KEY,
        DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_DEFAULT)
        + 10_000L * conf.getTimeDuration(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY,
            DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_DEFAULT, java.util.concurrent.TimeUnit.SECONDS);
    this.restartGraceMillis = conf.getLong(RESTART_GRACE_KEY, heartbeatExpiry);
  }

  /**
   * Hands the policy its NameNode's namespace (HDFS gives a placement policy none; the plugin does) and
   * starts loading every recorded home in the background: the NameNode's start-up does not wait for
   * it. Until a directory's home is loaded, a block for it reads the home from the directory itself
   * ({@link #homeOf}), so new blocks go to their homes from the first one.
   */
  public void attach(FSNamesystem fsn) {
    this.namesystem = fsn;
    this.attachedAt = System.currentTimeMillis();
    loadRecordedHomes();
  }

  /**
   * Replaces the homes in memory by those the namespace records, in the background: at start, and when
   * an HA standby becomes active (while standby it tailed homes recorded by the other NameNode into its
   * namespace, and what it had in memory from an earlier active period may be stale). The table is
   * emptied at once, so no stale home is used; a load still running is abandoned for the new one.
   */
  public void loadRecordedHomes() {
    FSNamesystem fsn = namesystem;
    if (fsn == null) {
      return;
    }
    HomeTable<String> table = new HomeTable<>(capacity);
    homes = table;
    loader.start(fsn, table);
  }

  /** True once the latest load of recorded homes has finished (or there is nothing to load). */
  public boolean homesLoaded() {
    return loader.loaded();
  }

  /** Waits for the latest load of recorded homes; returns what it saw (null: none was started). */
  public HomeAttribute.Walk awaitHomesLoaded(long timeoutMillis) throws InterruptedException {
    return loader.await(timeoutMillis);
  }

  /**
   * Changes the pause between two batches of the background load, also for a load under way (which
   * resumes at once when it is lowered): a NameNode's reconfiguration does not reach its placement
   * policy, so an operator tool or a test sets it here.
   */
  public void setHomeLoadPause(long millis) {
    loader.setPause(millis);
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** New blocks (the NameNode's entry, with the client's favored nodes). */
  @Override
  DatanodeStorageInfo[] chooseTarget(String src, int numOfReplicas, Node writer,
      Set<Node> excludedNodes, long blocksize, List<DatanodeDescriptor> favoredNodes,
      BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
    if (!SplitDirectory.isColumnFile(src)) {
      return super.chooseTarget(src, numOfReplicas, writer, excludedNodes, blocksize,
          favoredNodes, storagePolicy, flags);
    }
    // The client's favored nodes may seed a new home; they never override an existing one.
    Home home = homeOf(SplitDirectory.of(src), numOfReplicas, excludedNodes, favoredNodes);
    if (home.usable().isEmpty()) {
      // No home node at hand: a default choice (best effort, placement never fails a write).
      home = new Home(List.of(), 0);
    }
    return placeOnHome(src, home, numOfReplicas, writer, new ArrayList<>(), false, excludedNodes,
        blocksize, storagePolicy, flags, true);
  }

  /** Additional replicas of an existing block: re-replication, and new blocks without favored nodes. */
  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes,
      long blocksize, BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
    if (!SplitDirectory.isColumnFile(srcPath) || numOfReplicas <= 0) {
      return super.chooseTarget(srcPath, numOfReplicas, writer, chosen, returnChosenNodes,
          excludedNodes, blocksize, storagePolicy, flags);
    }
    Home home = homeOf(SplitDirectory.of(srcPath), chosen.size() + numOfReplicas, excludedNodes,
        List.of());
    return placeOnHome(srcPath, home, numOfReplicas, writer, chosen, returnChosenNodes,
        excludedNodes, blocksize, storagePolicy, flags, false);
  }

  /**
   * Replicas on the home's usable nodes first; awaited home nodes get theirs later by re-replication
   * (placing it elsewhere now would scatter the directory for good); the default policy fills what
   * the home cannot take now (full, busy or excluded nodes: best effort).
   */
  private DatanodeStorageInfo[] placeOnHome(String src, Home home, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes,
      long blocksize, BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags,
      boolean newBlock) {
    List<DatanodeStorageInfo> results = new ArrayList<>(chosen);
    List<DatanodeStorageInfo> picked = pickHomeStorages(home.usable(), results, numOfReplicas,
        excludedNodes, blocksize, storagePolicy, newBlock);
    results.addAll(picked);
    int fill = numOfReplicas - picked.size() - home.awaited();
    if (fill > 0) {
      Set<Node> excluded = excludedNodes == null ? new HashSet<>() : new HashSet<>(excludedNodes);
      picked.forEach(s -> excluded.add(s.getDatanodeDescriptor()));
      DatanodeStorageInfo[] rest = super.chooseTarget(src, fill, writer, results, false,
          excluded, blocksize, storagePolicy, flags);
      results.addAll(List.of(rest));
    }
    if (!returnChosenNodes) {
      results.removeAll(chosen);
    }
    return results.toArray(new DatanodeStorageInfo[0]);
  }

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes,
      long blocksize, BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags,
      EnumMap<StorageType, Integer> storageTypes) {
    if (SplitDirectory.isColumnFile(srcPath)) {
      return chooseTarget(srcPath, numOfReplicas, writer, chosen, returnChosenNodes,
          excludedNodes, blocksize, storagePolicy, flags);
    }
    return super.chooseTarget(srcPath, numOfReplicas, writer, chosen, returnChosenNodes,
        excludedNodes, blocksize, storagePolicy, flags, storageTypes);
  }

  /**
   * Excess replicas (a dead node came back, replication was lowered, a move finished). The NameNode
   * does not say which block: keep the replicas that form some split-directory's home, so that the
   * directory stays co-located; when none does, decide as the default policy.
   */
  @Override
  public List<DatanodeStorageInfo> chooseReplicasToDelete(
      Collection<DatanodeStorageInfo> availableReplicas, Collection<DatanodeStorageInfo> candidates,
      int expectedNumOfReplicas, List<StorageType> excessTypes, DatanodeDescriptor addedNode,
      DatanodeDescriptor delNodeHint) {
    List<String> nodes = candidates.stream()
        .map(s -> s.getDatanodeDescriptor().getDatanodeUuid()).collect(Collectors.toList());
    Set<String> keep = homes.findHomeWithin(nodes, expectedNumOfReplicas,
        addedNode == null ? null : addedNode.getDatanodeUuid());
    if (keep == null) {
      LOG.debug("no known home within {}: stable default choice", nodes);
      return super.chooseReplicasToDelete(availableReplicas, candidates, expectedNumOfReplicas,
          excessTypes, addedNode, delNodeHint);
    }
    List<DatanodeStorageInfo> excess = new ArrayList<>();
    for (DatanodeStorageInfo s : candidates) {
      if (!keep.contains(s.getDatanodeDescriptor().getDatanodeUuid())
          && candidates.size() - excess.size() > expectedNumOfReplicas) {
        excess.add(s);
        excessTypes.remove(s.getStorageType());
      }
    }
    return excess;
  }

  /**
   * The default's pick among the replicas it may delete without losing a rack, made stable: it would
   * take the node with the least free space, which changes from one block to the next, so the blocks
   * of one split-directory (all on the same nodes) could each lose a different node. A fixed order of
   * datanodes makes them all lose the same one. Used when no home is known for the replicas (after a
   * NameNode restart, before the directory is touched), and for plain files.
   */
  @Override
  public DatanodeStorageInfo chooseReplicaToDelete(Collection<DatanodeStorageInfo> moreThanOne,
      Collection<DatanodeStorageInfo> exactlyOne, List<StorageType> excessTypes,
      Map<String, List<DatanodeStorageInfo>> rackMap) {
    DatanodeStorageInfo chosen = null;
    for (DatanodeStorageInfo s : pickupReplicaSet(moreThanOne, exactlyOne, rackMap)) {
      if (excessTypes.contains(s.getStorageType()) && (chosen == null
          || s.getDatanodeDescriptor().getDatanodeUuid()
              .compareTo(chosen.getDatanodeDescriptor().getDatanodeUuid()) > 0)) {
        chosen = s;
      }
    }
    if (chosen != null) {
      excessTypes.remove(chosen.getStorageType());
    }
    return chosen;
  }

  /** The Balancer: a block whose replicas are a co-located split-directory's nodes does not move. */
  @Override
  public boolean isMovable(Collection<DatanodeInfo> locs, DatanodeInfo source,
      DatanodeInfo target) {
    if (!super.isMovable(locs, source, target)) {
      return false;
    }
    // The Balancer passes the replicas as they would be after the move (target included).
    Set<String> current = locs.stream().map(DatanodeInfo::getXferAddr)
        .filter(a -> !a.equals(target.getXferAddr())).collect(Collectors.toSet());
    boolean movable = !coLocatedSets().contains(current);
    LOG.debug("isMovable {} -> {}: {}", current, target.getXferAddr(), movable);
    return movable;
  }

  private CoLocatedReplicaSets coLocatedSets() {
    if (coLocatedSets == null) {
      synchronized (this) {
        if (coLocatedSets == null) {
          coLocatedSets = new CoLocatedReplicaSets(conf != null ? conf : new Configuration());
        }
      }
    }
    return coLocatedSets;
  }

  /**
   * The home of a split-directory for one decision. In order: memory; the home recorded on the
   * directory; for a directory with none recorded, where its blocks are, but only from a complete block
   * map (while reports are missing, the nodes known to hold it serve this block alone and the other
   * replicas are awaited). Dead and decommissioning nodes are replaced, least-loaded, keeping the rack
   * rule; a changed or new home is recorded before it is used. The namespace is read and written before
   * the table's monitor is taken, never inside it: a NameNode thread holding the namesystem lock may be
   * waiting for that monitor in {@link #chooseReplicasToDelete}.
   */
  private Home homeOf(String dir, int size, Set<Node> excluded, List<DatanodeDescriptor> seeds) {
    int want = Math.min(size, clusterMap.getNumOfLeaves());
    FSNamesystem fsn = namesystem;
    // One table for the whole decision: a failover swaps the policy's table for a fresh one.
    HomeTable<String> homes = this.homes;
    for (int attempt = 0; attempt < 3; attempt++) {
      List<String> seen = homes.get(dir);
      List<String> base = seen;
      if (seen == null) {
        List<String> recorded = fsn == null ? null : HomeAttribute.read(fsn, dir);
        if (recorded != null) {
          // Not loaded yet (or forgotten): this directory's home, on demand. A decision made since
          // the read wins over it, as it would over the background load.
          homes.loadIfAbsent(dir, recorded);
          continue;
        }
        NamespaceHomes.Derived derived = NamespaceHomes.derive(fsn, dir, want);
        if (!derived.complete() && awaiting()) {
          List<DatanodeDescriptor> holding = derived.nodes().stream().map(this::datanode)
              .filter(this::usable).collect(Collectors.toList());
          return new Home(holding, want - holding.size());
        }
        // Where blocks happen to be need not respect racks: keep what fits the rack rule.
        base = chooser.admissible(derived.nodes(), want, cluster(null));
      }
      List<String> kept = base.stream().filter(this::staysInHome)
          .collect(Collectors.toCollection(ArrayList::new));
      if (seen == null || kept.size() < want) {
        for (DatanodeDescriptor seed : seeds == null ? List.<DatanodeDescriptor>of() : seeds) {
          if (kept.size() < want && usable(seed) && !kept.contains(seed.getDatanodeUuid())) {
            kept.add(seed.getDatanodeUuid());
          }
        }
        kept = chooser.complete(kept, want, cluster(excluded));
      }
      List<String> settled = homes.settle(dir, seen, kept);
      if (settled.stream().allMatch(this::staysInHome)) {
        if (fsn != null && !homes.isRecorded(dir, settled)
            && HomeAttribute.write(fsn, dir, settled)) {
          homes.markRecorded(dir, settled);
          LOG.debug("home of {} is {} (recorded)", dir, settled);
        }
        return home(settled);
      }
    }
    // Homes keep changing under us (nodes flapping): let this block take whatever is in memory.
    List<String> last = homes.get(dir);
    return last == null ? new Home(List.of(), 0) : home(last);
  }

  /**
   * The home's nodes that can take a replica now, and how many are awaited: not registered yet, or
   * registered without their storages and first block report (a restarted NameNode knows neither, and
   * a node it cannot store on yet would otherwise send the replica elsewhere for good).
   */
  private Home home(List<String> uuids) {
    List<DatanodeDescriptor> usable = new ArrayList<>();
    int awaited = 0;
    for (String uuid : uuids) {
      DatanodeDescriptor dn = datanode(uuid);
      // Awaited within the grace only, as an unregistered one: a node that heartbeats but never
      // sends a block report (HDFS's simulated datanodes) must not stop placement for good.
      if (dn == null || (usable(dn) && !dn.checkBlockReportReceived() && awaiting())) {
        awaited++;
      } else if (usable(dn)) {
        usable.add(dn);
      }
    }
    return new Home(usable, awaited);
  }

  /** A home node stays unless HDFS has given up on it (dead, decommissioning, or never back). */
  private boolean staysInHome(String uuid) {
    DatanodeDescriptor dn = datanode(uuid);
    return dn == null ? awaiting() : usable(dn);
  }

  /** Whether datanodes this NameNode has not heard from since it started may still register. */
  private boolean awaiting() {
    return namesystem != null && System.currentTimeMillis() - attachedAt < restartGraceMillis;
  }

  private DatanodeDescriptor datanode(String uuid) {
    FSNamesystem fsn = namesystem;
    if (fsn != null) {
      return fsn.getBlockManager().getDatanodeManager().getDatanode(uuid);
    }
    for (Node n : clusterMap.getLeaves(NodeBase.ROOT)) {
      if (n instanceof DatanodeDescriptor && ((DatanodeDescriptor) n).getDatanodeUuid().equals(uuid)) {
        return (DatanodeDescriptor) n;
      }
    }
    return null;
  }

  private boolean usable(DatanodeDescriptor dn) {
    return dn != null && dn.isAlive() && dn.isInService();
  }

  private LeastLoadedChooser.Cluster<String> cluster(Set<Node> excluded) {
    Map<String, DatanodeDescriptor> all = new java.util.LinkedHashMap<>();
    for (Node n : clusterMap.getLeaves(NodeBase.ROOT)) {
      if (n instanceof DatanodeDescriptor) {
        all.put(((DatanodeDescriptor) n).getDatanodeUuid(), (DatanodeDescriptor) n);
      }
    }
    List<String> uuids = List.copyOf(all.keySet());
    return new LeastLoadedChooser.Cluster<>() {
      @Override
      public List<String> nodes() {
        return uuids;
      }

      @Override
      public String rack(String uuid) {
        DatanodeDescriptor dn = all.get(uuid);
        return dn == null ? UNKNOWN_RACK : dn.getNetworkLocation();
      }

      @Override
      public long load(String uuid) {
        // Block replicas held plus those scheduled: both move at allocation and block-report time,
        // so a burst of new split-directories sees each other's choices (heartbeat usage lags).
        DatanodeDescriptor dn = all.get(uuid);
        return dn == null ? Long.MAX_VALUE : dn.numBlocks() + dn.getBlocksScheduled();
      }

      @Override
      public boolean usable(String uuid) {
        DatanodeDescriptor dn = all.get(uuid);
        return ColumnPlacementPolicy.this.usable(dn)
            && (excluded == null || !excluded.contains(dn));
      }
    };
  }

  /**
   * Storages on home nodes that do not hold the block yet and can take it now. Each node takes the
   * first storage type the block still needs that it has, else that type's fallback: a storage policy
   * the home cannot fully satisfy (ONE_SSD where a home node has no SSD) degrades the storage type, as
   * HDFS's own fallback would, rather than moving the replica off the home.
   */
  private List<DatanodeStorageInfo> pickHomeStorages(List<DatanodeDescriptor> home,
      List<DatanodeStorageInfo> results, int wanted, Set<Node> excluded, long blocksize,
      BlockStoragePolicy storagePolicy, boolean newBlock) {
    List<DatanodeStorageInfo> picked = new ArrayList<>();
    Set<DatanodeDescriptor> holding = results.stream()
        .map(DatanodeStorageInfo::getDatanodeDescriptor).collect(Collectors.toSet());
    List<StorageType> needed = new ArrayList<>(storagePolicy.chooseStorageTypes(
        (short) (results.size() + wanted), DatanodeStorageInfo.toStorageTypes(results),
        EnumSet.noneOf(StorageType.class), newBlock));
    int maxPerRack = getMaxNodesPerRack(results.size(), wanted)[1];
    for (DatanodeDescriptor dn : home) {
      if (picked.size() >= wanted || needed.isEmpty()) {
        break;
      }
      if (holding.contains(dn) || (excluded != null && excluded.contains(dn))) {
        continue;
      }
      List<DatanodeStorageInfo> sofar = new ArrayList<>(results);
      sofar.addAll(picked);
      if (isGoodDatanode(dn, maxPerRack, false, sofar, false)) {
        DatanodeStorageInfo storage = storageFor(dn, blocksize, sofar, needed, storagePolicy,
            newBlock);
        if (storage != null) {
          picked.add(storage);
        }
      }
    }
    return picked;
  }

  private DatanodeStorageInfo storageFor(DatanodeDescriptor dn, long blocksize,
      List<DatanodeStorageInfo> sofar, List<StorageType> needed, BlockStoragePolicy storagePolicy,
      boolean newBlock) {
    for (StorageType type : needed) {
      DatanodeStorageInfo storage = chooseStorage4Block(dn, blocksize, sofar, type);
      if (storage != null) {
        needed.remove(type);
        return storage;
      }
    }
    EnumSet<StorageType> unavailable = EnumSet.of(needed.get(0));
    StorageType fallback = newBlock ? storagePolicy.getCreationFallback(unavailable)
        : storagePolicy.getReplicationFallback(unavailable);
    DatanodeStorageInfo storage =
        fallback == null ? null : chooseStorage4Block(dn, blocksize, sofar, fallback);
    if (storage != null) {
      needed.remove(0);
    }
    return storage;
  }
}
