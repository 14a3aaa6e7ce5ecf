package dev.cif.cluster;

import dev.cif.placement.NameNodeCostModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The NameNode cost model ({@link NameNodeCostModel}) against a cluster benchmark report: reads its per-table
 * NameNode objects table ({@link NameNodeObjects}) and prints, per table, the objects measured (the table's own
 * directory left out, as the model leaves it out) beside the model's at the same bytes, columns (CIF: files per
 * split-directory less the schema file), split-directories or files, and the cluster's 16 MiB blocks.
 * docs/scale-measured.md. Usage: {@code CostModelCheck REPORT.md}.
 */
final class CostModelCheck {
  private CostModelCheck() {}

  public static void main(String[] a) throws Exception {
    long block = 16L << 20;
    System.out.println("| format | table | columns | bytes | split-dirs or files | measured objects (without the table's directory) | model | model / measured |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    for (String line : Files.readAllLines(Path.of(a[0]))) {
      String[] c = line.split("\\|");
      if (c.length < 10 || !(c[1].trim().equals("cif") || c[1].trim().equals("orc"))) continue;
      if (!c[3].trim().matches("\\d+")) continue;
      String f = c[1].trim(), t = c[2].trim();
      long dirs = Long.parseLong(c[3].trim()), files = Long.parseLong(c[4].trim()), blocks = Long.parseLong(c[5].trim());
      long bytes = Long.parseLong(c[7].trim().replace(",", ""));
      long measured = dirs - 1 + files + blocks;
      NameNodeCostModel.Objects m; long n; int cols = 0;
      if (f.equals("cif")) {
        n = Long.parseLong(c[8].trim()); cols = (int) (files / n - 1);
        m = NameNodeCostModel.cif(bytes, cols, -Math.floorDiv(-bytes, n), block);
      } else {
        n = files; m = NameNodeCostModel.rowFiles(bytes, -Math.floorDiv(-bytes, n), block);
      }
      System.out.printf(Locale.ROOT, "| %s | %s | %s | %,d | %d | %d (%d + %d + %d) | %d (%d + %d + %d) | %.2f |%n", f, t, cols == 0 ? "" : cols, bytes, n,
          measured, dirs - 1, files, blocks, m.total(), m.directories(), m.files(), m.blocks(), (double) m.total() / measured);
    }
  }
}
