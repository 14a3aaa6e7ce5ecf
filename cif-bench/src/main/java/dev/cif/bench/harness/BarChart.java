package dev.cif.bench.harness;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.TexturePaint;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;

/**
 * A grouped bar chart as a PNG, drawn with java.awt so documentation can carry charts without Python:
 * one group per job, one bar per format, each bar labelled with its value. Needs no display
 * ({@code -Djava.awt.headless=true} is set by {@link #write}).
 */
public final class BarChart {

  private static final int WIDTH = 1000;
  private static final int HEIGHT = 560;
  private static final int LEFT = 80;
  private static final int RIGHT = 20;
  private static final int TOP = 50;
  private static final int BOTTOM = 110;
  /** Colour-blind-safe palette (Okabe-Ito), cycled when there are more formats. */
  private static final Color[] PALETTE = {
    new Color(0x0072B2), new Color(0xE69F00), new Color(0x009E73), new Color(0xCC79A7),
    new Color(0x56B4E9), new Color(0xD55E00), new Color(0xF0E442), new Color(0x000000),
  };

  private final String title;
  private final String valueLabel;
  private final List<String> groups;
  private final List<String> series;
  private final double[][] values;

  /** {@code values[g][s]} is the bar of series {@code s} in group {@code g}; NaN leaves a gap. */
  public BarChart(String title, String valueLabel, List<String> groups, List<String> series, double[][] values) {
    if (values.length != groups.size()) {
      throw new IllegalArgumentException(values.length + " value rows for " + groups.size() + " groups");
    }
    for (double[] row : values) {
      if (row.length != series.size()) {
        throw new IllegalArgumentException(row.length + " values for " + series.size() + " series");
      }
    }
    this.title = title;
    this.valueLabel = valueLabel;
    this.groups = List.copyOf(groups);
    this.series = List.copyOf(series);
    this.values = values;
  }

  /** Groups = jobs, series = formats, in first-seen order, for one metric of the results. */
  public static BarChart of(String title, String valueLabel, List<BenchResult> results,
      ToDoubleFunction<BenchResult> metric) {
    List<String> jobs = new ArrayList<>(new LinkedHashSet<>(results.stream().map(BarChart::groupName).toList()));
    List<String> formats = new ArrayList<>(new LinkedHashSet<>(results.stream().map(BenchResult::format).toList()));
    double[][] values = new double[jobs.size()][formats.size()];
    for (double[] row : values) {
      Arrays.fill(row, Double.NaN);
    }
    for (BenchResult r : results) {
      values[jobs.indexOf(groupName(r))][formats.indexOf(r.format())] = metric.applyAsDouble(r);
    }
    return new BarChart(title, valueLabel, jobs, formats, values);
  }

  private static String groupName(BenchResult r) {
    return r.experiment() + " " + r.job();
  }

  public void write(File png) throws IOException {
    System.setProperty("java.awt.headless", "true");
    BufferedImage image = render();
    if (!ImageIO.write(image, "png", png)) {
      throw new IOException("no PNG writer available");
    }
  }

