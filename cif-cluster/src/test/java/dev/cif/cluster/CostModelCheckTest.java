package dev.cif.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue #30's "the cluster's measurements agree with the model within 20%": every committed cluster report
 * that counts NameNode objects per table (docs/bench/cluster), CIF and ORC, before and after a merge.
 */
class CostModelCheckTest {
  private static final Path REPORTS = Path.of("..", "docs", "bench", "cluster");

  @Test
  void theModelIsWithinTwentyPercentOfEveryTableTheClusterCounted() throws Exception {
    List<String> checked = new ArrayList<>();
    List<String> off = new ArrayList<>();
    try (Stream<Path> reports = Files.list(REPORTS)) {
      for (Path report : reports.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
        for (CostModelCheck.Row r : CostModelCheck.rows(report)) {
          checked.add(report.getFileName() + " " + r.format() + " " + r.table());
          if (r.ratio() < 0.8 || r.ratio() > 1.2) {
            off.add(report.getFileName() + ": " + r.markdown());
          }
        }
      }
    }
    // SSB before and after the merge and TPC-H before it, 5 and 8 tables in two formats: the test fails when
    // the reports lose their objects tables rather than passing on nothing.
    assertTrue(checked.size() >= 2 * (5 + 5 + 8), "tables checked: " + checked);
    assertEquals(List.of(), off);
  }

  @Test
  void aSplitDirectoryCostsItsColumnsTheSchemaFileAndTheDirectory() throws Exception {
    // TPC-H's region as CIF before the merge: 3 columns in one split-directory of 1,477 bytes.
    CostModelCheck.Row region = CostModelCheck.rows(REPORTS.resolve("sf1-tpch-opens.md")).stream()
        .filter(r -> r.format().equals("cif") && r.table().equals("region")).findFirst().orElseThrow();
    assertEquals(3, region.columns());
    assertEquals(1 + 4 + 4, region.model().total());
    assertEquals(region.measured(), region.model().total());
  }
}
