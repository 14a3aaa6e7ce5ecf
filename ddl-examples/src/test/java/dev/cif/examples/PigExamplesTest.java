package dev.cif.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cif.testing.CrawlPages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Pig Latin examples over CIF (CifLoader, no schema) and over PigStorage text of the same pages:
 * the answers must be equal. The CIF copy is written by load_crawl.pig with CifStorer.
 */
class PigExamplesTest {
  static final int PAGES = 60;
  static final String TEXT_LOADER = "PigStorage('\\t') AS (" + CrawlPages.PIG_SCHEMA + ")";
  static final String CIF_LOADER = "dev.cif.pig.CifLoader()";
  private static final Path WORK = Paths.get("target", "examples", "pig").toAbsolutePath();
  private static PigScripts pig;
  private static String text;
  private static String cif;

  @BeforeAll
  static void setUp() throws Exception {
    PigScripts.deleteTree(WORK);
    pig = new PigScripts(WORK);
    text = CrawlPages.write(WORK.resolve("crawl.txt"), PAGES, 3000).toString();
    cif = WORK.resolve("crawl.cif").toString();
    pig.run("load_crawl.pig", Map.of("input", text, "output", cif, "storer", "dev.cif.pig.CifStorer('metadata:dcsl')"));
  }

  @AfterAll
  static void tearDown() { pig.close(); }

  /** Runs a script over one input and loader; returns its output directory. */
  private static String run(String script, String input, String loader, String tag) throws Exception {
    String out = WORK.resolve(tag + "-" + script.replace(".pig", "")).toString();
    pig.run(script, Map.of("input", input, "loader", loader, "output", out));
    return out;
  }

  private static List<String> sameAnswerOverCifAndText(String script) throws Exception {
    List<String> expected = PigScripts.textOutput(run(script, text, TEXT_LOADER, "text"));
    assertFalse(expected.isEmpty(), script + " gave no answer over text");
    List<String> actual = PigScripts.textOutput(run(script, cif, CIF_LOADER, "cif"));
    assertEquals(expected, actual, script);
    return actual;
  }

  @Test
  void crawlJob() throws Exception {
    List<String> types = sameAnswerOverCifAndText("crawl.pig");
    // Pages under ibm.com/jp have several content types; some have none, which is the empty line.
    assertEquals(types.size(), types.stream().distinct().count());
    assertEquals("", types.get(0));
  }

  @Test
  void groupJob() throws Exception { sameAnswerOverCifAndText("group.pig"); }

  @Test
  void joinJob() throws Exception {
    // Pages without a content type (every seventh) find no partner in the join.
    assertEquals(PAGES - PAGES / 7, sameAnswerOverCifAndText("join.pig").size());
  }

  @Test
  void orderJobKeepsItsOrder() throws Exception {
    String textOut = run("order.pig", text, TEXT_LOADER, "text");
    String cifOut = run("order.pig", cif, CIF_LOADER, "cif");
    List<String> expected = Files.readAllLines(Paths.get(textOut, "part-r-00000"), StandardCharsets.UTF_8);
    assertEquals(10, expected.size());
    assertEquals(expected, Files.readAllLines(Paths.get(cifOut, "part-r-00000"), StandardCharsets.UTF_8));
  }

  @Test
  void joinStoredAsCifReadsBackLikeTheText() throws Exception {
    String fromText = run("store_join.pig", text, TEXT_LOADER, "text");
    String fromCif = run("store_join.pig", cif, CIF_LOADER, "cif");
    // Both CIF outputs, loaded back and stored as text, hold the same rows: one per page.
    List<String> a = asText(fromText);
    assertEquals(PAGES, a.size());
    assertEquals(a, asText(fromCif));
  }

  private static List<String> asText(String cifDataset) throws Exception {
    String out = cifDataset + "-text";
    pig.run("cif_to_text.pig", Map.of("input", cifDataset, "output", out));
    return PigText.sortMaps(PigScripts.textOutput(out));
  }
}
