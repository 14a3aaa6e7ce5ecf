package dev.cif.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.embedded.hive.EmbeddedHive;
import dev.cif.testing.CrawlPages;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Pig → CIF → Hive: roundtrip.pig stores a relation with CifStorer and as PigStorage text;
 * pig_pages.sql reads the CIF dataset with a Hive EXTERNAL TABLE. Hive's rows must be the text's rows.
 * (Pig and Hive share this JVM without classpath conflicts; the class still gets a JVM of its own.)
 */
class PigToHiveRoundTripTest {
  private static final Path WORK = Paths.get("target", "examples", "roundtrip").toAbsolutePath();
  private static final Pattern JSON_ENTRY = Pattern.compile("\"([^\"]*)\":(?:\"([^\"]*)\"|null)");

  @Test
  void hiveReadsWhatPigStored() throws Exception {
    PigScripts.deleteTree(WORK);
    String cif = WORK.resolve("pig-pages").toString();
    String text = WORK.resolve("pig-pages-text").toString();
    try (PigScripts pig = new PigScripts(WORK.resolve("pig"))) {
      String input = CrawlPages.write(WORK.resolve("crawl.txt"), 50, 200).toString();
      pig.run("roundtrip.pig", Map.of("input", input, "cif", cif, "text", text));
    }
    List<String> expected = PigText.sortMaps(PigScripts.textOutput(text));
    assertEquals(50, expected.size());

    Map<String, List<String>> answers;
    try (EmbeddedHive hive = new EmbeddedHive(WORK.resolve("hive").toFile(), false)) {
      answers = new HiveScripts(hive).run("roundtrip",
          HiveScripts.text("pig_pages.sql", Map.of("/tmp/cif-examples/pig-pages", cif)));
    }
    List<String> rows = answers.values().iterator().next();
    assertEquals(expected, PigText.sortMaps(asPigText(rows)));
    assertTrue(answers.values().stream().skip(1).allMatch(a -> !a.isEmpty()), "a query gave no answer");
  }

  /** Hive's rows rendered as PigStorage renders them: NULL as empty, maps as [k#v,...]. */
  private static List<String> asPigText(List<String> hiveRows) {
    List<String> out = new ArrayList<>();
    for (String row : hiveRows) {
      List<String> fields = new ArrayList<>();
      for (String f : row.split("\t", -1)) {
        if (f.equals("NULL")) f = "";
        else if (f.startsWith("{") && f.endsWith("}")) {
          List<String> entries = new ArrayList<>();
          Matcher m = JSON_ENTRY.matcher(f);
          while (m.find()) entries.add(m.group(1) + "#" + (m.group(2) == null ? "" : m.group(2)));
          f = "[" + String.join(",", entries) + "]";
        }
        fields.add(f);
      }
      out.add(String.join("\t", fields));
    }
    return out;
  }
}
