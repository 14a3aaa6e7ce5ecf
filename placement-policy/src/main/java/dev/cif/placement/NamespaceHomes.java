package dev.cif.placement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.server.namenode.INode;
import org.apache.hadoop.hdfs.server.namenode.snapshot.Snapshot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Recovers the home of a split-directory that has none recorded (written before homes were recorded, or
 * where recording failed) from where its blocks are: the nodes holding the most replicas of its column
 * files. Such a guess is only as good as the block reports the NameNode has received, so it comes with
 * whether every complete block has all its replicas reported ({@link Derived#complete}); the policy
 * chooses no home from an incomplete block map. Under-construction blocks count by their expected
 * locations, so a column being written counts too.
 */
public final class NamespaceHomes {
  private static final Logger LOG = LoggerFactory.getLogger(NamespaceHomes.class);

  /** Datanode UUIDs holding most replicas first, and whether the block map was complete. */
  public record Derived(List<String> nodes, boolean complete) {
  }

  private NamespaceHomes() {
  }

  /**
   * The up to {@code max} nodes holding most replicas of {@code dir}'s column files; no nodes when the
   * namespace is unavailable, the directory is new, or it holds no block yet. Takes the namesystem read
   * lock: callers must not hold a lock the namesystem's writers may wait for.
   */
  public static Derived derive(FSNamesystem fsn, String dir, int max) {
    if (fsn == null) {
      return new Derived(List.of(), true);
    }
    Map<String, Integer> replicas = new LinkedHashMap<>();
    boolean complete = true;
    fsn.readLock();
    try {
      INode node = fsn.getFSDirectory().getINode(dir);
      if (node == null || !node.isDirectory()) {
        return new Derived(List.of(), true);
      }
      for (INode child : node.asDirectory().getChildrenList(Snapshot.CURRENT_STATE_ID)) {
        if (child.isFile() && SplitDirectory.isColumnFile("/" + child.getLocalName())) {
          short expected = child.asFile().getPreferredBlockReplication();
          for (BlockInfo block : child.asFile().getBlocks()) {
            complete &= count(block, replicas) >= expected || !block.isComplete();
          }
        }
      }
    } catch (Exception e) {
      // Best effort: an unresolvable path means "no known home", never a failed write.
      LOG.debug("cannot read the namespace for {}", dir, e);
      return new Derived(List.of(), true);
    } finally {
      fsn.readUnlock("cif-placement-home");
    }
    List<String> nodes = replicas.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
        .limit(max).map(Map.Entry::getKey).collect(Collectors.toCollection(ArrayList::new));
    return new Derived(nodes, complete);
  }

  /** Counts the block's replicas per datanode UUID; returns how many it has. */
  private static int count(BlockInfo block, Map<String, Integer> replicas) {
    int n = 0;
    if (block.isComplete()) {
      for (int i = 0; i < block.numNodes(); i++) {
        DatanodeDescriptor dn = block.getDatanode(i);
        if (dn != null) {
          replicas.merge(dn.getDatanodeUuid(), 1, Integer::sum);
          n++;
        }
      }
    } else if (block.getUnderConstructionFeature() != null) {
      for (var storage : block.getUnderConstructionFeature().getExpectedStorageLocations()) {
        replicas.merge(storage.getDatanodeDescriptor().getDatanodeUuid(), 1, Integer::sum);
        n++;
      }
    }
    return n;
  }
}
