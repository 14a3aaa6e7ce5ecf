package dev.cif.cluster;

import dev.cif.placement.NameNodeCostModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The NameNode cost model ({@link NameNodeCostModel}) against a cluster benchmark report: reads its per-table
 * NameNode objects table ({@link NameNodeObjects}) and gives, per table, the objects measured (the table's own
 * directory left out, as the model leaves it out) beside the model's at the same bytes, columns (CIF: files per
 * split-directory less the schema file), split-directories or files, and block size: the cluster's 16 MiB for
 * CIF, 256 MiB for ORC, whose writer asks HDFS for its own {@code orc.block.size} (256 MiB by default)
 * whatever {@code dfs.blocksize} says. docs/scale-measured.md; {@code CostModelCheckTest} holds every report
 * in docs/bench/cluster to 20%. Usage: {@code CostModelCheck REPORT.md}.
 */
final class CostModelCheck {
  static final long CLUSTER_BLOCK = 16L << 20;
  static final long ORC_BLOCK = 256L << 20;

  private CostModelCheck() {}

  /** One table of a report: what the NameNode counted and what the model says. */
  record Row(String format, String table, int columns, long bytes, long units, long dirs, long files, long blocks,
      NameNodeCostModel.Objects model) {
    long measured() {
      return dirs + files + blocks;
    }

    double ratio() {
      return (double) model.total() / measured();
    }

    String markdown() {
      return String.format(Locale.ROOT, "| %s | %s | %s | %,d | %d | %d (%d + %d + %d) | %d (%d + %d + %d) | %.2f |",
          format, table, columns == 0 ? "" : columns, bytes, units, measured(), dirs, files, blocks, model.total(),
          model.directories(), model.files(), model.blocks(), ratio());
    }
  }

  /** The rows of {@code report}'s NameNode objects table; empty when it has none. */
  static List<Row> rows(Path report) throws IOException {
    List<Row> rows = new ArrayList<>();
    for (String line : Files.readAllLines(report)) {
      String[] c = line.split("\\|");
      // A format, or a paired run's layout of one (cif-before, cif-after, orc-merged).
      String f = c.length < 10 ? "" : c[1].trim();
      if (!f.matches("(cif|orc)(-\\w+)?") || !c[3].trim().matches("\\d+")) {
        continue;
      }
      // The table's own directory is left out, as the model leaves it out.
      long dirs = Long.parseLong(c[3].trim()) - 1;
      long files = Long.parseLong(c[4].trim());
      long blocks = Long.parseLong(c[5].trim());
      long bytes = Long.parseLong(c[7].trim().replace(",", ""));
      if (f.startsWith("cif")) {
        long n = Long.parseLong(c[8].trim());
        int columns = (int) (files / n - 1);
        rows.add(new Row(f, c[2].trim(), columns, bytes, n, dirs, files, blocks,
            NameNodeCostModel.cif(bytes, columns, ceilDiv(bytes, n), CLUSTER_BLOCK)));
      } else {
        rows.add(new Row(f, c[2].trim(), 0, bytes, files, dirs, files, blocks,
            NameNodeCostModel.rowFiles(bytes, ceilDiv(bytes, files), ORC_BLOCK)));
      }
    }
    return rows;
  }

  public static void main(String[] a) throws Exception {
    System.out.println("| format | table | columns | bytes | split-dirs or files | measured objects (without the table's directory) | model | model / measured |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    for (Row r : rows(Path.of(a[0]))) {
      System.out.println(r.markdown());
    }
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
