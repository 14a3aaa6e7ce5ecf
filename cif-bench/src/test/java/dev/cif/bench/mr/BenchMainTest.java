package dev.cif.bench.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchMainTest {

  @TempDir File tmp;

  private String execute(String... args) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new BenchMain(new PrintStream(out, true, StandardCharsets.UTF_8)).execute(args);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void generateWritesOneDirectoryPerFormat() throws IOException {
    String out = execute("generate", "crawl", "--rows", "50", "--seed", "9", "--out", tmp.getPath(),
        "--format", "seq-uncomp,seq-custom");
    assertTrue(new File(tmp, "crawl-50r-s9/seq-uncomp").isDirectory(), out);
    assertTrue(new File(tmp, "crawl-50r-s9/seq-custom").isDirectory(), out);
    assertEquals(2, out.lines().count());
  }

  @Test
  void runWritesTableMarkdownCsvAndChart() throws IOException {
    File md = new File(tmp, "fig10.md");
    File csv = new File(tmp, "fig10.csv");
    File png = new File(tmp, "fig10.png");
    String out = execute("run", "fig10", "--rows", "300", "--dir", tmp.getPath(), "--runs", "1",
        "--warmups", "0", "--formats", "seq-uncomp,seq-block", "--baseline", "seq-uncomp",
        "--md", md.getPath(), "--csv", csv.getPath(), "--png", png.getPath());
    assertTrue(out.contains("sel-50%"), out);
    assertTrue(Files.readString(md.toPath()).contains("| fig10 | sel-100% | seq-block |"));
    assertEquals(1 + 4 * 2, Files.readAllLines(csv.toPath()).size());
    BufferedImage image = ImageIO.read(png);
    assertTrue(image.getWidth() > 0 && image.getHeight() > 0);
  }

  /** bin/cif bench: the results alone on standard output; loads and measurements on the log. */
  @Test
  void standardOutputHoldsOnlyTheResults() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    PrintStream logStream = new PrintStream(log, true, StandardCharsets.UTF_8);
    new BenchMain(new PrintStream(out, true, StandardCharsets.UTF_8), logStream, dev.cif.embedded.console.Progress.logOnly(logStream))
        .execute(new String[] {"run", "fig10", "--rows", "300", "--dir", tmp.getPath(), "--runs", "1", "--warmups", "0",
            "--formats", "seq-uncomp,seq-block", "--baseline", "seq-uncomp"});
    java.util.List<String> lines = out.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
    // The conditions line, the table's header, its 8 rows (4 jobs x 2 formats) and the footnote: nothing else.
    assertEquals(11, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).startsWith("Measured "), lines.get(0));
    assertTrue(lines.get(1).startsWith("experiment") && lines.get(10).startsWith("speedup = "), String.join("\n", lines));
    for (String row : lines.subList(2, 10)) assertTrue(row.startsWith("fig10 "), row);
    String steps = log.toString(StandardCharsets.UTF_8);
    assertTrue(steps.contains("loading synthetic") && steps.contains("[  8/8 ") && steps.contains("[8/8] fig10"), steps);
  }

  @Test
  void theLogGoesToTheCommandsDataDirectory() {
    assertEquals(new File("d"), BenchMain.dataDirectory(new String[] {"run", "fig1", "--rows", "5", "--dir", "d"}));
    assertEquals(new File("o"), BenchMain.dataDirectory(new String[] {"generate", "crawl", "--out", "o"}));
    assertEquals(new File(BenchMain.PAPER_DIR), BenchMain.dataDirectory(new String[] {"paper", "--out", "docs/x"}));
  }

  /** The one command behind docs/benchmarks.md, at a tiny scale: every table and all three charts of each. */
  @Test
  void paperWritesEveryTableAndChart() throws IOException {
    File out = new File(tmp, "paper");
    String log = execute("paper", "--scale", "0.004", "--dir", new File(tmp, "data").getPath(), "--out",
        out.getPath(), "--runs", "1", "--warmups", "0", "--cold", "false");
    assertTrue(log.contains("done in"), log);
    for (String table : new String[] {"fig1", "fig1-100k", "fig7", "fig10", "fig11"}) {
      assertTrue(Files.readString(new File(out, table + ".md").toPath()).contains("| cif-sl |"), table);
      assertTrue(new File(out, table + ".csv").length() > 0, table);
      for (String chart : new String[] {".png", "-cpu.png", "-read.png"}) {
        BufferedImage image = ImageIO.read(new File(out, table + chart));
        assertTrue(image.getWidth() > 0, table + chart);
      }
    }
    assertTrue(Files.readString(new File(out, "table2.md").toPath()).contains("| cif-dcsl-zstd |"));
    // The 20-minute default measures the compressed CIF-DCSL variants at 100,000 rows only (the full run: both).
    assertTrue(!Files.readString(new File(out, "fig1.md").toPath()).contains("| cif-dcsl-zstd |"));
    assertTrue(Files.readString(new File(out, "fig1-100k.md").toPath()).contains("| cif-dcsl-zstd |"));
  }

  @Test
  void paperOnlyRegeneratesTheNamedTables() throws IOException {
    File out = new File(tmp, "only");
    execute("paper", "--scale", "0.004", "--dir", new File(tmp, "data").getPath(), "--out", out.getPath(),
        "--runs", "1", "--warmups", "0", "--cold", "false", "--only", "fig11");
    assertTrue(new File(out, "fig11.md").isFile());
    assertTrue(!new File(out, "fig1.md").exists() && !new File(out, "table2.md").exists());
    File fig1 = new File(tmp, "only-fig1");
    execute("paper", "--scale", "0.004", "--dir", new File(tmp, "data").getPath(), "--out", fig1.getPath(),
        "--runs", "1", "--warmups", "0", "--cold", "false", "--only", "fig1");
    assertTrue(Files.readString(new File(fig1, "fig1.md").toPath()).contains("| cif-dcsl-zstd |"),
        "regenerating one table shows all of its formats");
    assertThrows(IllegalArgumentException.class, () -> execute("paper", "--dir", tmp.getPath(), "--out",
        out.getPath(), "--only", "fig99"));
  }

  @Test
  void unknownNamesAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> execute("run", "fig99", "--rows", "1", "--dir", "x"));
    assertThrows(IllegalArgumentException.class, () -> execute("generate", "crawl", "--rows", "1",
        "--out", tmp.getPath(), "--format", "no-such-format"));
    assertThrows(IllegalArgumentException.class, () -> execute("run", "fig1", "--bogus", "1"));
  }
}
