package dev.cif.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.embedded.hive.EmbeddedHive;
import java.io.File;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each HiveQL example (src/main/hive) run twice on one embedded Hive session: as written, and with
 * {@code STORED AS CIF} replaced by a reference format (TEXTFILE or ORC), each run in its own
 * database. Every query must answer, and answer the same over CIF as over the reference copy.
 */
class HiveExamplesTest {
  private static EmbeddedHive hive;
  private static HiveScripts scripts;

  @BeforeAll
  static void setUp() throws Exception {
    File root = new File("target/examples/hive");
    PigScripts.deleteTree(root.toPath());
    hive = new EmbeddedHive(root, false);
    scripts = new HiveScripts(hive);
  }

  @AfterAll
  static void tearDown() throws Exception { hive.close(); }

  /**
   * Runs the script over CIF and over the reference format; checks that the named tables are CIF in
   * the first run and not in the second, and that every query gives the same non-empty answer.
   * @return the answers over CIF
   */
  static Map<String, List<String>> sameAnswers(String script, String reference, String... cifTables) throws Exception {
    String name = script.replace(".sql", "");
    String sql = HiveScripts.text(script, Map.of());
    assertTrue(sql.contains("STORED AS CIF"), script);
    Map<String, List<String>> cif = scripts.run(name + "_cif", sql);
    Map<String, List<String>> ref = scripts.run(name + "_ref",
        HiveScripts.text(script, Map.of("STORED AS CIF", "STORED AS " + reference)));
    for (String t : cifTables) {
      assertTrue(scripts.describe(name + "_cif." + t).contains("dev.cif.hive.CifSerDe"), t + " is not CIF");
      assertFalse(scripts.describe(name + "_ref." + t).contains("dev.cif.hive.CifSerDe"), t + " is CIF in the reference run");
    }
    assertFalse(ref.isEmpty(), script + " has no query");
    assertEquals(ref.keySet(), cif.keySet());
    for (Map.Entry<String, List<String>> e : ref.entrySet()) {
      assertFalse(e.getValue().isEmpty(), "no answer over " + reference + " to: " + e.getKey());
      assertEquals(e.getValue(), cif.get(e.getKey()), e.getKey());
    }
    return cif;
  }

  @Test
  void urlInfoCrawlQuery() throws Exception {
    Map<String, List<String>> cif = sameAnswers("urlinfo.sql", "TEXTFILE", "urlinfo");
    List<String> types = cif.values().iterator().next();
    assertTrue(types.size() > 2 && types.contains("NULL"), "crawl query answer: " + types);
  }

  @Test
  void partitionedLogs() throws Exception {
    Map<String, List<String>> cif = sameAnswers("logs.sql", "TEXTFILE", "logs");
    assertEquals(4, cif.get("SHOW PARTITIONS logs").size());
  }

  @Test
  void nestedComplexTypes() throws Exception { sameAnswers("nested_types.sql", "ORC", "orders_nested"); }

  @Test
  void addColumnsReadsNullInOldSplitDirectories() throws Exception {
    Map<String, List<String>> cif = sameAnswers("add_columns.sql", "TEXTFILE", "events");
    List<String> rows = cif.values().iterator().next();
    assertTrue(rows.stream().anyMatch(r -> r.endsWith("\tNULL\tNULL")), "no old row reads NULL");
    assertTrue(rows.stream().anyMatch(r -> !r.endsWith("\tNULL")), "no new row has values");
  }

  @Test
  void createTableAsSelectFromTextAndOrc() throws Exception {
    sameAnswers("ctas.sql", "TEXTFILE", "sales_cif", "region_month");
    assertTrue(scripts.describe("ctas_cif.sales_orc").contains("OrcSerde"));
  }
}
