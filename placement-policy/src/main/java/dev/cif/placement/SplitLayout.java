package dev.cif.placement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;

/**
 * Where the blocks of one split-directory are, as a client sees it ({@code BlockLocation} names are
 * datanode transfer addresses, {@code ip:port}). A split-directory is co-located when every block of
 * every column file has the same set of replica nodes: then any one of those nodes reads the whole split
 * locally, and so does each of its replicas' nodes.
 */
public final class SplitLayout {
  private final String dir;
  private final List<LocatedFileStatus> files = new ArrayList<>();

  SplitLayout(String dir) {
    this.dir = dir;
  }

  void add(LocatedFileStatus file) {
    files.add(file);
  }

  public String dir() {
    return dir;
  }

  public List<LocatedFileStatus> files() {
    return files;
  }

  /** The replica node set of each block, files in name order. */
  public List<Set<String>> blockNodeSets() {
    List<Set<String>> sets = new ArrayList<>();
    for (LocatedFileStatus f : files) {
      for (BlockLocation b : f.getBlockLocations()) {
        sets.add(nodes(b));
      }
    }
    return sets;
  }

  public boolean isCoLocated() {
    Set<Set<String>> distinct = new HashSet<>(blockNodeSets());
    return distinct.size() <= 1;
  }

  /** The common replica set of a co-located directory, else null. */
  public Set<String> commonNodes() {
    Set<Set<String>> distinct = new HashSet<>(blockNodeSets());
    return distinct.size() == 1 ? distinct.iterator().next() : null;
  }

  /** Bytes of this split stored on each node (every replica counts). */
  public Map<String, Long> bytesPerNode() {
    Map<String, Long> bytes = new HashMap<>();
    for (LocatedFileStatus f : files) {
      for (BlockLocation b : f.getBlockLocations()) {
        for (String n : nodes(b)) {
          bytes.merge(n, b.getLength(), Long::sum);
        }
      }
    }
    return bytes;
  }

  public long totalBytes() {
    return files.stream().mapToLong(LocatedFileStatus::getLen).sum();
  }

  /**
   * Share of the split's column bytes on the node that holds most of them: what a map task scheduled
   * there reads locally (1.0 when co-located).
   */
  public double localShare() {
    long total = totalBytes();
    long best = bytesPerNode().values().stream().mapToLong(Long::longValue).max().orElse(0);
    return total == 0 ? 1.0 : (double) best / total;
  }

  /** Nodes ordered by the bytes of this split they hold, most first. */
  public List<String> nodesByBytes() {
    return bytesPerNode().entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
        .map(Map.Entry::getKey).collect(Collectors.toList());
  }

  static Set<String> nodes(BlockLocation b) {
    try {
      return new HashSet<>(List.of(b.getNames()));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
