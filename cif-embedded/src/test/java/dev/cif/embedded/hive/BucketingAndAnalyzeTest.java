package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.cif.impl.split.DatasetListing;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Bucketed CIF tables and ANALYZE TABLE, each checked against an ORC copy of the same rows. */
class BucketingAndAnalyzeTest extends EmbeddedHiveTest {
  private static final int BUCKETS = 3;

  @BeforeAll
  static void createTables() throws Exception {
    StringBuilder values = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      values.append(i == 0 ? "" : ", ").append("(").append(i * 7 % 23).append(", ")
          .append(i % 4 == 0 ? "NULL" : "'v" + i % 5 + "'").append(", ").append(i * 1.5).append(")");
    }
    hive.runAll("CREATE TABLE src (k INT, v STRING, d DOUBLE) STORED AS TEXTFILE", "INSERT INTO src VALUES " + values);
    for (String format : List.of("CIF", "ORC")) {
      String t = "b_" + format.toLowerCase();
      hive.runAll("CREATE TABLE " + t + " (k INT, v STRING, d DOUBLE) CLUSTERED BY (k) INTO " + BUCKETS
          + " BUCKETS STORED AS " + format, "INSERT INTO " + t + " SELECT * FROM src");
    }
  }

  private static void assertSameAnswer(String query) throws Exception {
    List<String> expected = EmbeddedHive.sorted(hive.run(query.replace("$t", "b_orc")));
    assertFalse(expected.isEmpty(), query);
    assertEquals(expected, EmbeddedHive.sorted(hive.run(query.replace("$t", "b_cif"))), query);
  }

  @Test
  void eachBucketIsOneSplitDirectoryAndSamplingReadsIt() throws Exception {
    FileSystem fs = FileSystem.getLocal(SessionConf.of(hive));
    Path dir = hive.location("b_cif");
    List<String> names = new ArrayList<>();
    for (Path p : DatasetListing.splitDirectories(fs, dir)) names.add(p.getName());
    assertEquals(List.of("000000_0", "000001_0", "000002_0"), EmbeddedHive.sorted(names));
    assertSameAnswer("SELECT * FROM $t");
    List<String> perBucket = new ArrayList<>();
    for (int b = 1; b <= BUCKETS; b++) {
      String sample = "SELECT k, v FROM $t TABLESAMPLE(BUCKET " + b + " OUT OF " + BUCKETS + " ON k)";
      assertSameAnswer(sample);
      perBucket.add(String.join(",", EmbeddedHive.sorted(hive.run(sample.replace("$t", "b_cif")))));
    }
    // The buckets really split the rows (a sample that read the whole table would repeat it).
    assertNotEquals(perBucket.get(0), perBucket.get(1));
    assertSameAnswer("SELECT k, count(*) FROM $t GROUP BY k");
  }

  @Test
  void analyzeComputesTheSameStatisticsAsOnOrc() throws Exception {
    for (String t : List.of("b_cif", "b_orc")) {
      hive.runAll("ANALYZE TABLE " + t + " COMPUTE STATISTICS", "ANALYZE TABLE " + t + " COMPUTE STATISTICS FOR COLUMNS");
    }
    assertEquals(hive.tableParameter("b_orc", "numRows"), hive.tableParameter("b_cif", "numRows"));
    assertEquals("20", hive.tableParameter("b_cif", "numRows"));
    for (String column : List.of("k", "v", "d")) {
      List<String> orc = hive.run("DESCRIBE FORMATTED b_orc " + column);
      assertEquals(orc, hive.run("DESCRIBE FORMATTED b_cif " + column), column);
      assertFalse(orc.stream().noneMatch(l -> l.startsWith("num_nulls")), orc.toString());
    }
    // The optimizer answers from those statistics alike.
    hive.conf().setBoolean("hive.compute.query.using.stats", true);
    try {
      assertSameAnswer("SELECT count(*), min(k), max(k) FROM $t");
    } finally {
      hive.conf().setBoolean("hive.compute.query.using.stats", false);
    }
  }
}
