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
}
