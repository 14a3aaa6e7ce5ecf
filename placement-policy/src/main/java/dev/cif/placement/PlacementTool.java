package dev.cif.placement;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * {@code cif placement check PATH} and {@code cif placement repair PATH}, against a live cluster (the
 * cif-cli launcher delegates here), and {@code cif placement cost}, the NameNode cost model
 * ({@link NameNodeCostModel}). Exit status: 0 when every split-directory under PATH is co-located
 * on every replica (after repairing, for repair), 1 when some are not, 2 for a usage or I/O error.
 */
public final class PlacementTool {
  public static final int ALL_CO_LOCATED = 0;
  public static final int NOT_ALL_CO_LOCATED = 1;
  public static final int USAGE_OR_ERROR = 2;

  private PlacementTool() {
  }

  public static int run(Configuration conf, String[] args, PrintStream out) {
    if (args.length > 0 && args[0].equals("cost")) {
      return NameNodeCostModel.run(args, out);
    }
    if (args.length != 2 || !(args[0].equals("check") || args[0].equals("repair"))) {
      out.println("usage: cif placement check PATH | cif placement repair PATH"
          + " | cif placement cost [--table-tib N] [--columns N] [--block-mib N]");
      return USAGE_OR_ERROR;
    }
    Path path = new Path(args[1]);
    try {
      FileSystem fs = path.getFileSystem(conf);
      if (args[0].equals("repair")) {
        if (!(fs instanceof DistributedFileSystem)) {
          out.println("repair needs HDFS with ColumnPlacementPolicy, not " + fs.getUri());
          return USAGE_OR_ERROR;
        }
        repair((DistributedFileSystem) fs, path, out);
      }
      return check(fs, path, out);
    } catch (IOException | RuntimeException e) {
      out.println("error: " + e);
      return USAGE_OR_ERROR;
    }
  }

  private static int check(FileSystem fs, Path path, PrintStream out) throws IOException {
    List<SplitLayout> splits = SplitDirectoryScan.scan(fs, path);
    int coLocated = 0;
    for (SplitLayout s : splits) {
      if (s.isCoLocated()) {
        coLocated++;
      } else {
        out.printf(Locale.ROOT, "NOT CO-LOCATED %s (%d files, %d distinct replica sets,"
            + " best node holds %.1f%%)%n", s.dir(), s.files().size(),
            new java.util.HashSet<>(s.blockNodeSets()).size(), 100 * s.localShare());
      }
    }
    double pct = splits.isEmpty() ? 100.0 : 100.0 * coLocated / splits.size();
    out.printf(Locale.ROOT, "co-located split-directories: %d of %d (%.1f%%)%n", coLocated,
        splits.size(), pct);
    return coLocated == splits.size() ? ALL_CO_LOCATED : NOT_ALL_CO_LOCATED;
  }

  private static void repair(DistributedFileSystem fs, Path path, PrintStream out)
      throws IOException {
    PlacementRepair repair = new PlacementRepair(fs);
    for (SplitLayout s : SplitDirectoryScan.scan(fs, path)) {
      if (!s.isCoLocated()) {
        int n = repair.repair(s);
        out.printf(Locale.ROOT, "repaired %s: rewrote %d of %d files%n", s.dir(), n,
            s.files().size());
      }
    }
  }
}
