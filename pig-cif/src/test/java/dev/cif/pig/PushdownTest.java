package dev.cif.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.SplitDirectory;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapred.Counters;
import org.apache.pig.backend.executionengine.ExecJob;
import org.apache.pig.tools.pigstats.JobStats;
import org.apache.pig.tools.pigstats.mapreduce.MRJobStats;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Projection pushdown (column files a script does not use are not read) and map-key pushdown (values
 * of map keys a script does not use are not decoded), each with the same answer as over PigStorage text.
 */
class PushdownTest {
  private static PigHarness h;
  private static String cif;

  @BeforeAll
  static void setUp() throws Exception {
    h = new PigHarness("PushdownTest");
    String text = h.path("crawl.txt");
    cif = h.path("crawl.cif");
    PigHarness.writeText(text, CrawlPagesTwice.textLines());
    CrawlPagesTwice.writeCif(cif);
    h.query("T = LOAD '" + text + "' USING PigStorage('\\t') AS (" + CrawlPagesTwice.PIG_SCHEMA + ");",
        "C = LOAD '" + cif + "' USING dev.cif.pig.CifLoader();");
  }

  @AfterAll
  static void tearDown() { h.close(); }

  /** Bytes read through local FileSystems (every scheme "file" statistics object) while storing alias. */
  private static long bytesReadStoring(String alias, String out) throws IOException {
    long before = localBytesRead();
    h.pig.store(alias, h.path(out), "PigStorage()");
    return localBytesRead() - before;
  }

  @SuppressWarnings("deprecation")
  private static long localBytesRead() {
    long n = 0;
    for (FileSystem.Statistics s : FileSystem.getAllStatistics()) if ("file".equals(s.getScheme())) n += s.getBytesRead();
    return n;
  }

  /** The bytes of one column's files in every split-directory, found through the schema file. */
  private static long columnFileBytes(String column) throws IOException {
    FileSystem fs = FileSystem.getLocal(new org.apache.hadoop.conf.Configuration());
    long n = 0;
    for (org.apache.hadoop.fs.Path dir : DatasetListing.splitDirectories(fs, new org.apache.hadoop.fs.Path(cif))) {
      n += SplitDirectory.open(fs, dir).columnFile(column).getLen();
    }
    assertTrue(n > 0, "no column files for " + column + " under " + cif);
    return n;
  }

  @Test
  void projectionLeavesUnusedColumnFilesUnread() throws Exception {
    long content = columnFileBytes("content");
    h.query("U = FOREACH C GENERATE url;", "UT = FOREACH T GENERATE url;");
    long projected = bytesReadStoring("U", "urls");
    assertTrue(projected < content / 2, "reading url alone read " + projected + " bytes; content files hold " + content);

    h.query("UC = FOREACH C GENERATE url, SIZE(content) AS n;");
    long withContent = bytesReadStoring("UC", "urls-and-sizes");
    assertTrue(withContent >= content, "reading content read only " + withContent + " bytes; its files hold " + content);

    assertEquals(h.rows("UT"), h.rows("U"));
    assertEquals(PigHarness.textOutput(h.path("urls")).size(), CrawlPagesTwice.ROWS);
  }

  private static long mapValuesDecoded(ExecJob job) {
    long n = 0;
    for (JobStats js : job.getStatistics().getJobGraph()) {
      Counters c = ((MRJobStats) js).getHadoopCounters();
      if (c != null) n += c.getGroup(dev.cif.pig.CifLoader.COUNTER_GROUP).getCounter(dev.cif.pig.CifLoader.MAP_VALUES_DECODED);
    }
    return n;
  }

  @Test
  void mapKeyPushdownDecodesOnlyTheKeysUsed() throws Exception {
    h.query("K = FOREACH C GENERATE url, metadata#'content-type' AS ct;",
        "KT = FOREACH T GENERATE url, metadata#'content-type' AS ct;");
    long oneKey = mapValuesDecoded(h.pig.store("K", h.path("one-key"), "PigStorage()"));
    long pagesWithType = CrawlPagesTwice.ROWS - CrawlPagesTwice.ROWS / 7;
    assertEquals(pagesWithType, oneKey, "values decoded for one key");
    assertEquals(h.rows("KT"), h.rows("K"));

    h.query("W = FOREACH C GENERATE url, metadata;", "WT = FOREACH T GENERATE url, metadata;");
    long whole = mapValuesDecoded(h.pig.store("W", h.path("whole-map"), "PigStorage()"));
    assertEquals(CrawlPagesTwice.totalMetadataKeys(), whole, "values decoded for whole maps");
    assertEquals(h.rows("WT"), h.rows("W"));
  }

  @Test
  void twoKeysOfOneMap() throws Exception {
    h.query("K2 = FOREACH C GENERATE metadata#'server' AS s, metadata#'no-such-key' AS none, metadata#'length' AS len;",
        "K2T = FOREACH T GENERATE metadata#'server' AS s, metadata#'no-such-key' AS none, metadata#'length' AS len;");
    long decoded = mapValuesDecoded(h.pig.store("K2", h.path("two-keys"), "PigStorage()"));
    assertEquals(2L * CrawlPagesTwice.ROWS, decoded);
    assertEquals(h.rows("K2T"), h.rows("K2"));
  }

  @Test
  void twoLoadsOfOneDatasetInOneJobKeepTheirOwnProjections() throws Exception {
    h.query("C2 = LOAD '" + cif + "' USING dev.cif.pig.CifLoader();",
        "A = FOREACH C GENERATE url, metadata#'server' AS server;",
        "B = FOREACH C2 GENERATE url, SIZE(content) AS n;",
        "J = JOIN A BY url, B BY url;",
        "T2 = LOAD '" + h.path("crawl.txt") + "' USING PigStorage('\\t') AS (" + CrawlPagesTwice.PIG_SCHEMA + ");",
        "AT = FOREACH T GENERATE url, metadata#'server' AS server;",
        "BT = FOREACH T2 GENERATE url, SIZE(content) AS n;",
        "JT = JOIN AT BY url, BT BY url;");
    List<String> expected = h.rows("JT");
    assertEquals(CrawlPagesTwice.ROWS, expected.size());
    assertEquals(expected, h.rows("J"));
  }
}
