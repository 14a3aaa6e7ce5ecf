package dev.cif.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The charts of a cluster benchmark report (a real report of a small run, SSB and TPC-H, CIF and ORC). */
class ClusterReportChartsTest {
  @Test
  void drawsFourChartsPerWorkloadBesideTheReport(@TempDir Path dir) throws Exception {
    Path report = dir.resolve("run.md");
    try (var in = ClusterReportChartsTest.class.getResourceAsStream("/cluster/sample-report.md")) {
      Files.copy(in, report);
    }
    List<File> charts = ClusterReportCharts.write(report.toFile());
    List<String> names = charts.stream().map(File::getName).sorted().toList();
    assertEquals(List.of("run-ssb-cpu.png", "run-ssb-local.png", "run-ssb-read.png", "run-ssb-time.png",
        "run-tpch-cpu.png", "run-tpch-local.png", "run-tpch-read.png", "run-tpch-time.png"), names);
    for (File png : charts) {
      var image = ImageIO.read(png);
      assertTrue(image != null && image.getWidth() > 100 && image.getHeight() > 100, png + " is not an image");
    }
  }

  @Test
  void chartsTheMedianOfAQuerysRuns(@TempDir Path dir) throws Exception {
    Path report = dir.resolve("runs.md");
    Files.writeString(report, String.join("\n", "### SSB", "",
        "| query | format | wall s | task CPU s | HDFS bytes read | HDFS opens | NameNode RPCs | data-local map tasks | tasks' HDFS bytes | node-local |",
        "|---|---|---|---|---|---|---|---|---|---|",
        "| q1.1 (run 1) | cif | 1.50 | 1.00 | 1,000 | 6 | 50 | 2 / 2 | 1,000 | 100.0% |",
        "| q1.1 (run 1) | orc | 2.00 | 1.20 | 2,000 | 2 | 48 | 2 / 2 | 2,000 | 100.0% |",
        "| q1.1 (run 2) | orc | 9.00 | 1.40 | 2,000 | 2 | 48 | 2 / 2 | 2,000 | 100.0% |",
        "| q1.1 (run 2) | cif | 1.10 | 0.80 | 1,000 | 6 | 50 | 2 / 2 | 1,000 | 100.0% |",
        "| q1.1 (run 3) | cif | 1.30 | 0.90 | 1,000 | 6 | 50 | 2 / 2 | 1,000 | 50.0% |",
        "| q1.1 (run 3) | orc | 1.80 | 1.30 | 2,000 | 2 | 48 | 2 / 2 | 2,000 | 100.0% |",
        "| q1.2 | cif | 0.70 | 0.30 | 900 | 6 | 50 | 2 / 2 | 900 | 100.0% |", ""));
    var rows = ClusterReportCharts.rows(report.toFile()).get("SSB");
    assertEquals(List.of("q1.1", "q1.2"), List.copyOf(rows.keySet()));
    assertEquals(3, rows.get("q1.1").get("cif").size());
    assertEquals(1.30, ClusterReportCharts.value(rows.get("q1.1").get("cif"), 3), 1e-9);
    assertEquals(2.00, ClusterReportCharts.value(rows.get("q1.1").get("orc"), 3), 1e-9);
    assertEquals(1.30, ClusterReportCharts.value(rows.get("q1.1").get("orc"), 4), 1e-9);
    assertEquals(100.0, ClusterReportCharts.value(rows.get("q1.1").get("cif"), 10), 1e-9);
    assertTrue(Double.isNaN(ClusterReportCharts.value(rows.get("q1.2").get("orc"), 3)));
    assertEquals(4, ClusterReportCharts.write(report.toFile()).size());
  }
}
