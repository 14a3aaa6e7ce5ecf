package dev.cif.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BarChartTest {

  private static final int FIRST_SERIES = 0x0072B2;
  private static final int SECOND_SERIES = 0xE69F00;
  @TempDir File tmp;

  private static int countColour(BufferedImage image, int rgb) {
    int count = 0;
    for (int x = 0; x < image.getWidth(); x++) {
      for (int y = 0; y < image.getHeight(); y++) {
        if ((image.getRGB(x, y) & 0xFFFFFF) == rgb) {
          count++;
        }
      }
    }
    return count;
  }

  @Test
  void tallerValuesDrawMoreOfTheirColourAndThePngReadsBack() throws IOException {
    BarChart chart = new BarChart("scan time", "ms", List.of("int", "all"), List.of("seq", "cif"),
        new double[][] {{100, 10}, {120, 130}});
    File png = new File(tmp, "chart.png");
    chart.write(png);
    BufferedImage image = ImageIO.read(png);
    int seqPixels = countColour(image, FIRST_SERIES);
    int cifPixels = countColour(image, SECOND_SERIES);
    // seq's bars total 220 units against cif's 140: more area in seq's colour.
    assertTrue(seqPixels > cifPixels && cifPixels > 0, seqPixels + " vs " + cifPixels);
  }

  @Test
  void shapeMismatchIsRejected() {
    assertThrows(IllegalArgumentException.class,
        () -> new BarChart("t", "ms", List.of("a"), List.of("x", "y"), new double[][] {{1}}));
  }

  @Test
  void resultsBecomeGroupsOfJobsAndSeriesOfFormats() {
    Measurement m = new Measurement(2_000_000, 1_000_000, 10);
    List<BenchResult> results = List.of(
        new BenchResult("fig7", "d", "int", "seq-a", 1, 1, m, "x"),
        new BenchResult("fig7", "d", "int", "seq-b", 1, 1, m, "x"),
        new BenchResult("fig7", "d", "map", "seq-a", 1, 1, m, "x"));
    BufferedImage image = BarChart.of("t", "ms", results, BenchResult::wallMillis).render();
    int formatA = countColour(image, FIRST_SERIES);
    int formatB = countColour(image, SECOND_SERIES);
    // seq-a has a bar in both jobs, seq-b only in "int" (the "map" slot is a gap): about twice the area.
    assertTrue(formatB > 0 && formatA > 1.8 * formatB, formatA + " vs " + formatB);
  }

  @Test
  void formatsBeyondThePaletteGetHatchedColours() {
    assertTrue(BarChart.paint(0) instanceof java.awt.Color);
    java.awt.Paint hatched = BarChart.paint(8);
    java.awt.Paint crossHatched = BarChart.paint(16);
    assertTrue(hatched instanceof java.awt.TexturePaint && crossHatched instanceof java.awt.TexturePaint);
    java.awt.image.BufferedImage a = ((java.awt.TexturePaint) hatched).getImage();
    java.awt.image.BufferedImage b = ((java.awt.TexturePaint) crossHatched).getImage();
    boolean differ = false;
    for (int y = 0; y < a.getHeight(); y++) {
      for (int x = 0; x < a.getWidth(); x++) {
        differ |= a.getRGB(x, y) != b.getRGB(x, y);
      }
    }
    assertTrue(differ, "hatch and cross-hatch must differ");
  }
}
