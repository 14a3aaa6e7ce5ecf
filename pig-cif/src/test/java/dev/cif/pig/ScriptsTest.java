package dev.cif.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The example scripts under src/test/resources/scripts, each run over CIF (CifLoader, no schema) and
 * over PigStorage text of the same data; the answers must be equal.
 */
class ScriptsTest {
  private static final String TEXT_LOADER = "PigStorage('\\t') AS (" + CrawlData.PIG_SCHEMA + ")";
  private static final String CIF_LOADER = "dev.cif.pig.CifLoader()";
  private static PigHarness h;
  private static String text;
  private static String cif;

  @BeforeAll
  static void setUp() throws Exception {
    h = new PigHarness("ScriptsTest");
    text = h.path("crawl.txt");
    cif = h.path("crawl.cif");
    PigHarness.writeText(text, CrawlData.textLines());
    CrawlData.writeCif(cif);
  }

  @AfterAll
  static void tearDown() { h.close(); }

  /** Runs a script over one input and loader; returns its output directory. */
  private static String run(String script, String input, String loader, String tag) throws IOException {
    String out = h.path(tag + "-" + script.replace(".pig", ""));
    Map<String, String> params = new HashMap<>();
    params.put("input", input);
    params.put("loader", loader);
    params.put("output", out);
    h.runScript(script, params);
    return out;
  }

  private static List<String> sameAnswerOverCifAndText(String script) throws IOException {
    List<String> expected = PigHarness.textOutput(run(script, text, TEXT_LOADER, "text"));
    assertFalse(expected.isEmpty(), script + " gave no answer over text");
    List<String> actual = PigHarness.textOutput(run(script, cif, CIF_LOADER, "cif"));
    assertEquals(expected, actual, script);
    return actual;
  }

  @Test
  void crawlJob() throws Exception {
    List<String> types = sameAnswerOverCifAndText("crawl.pig");
    // Pages under ibm.com/jp are i % 4 in {0, 3}; some lack a content type, so the answer includes an empty line.
    assertEquals(types.size(), types.stream().distinct().count());
  }

  @Test
  void groupJob() throws Exception { sameAnswerOverCifAndText("group.pig"); }

  @Test
  void joinJob() throws Exception {
    assertEquals(CrawlData.ROWS - CrawlData.ROWS / 7, sameAnswerOverCifAndText("join.pig").size());
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
    h.query("A = LOAD '" + fromText + "' USING dev.cif.pig.CifLoader();",
        "B = LOAD '" + fromCif + "' USING dev.cif.pig.CifLoader();");
    List<String> a = h.rows("A");
    assertEquals(CrawlData.ROWS, a.size());
    assertEquals(a, h.rows("B"));
    assertEquals("p__url", h.pig.dumpSchema("B").getFields().get(0).alias);
  }
}