  BufferedImage render() {
    BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, WIDTH, HEIGHT);
      drawFrame(g);
      drawBars(g);
      drawLegend(g);
    } finally {
      g.dispose();
    }
    return image;
  }

  private double maxValue() {
    double max = 0;
    for (double[] row : values) {
      for (double v : row) {
        if (!Double.isNaN(v)) {
          max = Math.max(max, v);
        }
      }
    }
    return max > 0 ? max * 1.12 : 1; // headroom for the value labels
  }

  private void drawFrame(Graphics2D g) {
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    g.drawString(title, LEFT, 28);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    int plotBottom = HEIGHT - BOTTOM;
    g.drawLine(LEFT, TOP, LEFT, plotBottom);
    g.drawLine(LEFT, plotBottom, WIDTH - RIGHT, plotBottom);
    double max = maxValue();
    g.setStroke(new BasicStroke(1f));
    for (int tick = 0; tick <= 4; tick++) {
      double value = max * tick / 4;
      int y = plotBottom - (int) ((plotBottom - TOP) * tick / 4.0);
      g.setColor(new Color(0xDDDDDD));
      g.drawLine(LEFT + 1, y, WIDTH - RIGHT, y);
      g.setColor(Color.BLACK);
      String label = number(value);
      g.drawString(label, LEFT - 6 - g.getFontMetrics().stringWidth(label), y + 4);
    }
    Graphics2D rotated = (Graphics2D) g.create();
    rotated.rotate(-Math.PI / 2);
    rotated.drawString(valueLabel, -(TOP + (plotBottom - TOP) / 2) - rotated.getFontMetrics().stringWidth(valueLabel) / 2, 16);
    rotated.dispose();
  }

  private void drawBars(Graphics2D g) {
    int plotBottom = HEIGHT - BOTTOM;
    double groupWidth = (WIDTH - LEFT - RIGHT) / (double) Math.max(1, groups.size());
    double barWidth = groupWidth * 0.8 / Math.max(1, series.size());
    double max = maxValue();
    FontMetrics metrics = g.getFontMetrics();
    for (int gi = 0; gi < groups.size(); gi++) {
      double groupLeft = LEFT + gi * groupWidth + groupWidth * 0.1;
      for (int si = 0; si < series.size(); si++) {
        double v = values[gi][si];
        if (Double.isNaN(v)) {
          continue;
        }
        int x = (int) (groupLeft + si * barWidth);
        int h = (int) ((plotBottom - TOP) * v / max);
        g.setPaint(paint(si));
        g.fillRect(x, plotBottom - h, Math.max(1, (int) barWidth - 2), h);
        g.setColor(Color.BLACK);
        g.setFont(g.getFont().deriveFont(10f));
        String label = number(v);
        int labelX = x + ((int) barWidth - 2 - g.getFontMetrics().stringWidth(label)) / 2;
        g.drawString(label, labelX, plotBottom - h - 3);
      }
      g.setFont(g.getFont().deriveFont(12f));
      String name = groups.get(gi);
      int nameX = (int) (LEFT + gi * groupWidth + (groupWidth - metrics.stringWidth(name)) / 2);
      g.drawString(name, nameX, plotBottom + 18);
    }
  }

  private void drawLegend(Graphics2D g) {
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    int x = LEFT;
    int y = HEIGHT - BOTTOM + 50;
    for (int si = 0; si < series.size(); si++) {
      String name = series.get(si);
      int width = 18 + g.getFontMetrics().stringWidth(name) + 20;
      if (x + width > WIDTH - RIGHT) {
        x = LEFT;
        y += 20;
      }
      g.setPaint(paint(si));
      g.fillRect(x, y - 10, 12, 12);
      g.setColor(Color.BLACK);
      g.drawString(name, x + 16, y);
      x += width;
    }
  }

  /**
   * The palette's colours, then the same colours hatched (diagonal stripes on white), then cross-hatched,
   * so up to three times the palette's size of formats stay distinguishable.
   */
  static Paint paint(int series) {
    Color color = PALETTE[series % PALETTE.length];
    int round = series / PALETTE.length;
    if (round == 0) {
      return color;
    }
    BufferedImage tile = new BufferedImage(6, 6, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < 6; y++) {
      for (int x = 0; x < 6; x++) {
        boolean stripe = (x + y) % 6 < 3 || (round > 1 && (x - y + 6) % 6 < 2);
        tile.setRGB(x, y, stripe ? color.getRGB() : Color.WHITE.getRGB());
      }
    }
    return new TexturePaint(tile, new Rectangle(0, 0, 6, 6));
  }

  private static String number(double v) {
    if (v == 0) {
      return "0";
    }
    if (v >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    return String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
  }
}
