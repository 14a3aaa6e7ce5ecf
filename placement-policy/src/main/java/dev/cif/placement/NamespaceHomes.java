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
 * Recovers a split-directory's home from the namespace: the nodes holding the most replicas of the
 * blocks of its column files. This is what makes co-location survive a NameNode restart (the NameNode's
 * memory is empty, its block map is rebuilt from block reports) and an evicted {@link HomeTable} entry.
 * Under-construction blocks count by their expected locations, so a column being written counts too.
 */
public final class NamespaceHomes {
  private static final Logger LOG = LoggerFactory.getLogger(NamespaceHomes.class);

  private NamespaceHomes() {
  }

  /**
   * The up to {@code max} nodes holding most replicas of {@code dir}'s column files, most first; empty
   * when the namespace is unavailable, the directory is new, or it holds no block yet. Takes the
   * namesystem read lock: callers must not hold a lock the namesystem's writers may wait for.
   */
  public static List<DatanodeDescriptor> derive(FSNamesystem fsn, String dir, int max) {
    if (fsn == null) {
      return List.of();
    }
    Map<DatanodeDescriptor, Integer> replicas = new LinkedHashMap<>();
    fsn.readLock();
    try {
      INode node = fsn.getFSDirectory().getINode(dir);
      if (node == null || !node.isDirectory()) {
        return List.of();
      }
      for (INode child : node.asDirectory().getChildrenList(Snapshot.CURRENT_STATE_ID)) {
        if (child.isFile() && SplitDirectory.isColumnFile("/" + child.getLocalName())) {
          for (BlockInfo block : child.asFile().getBlocks()) {
            count(block, replicas);
          }
        }
      }
    } catch (Exception e) {
      // Best effort: an unresolvable path means "no known home", never a failed write.
      LOG.debug("cannot read the namespace for {}", dir, e);
      return List.of();
    } finally {
      fsn.readUnlock("cif-placement-home");
    }
    return replicas.entrySet().stream()
        .sorted(Map.Entry.<DatanodeDescriptor, Integer>comparingByValue(Comparator.reverseOrder()))
        .limit(max).map(Map.Entry::getKey).collect(Collectors.toCollection(ArrayList::new));
  }

  private static void count(BlockInfo block, Map<DatanodeDescriptor, Integer> replicas) {
    if (block.isComplete()) {
      for (int i = 0; i < block.numNodes(); i++) {
        DatanodeDescriptor dn = block.getDatanode(i);
        if (dn != null) {
          replicas.merge(dn, 1, Integer::sum);
        }
      }
    } else if (block.getUnderConstructionFeature() != null) {
      for (var storage : block.getUnderConstructionFeature().getExpectedStorageLocations()) {
        replicas.merge(storage.getDatanodeDescriptor(), 1, Integer::sum);
      }
    }
  }
}
