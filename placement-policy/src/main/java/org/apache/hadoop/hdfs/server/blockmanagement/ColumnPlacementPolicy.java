package org.apache.hadoop.hdfs.server.blockmanagement;

import dev.cif.placement.ColumnPlacementPlugin;
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
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
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
 */
public class ColumnPlacementPolicy extends BlockPlacementPolicyDefault implements Configurable {
  /** Not in cif-core's settings registry (dev.cif.conf.CifConf): this module must run on a NameNode without cif-core. */
  public static final String HOME_TABLE_CAPACITY_KEY = "cif.placement.home.table.capacity";
  private static final Logger LOG = LoggerFactory.getLogger(ColumnPlacementPolicy.class);

  private final LeastLoadedChooser<DatanodeDescriptor> chooser =
      new LeastLoadedChooser<>(new Random());
  private volatile HomeTable<DatanodeDescriptor> homes = new HomeTable<>(100_000);
  private volatile CoLocatedReplicaSets coLocatedSets;
  private Configuration conf;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.homes = new HomeTable<>(conf.getInt(HOME_TABLE_CAPACITY_KEY, 100_000));
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
    List<DatanodeDescriptor> home = homeOf(SplitDirectory.of(src), numOfReplicas, excludedNodes,
        favoredNodes);
    return super.chooseTarget(src, numOfReplicas, writer, excludedNodes, blocksize, home,
        storagePolicy, flags);
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
    int total = chosen.size() + numOfReplicas;
    List<DatanodeDescriptor> home = homeOf(SplitDirectory.of(srcPath), total, excludedNodes,
        List.of());
    List<DatanodeStorageInfo> results = new ArrayList<>(chosen);
    List<DatanodeStorageInfo> picked = pickHomeStorages(home, results, numOfReplicas,
        excludedNodes, blocksize, storagePolicy);
    results.addAll(picked);
    if (picked.size() < numOfReplicas) {
      // Home nodes full, busy or excluded: the default policy fills the rest (best effort).
      Set<Node> excluded = excludedNodes == null ? new HashSet<>() : new HashSet<>(excludedNodes);
      picked.forEach(s -> excluded.add(s.getDatanodeDescriptor()));
      DatanodeStorageInfo[] rest = super.chooseTarget(srcPath, numOfReplicas - picked.size(),
          writer, results, false, excluded, blocksize, storagePolicy, flags);
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
    List<DatanodeDescriptor> nodes = candidates.stream()
        .map(DatanodeStorageInfo::getDatanodeDescriptor).collect(Collectors.toList());
    Set<DatanodeDescriptor> keep = homes.findHomeWithin(nodes, expectedNumOfReplicas, addedNode);
    if (keep == null) {
      LOG.debug("no known home within {}: stable default choice", nodes);
      return super.chooseReplicasToDelete(availableReplicas, candidates, expectedNumOfReplicas,
          excessTypes, addedNode, delNodeHint);
    }
    List<DatanodeStorageInfo> excess = new ArrayList<>();
    for (DatanodeStorageInfo s : candidates) {
      if (!keep.contains(s.getDatanodeDescriptor())
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
   * The home of a split-directory, made whole: known (memory, else namespace) usable nodes, completed
   * with seeds and then least-loaded choices. The namespace is read before the table's monitor is
   * taken, never inside it: a NameNode thread holding the namesystem lock may be waiting for that
   * monitor in {@link #chooseReplicasToDelete}.
   */
  private List<DatanodeDescriptor> homeOf(String dir, int size, Set<Node> excluded,
      List<DatanodeDescriptor> seeds) {
    int want = Math.min(size, clusterMap.getNumOfLeaves());
    for (int attempt = 0; attempt < 3; attempt++) {
      List<DatanodeDescriptor> seen = homes.get(dir);
      List<DatanodeDescriptor> known = seen != null ? seen
          : NamespaceHomes.derive(ColumnPlacementPlugin.namesystem(), dir, want);
      LeastLoadedChooser.Cluster<DatanodeDescriptor> cluster = cluster(excluded);
      List<DatanodeDescriptor> live = known.stream().filter(this::usable)
          .collect(Collectors.toCollection(ArrayList::new));
      if (seen != null && live.size() >= want) {
        return live;
      }
      // A home read from the namespace is where blocks happen to be: keep what fits the rack rule.
      live = chooser.admissible(live, want, cluster);
      for (DatanodeDescriptor seed : seeds == null ? List.<DatanodeDescriptor>of() : seeds) {
        if (live.size() < want && usable(seed) && !live.contains(seed)) {
          live.add(seed);
        }
      }
      List<DatanodeDescriptor> proposed = chooser.complete(live, want, cluster);
      List<DatanodeDescriptor> settled = homes.settle(dir, seen, proposed);
      LOG.debug("home of {} is {}", dir, settled);
      if (settled.stream().allMatch(this::usable)) {
        return settled;
      }
    }
    // Homes keep changing under us (nodes flapping): let this block take whatever is recorded.
    List<DatanodeDescriptor> last = homes.get(dir);
    return last == null ? List.of() : last;
  }

  private boolean usable(DatanodeDescriptor dn) {
    return dn != null && dn.isAlive() && dn.isInService();
  }

  private LeastLoadedChooser.Cluster<DatanodeDescriptor> cluster(Set<Node> excluded) {
    List<DatanodeDescriptor> all = clusterMap.getLeaves(NodeBase.ROOT).stream()
        .filter(n -> n instanceof DatanodeDescriptor).map(n -> (DatanodeDescriptor) n)
        .collect(Collectors.toList());
    return new LeastLoadedChooser.Cluster<>() {
      @Override
      public List<DatanodeDescriptor> nodes() {
        return all;
      }

      @Override
      public String rack(DatanodeDescriptor node) {
        return node.getNetworkLocation();
      }

      @Override
      public long load(DatanodeDescriptor node) {
        // Block replicas held plus those scheduled: both move at allocation and block-report time,
        // so a burst of new split-directories sees each other's choices (heartbeat usage lags).
        return node.numBlocks() + node.getBlocksScheduled();
      }

      @Override
      public boolean usable(DatanodeDescriptor node) {
        return ColumnPlacementPolicy.this.usable(node)
            && (excluded == null || !excluded.contains(node));
      }
    };
  }

  /** Storages on home nodes that do not hold the block yet and can take it now. */
  private List<DatanodeStorageInfo> pickHomeStorages(List<DatanodeDescriptor> home,
      List<DatanodeStorageInfo> results, int wanted, Set<Node> excluded, long blocksize,
      BlockStoragePolicy storagePolicy) {
    List<DatanodeStorageInfo> picked = new ArrayList<>();
    Set<DatanodeDescriptor> holding = results.stream()
        .map(DatanodeStorageInfo::getDatanodeDescriptor).collect(Collectors.toSet());
    List<StorageType> types = storagePolicy.chooseStorageTypes((short) (results.size() + wanted),
        DatanodeStorageInfo.toStorageTypes(results), EnumSet.noneOf(StorageType.class), false);
    int maxPerRack = getMaxNodesPerRack(results.size(), wanted)[1];
    for (DatanodeDescriptor dn : home) {
      if (picked.size() >= wanted || picked.size() >= types.size()) {
        break;
      }
      if (holding.contains(dn) || (excluded != null && excluded.contains(dn))) {
        continue;
      }
      List<DatanodeStorageInfo> sofar = new ArrayList<>(results);
      sofar.addAll(picked);
      if (isGoodDatanode(dn, maxPerRack, false, sofar, false)) {
        DatanodeStorageInfo storage = chooseStorage4Block(dn, blocksize, sofar,
            types.get(picked.size()));
        if (storage != null) {
          picked.add(storage);
        }
      }
    }
    return picked;
  }
}
