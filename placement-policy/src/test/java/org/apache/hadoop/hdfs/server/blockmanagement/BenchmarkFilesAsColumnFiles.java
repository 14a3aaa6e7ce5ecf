package org.apache.hadoop.hdfs.server.blockmanagement;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.net.Node;

/**
 * {@link ColumnPlacementPolicy} for HDFS's {@code NNThroughputBenchmark}, whose files are named
 * {@code .../ThroughputBenchDirN/ThroughputBenchM} and so would all go to the default policy: it hands
 * the policy each path with {@code .cif} appended, so that every benchmark directory is a
 * split-directory (its files the column files) and every decision takes the policy's own path (home
 * looked up, recorded on the real directory, storages picked on it). The suffix is the only change.
 */
public class BenchmarkFilesAsColumnFiles extends ColumnPlacementPolicy {
  private static String asColumnFile(String src) {
    return src == null || src.endsWith(".cif") ? src : src + ".cif";
  }

  @Override
  DatanodeStorageInfo[] chooseTarget(String src, int numOfReplicas, Node writer,
      Set<Node> excludedNodes, long blocksize, List<DatanodeDescriptor> favoredNodes,
      BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
    return super.chooseTarget(asColumnFile(src), numOfReplicas, writer, excludedNodes, blocksize,
        favoredNodes, storagePolicy, flags);
  }

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes,
      long blocksize, BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
    return super.chooseTarget(asColumnFile(srcPath), numOfReplicas, writer, chosen,
        returnChosenNodes, excludedNodes, blocksize, storagePolicy, flags);
  }

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes,
      long blocksize, BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags,
      EnumMap<StorageType, Integer> storageTypes) {
    return super.chooseTarget(asColumnFile(srcPath), numOfReplicas, writer, chosen,
        returnChosenNodes, excludedNodes, blocksize, storagePolicy, flags, storageTypes);
  }
}
