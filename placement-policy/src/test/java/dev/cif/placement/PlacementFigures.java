package dev.cif.placement;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The figures of docs/placement.md, with and without ColumnPlacementPolicy, from one run: the same
 * seeded data written to two fresh clusters. Not a unit test (it asserts nothing and takes minutes):
 * tagged "bench", excluded from the default build; see docs/placement.md for the command.
 */
@Tag("bench")
class PlacementFigures {
  private static final int SPLITS = 60;
  private static final int COLUMNS = 5;
  private static final Path TABLE = new Path("/warehouse/figures");

  @Test
  void figures() throws Exception {
    StringBuilder md = new StringBuilder();
    md.append(String.format(Locale.ROOT, "%d split-directories x %d columns (50 KB - 1 MB each,"
            + " seeded), %d KB blocks, 6 datanodes on 2 racks, replication 3%n%n", SPLITS, COLUMNS,
        PlacementCluster.BLOCK_SIZE / 1024));
    md.append("| | default policy | ColumnPlacementPolicy |\n|---|---|---|\n");
    Figures without = measure(false);
    Figures with = measure(true);
    row(md, "split-directories co-located after writing", "%.1f%%", without.coLocated,
        with.coLocated);
    row(md, "mean share of a split's bytes on its best node", "%.3f", without.meanShare,
        with.meanShare);
    row(md, "lowest share of a split's bytes on its best node", "%.3f", without.minShare,
        with.minShare);
    row(md, "coefficient of variation of datanode usage", "%.2f%%", without.cv, with.cv);
    row(md, "after a datanode dies: time until fully re-replicated (s)", "%.1f",
        without.restoreSeconds, with.restoreSeconds);
    row(md, "split-directories co-located after re-replication", "%.1f%%",
        without.coLocatedAfterFailure, with.coLocatedAfterFailure);
    System.out.println(md);
    Files.createDirectories(Paths.get("target"));
    Files.writeString(Paths.get("target", "placement-figures.md"), md, StandardCharsets.UTF_8);
  }

  private static void row(StringBuilder md, String what, String format, double a, double b) {
    md.append(String.format(Locale.ROOT, "| %s | " + format + " | " + format + " |%n", what, a, b));
  }

  private static final class Figures {
    double coLocated;
    double meanShare;
    double minShare;
    double cv;
    double restoreSeconds;
    double coLocatedAfterFailure;
  }

  private static Figures measure(boolean withPolicy) throws Exception {
    MiniDFSCluster cluster = PlacementCluster.start(PlacementCluster.conf(withPolicy), 0);
    try {
      FileSystem fs = cluster.getFileSystem();
      Random sizes = new Random(42);
      for (int s = 0; s < SPLITS; s++) {
        long[] columns = new long[COLUMNS];
        for (int c = 0; c < COLUMNS; c++) {
          columns[c] = 50_000 + sizes.nextInt(974_000);
        }
        PlacementCluster.writeSplit(fs, new Path(TABLE, String.format("split-%03d", s)), columns,
            s);
      }
      PlacementCluster.awaitReplicated(fs, TABLE);
      Figures f = new Figures();
      List<SplitLayout> splits = SplitDirectoryScan.scan(fs, TABLE);
      f.coLocated = PlacementCluster.coLocatedPercent(fs, TABLE);
      f.meanShare = splits.stream().mapToDouble(SplitLayout::localShare).average().orElse(1);
      f.minShare = splits.stream().mapToDouble(SplitLayout::localShare).min().orElse(1);
      f.cv = usageCv(fs, cluster);

      String gone = cluster.getDataNodes().get(0).getDatanodeId().getXferAddr();
      cluster.stopDataNode(0);
      long ms = PlacementCluster.waitFor("re-replication", 300_000,
          () -> PlacementCluster.fullyReplicated(fs, TABLE, 3, gone));
      f.restoreSeconds = ms / 1000.0;
      f.coLocatedAfterFailure = PlacementCluster.coLocatedPercent(fs, TABLE);
      return f;
    } finally {
      cluster.shutdown();
    }
  }

  /** Standard deviation over mean of the bytes each datanode stores (all replicas, in percent). */
  private static double usageCv(FileSystem fs, MiniDFSCluster cluster) throws Exception {
    Map<String, Long> bytes = new HashMap<>();
    cluster.getDataNodes().forEach(dn -> bytes.put(dn.getDatanodeId().getXferAddr(), 0L));
    for (BlockLocation b : PlacementCluster.blocks(fs, TABLE)) {
      for (String n : b.getNames()) {
        bytes.merge(n, b.getLength(), Long::sum);
      }
    }
    List<Long> v = new ArrayList<>(bytes.values());
    double mean = v.stream().mapToLong(Long::longValue).average().orElse(0);
    double var = v.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / v.size();
    return 100 * Math.sqrt(var) / mean;
  }
}
