package dev.cif.spark;

import dev.cif.mapreduce.ColumnSplit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Packs CIF splits into Spark input partitions as Spark's file sources pack files (FilePartition): at most
 * maxSplitBytes = min(spark.sql.files.maxPartitionBytes, max(openCostInBytes, all bytes / the default
 * parallelism)) per partition, each split counted with the open cost, the largest first. One task per split
 * made a table of many small split-directories (one per CTAS task) many small tasks, each paying its
 * deserialization and scheduling: 6 scan tasks of SSB's lineorder at SF 1 where Parquet's 6 files made 2.
 */
final class SplitPacking {
  private SplitPacking() {}

  /** The most bytes one partition should read, from Spark's file-source settings. */
  static long maxSplitBytes(long totalBytes, int splits, long maxPartitionBytes, long openCostInBytes, int parallelism) {
    long bytesPerCore = (totalBytes + (long) splits * openCostInBytes) / Math.max(1, parallelism);
    return Math.min(maxPartitionBytes, Math.max(openCostInBytes, bytesPerCore));
  }

  /** The splits (of one partition directory) in groups, each group one input partition. */
  static List<List<ColumnSplit>> pack(List<ColumnSplit> splits, long maxSplitBytes, long openCostInBytes) {
    List<ColumnSplit> sorted = new ArrayList<>(splits);
    sorted.sort(Comparator.comparingLong(ColumnSplit::getLength).reversed());
    List<List<ColumnSplit>> out = new ArrayList<>();
    List<ColumnSplit> current = new ArrayList<>();
    long size = 0;
    for (ColumnSplit s : sorted) {
      if (!current.isEmpty() && size + s.getLength() > maxSplitBytes) {
        out.add(current);
        current = new ArrayList<>();
        size = 0;
      }
      current.add(s);
      size += s.getLength() + openCostInBytes;
    }
    if (!current.isEmpty()) out.add(current);
    return out;
  }
}
