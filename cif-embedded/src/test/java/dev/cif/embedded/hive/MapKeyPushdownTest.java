package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.conf.CifConf;
import dev.cif.hive.ReadCounters;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Map-key pushdown (cif.hive.map-key-pushdown): Hive's plan says which constant keys of a map column
 * a query reads, and when nothing needs the whole map the CIF reader reads only those keys' values
 * (of keyed DCSL blocks, only their streams). Every query gives ORC's answers with pushdown on and
 * off, vectorized and row by row, on keyed and in-row blocks (Tez local); the task counters show
 * that only the pushed keys' streams were read, and that queries needing whole maps get no pushdown.
 */
class MapKeyPushdownTest extends TezHiveTest {
  private static final String PUSHDOWN = CifConf.HIVE_MAP_KEY_PUSHDOWN.key();

  /** A 3,000-row crawl-like table: 12 header keys (one non-ASCII), some rows with 4, a column naming a key. */
  @BeforeAll
  static void tables() throws Exception {
    hive.set("hive.fetch.task.conversion", "none");
    String rows = "SELECT pos AS id, concat('http://', CASE WHEN pos % 16 = 0 THEN 'www.ibm.com/jp/' ELSE 'example.org/' END, pos) AS url,"
        + " CASE WHEN pos % 3 = 0 THEN 'server' ELSE 'etag' END AS kname,"
        + " CASE WHEN pos % 7 = 0 THEN map('content-type', 'text/plain', 'server', 'gws', 'date', concat('d', pos), 'age', '1')"
        + " ELSE map('content-type', CASE pos % 4 WHEN 0 THEN 'text/html' WHEN 1 THEN 'image/png' ELSE 'text/html; charset=utf-8' END,"
        + " 'server', CASE pos % 3 WHEN 0 THEN 'nginx' WHEN 1 THEN 'Apache' ELSE 'gws' END,"
        + " 'date', concat('Tue, ', pos % 28, ' Mar 2011 ', pos), 'etag', md5(cast(pos % 1500 AS STRING)),"
        + " 'set-cookie', sha2(cast(pos AS STRING), 256), 'x-caché', concat('v', pos % 5), 'vary', 'Accept-Encoding',"
        + " 'cache-control', concat('max-age=', pos % 100), 'content-length', cast(pos * 7 AS STRING),"
        + " 'last-modified', concat('Mon, ', pos % 30), 'connection', 'close', 'x-powered-by', 'PHP/5') END AS m"
        + " FROM (SELECT posexplode(split(space(2999), ' ')) AS (pos, x)) s";
    hive.runAll("CREATE TABLE mk_orc STORED AS ORC AS " + rows,
        "CREATE TABLE mk_cif STORED AS CIF AS SELECT * FROM mk_orc",
        "CREATE TABLE mk_cif_rows STORED AS CIF TBLPROPERTIES ('cif.dcsl.key-streams' = 'false') AS SELECT * FROM mk_orc");
  }

  /** Queries that read constant keys only: pushed. */
  private static final List<String> KEYS = List.of(
      "SELECT m['content-type'], count(*) FROM $t GROUP BY m['content-type']",
      "SELECT count(*) FROM $t WHERE m['server'] = 'nginx'",
      "SELECT id, m['etag'], upper(m['date']) FROM $t WHERE id % 10 = 3",
      "SELECT count(m['no-such-key']), count(*) FROM $t",
      "SELECT m['x-caché'], m['content-type'], count(*) FROM $t WHERE url LIKE '%ibm.com/jp%' GROUP BY m['x-caché'], m['content-type']",
      "SELECT coalesce(m['age'], 'none'), max(length(m['set-cookie'])) FROM $t WHERE m['server'] <> 'Apache' GROUP BY coalesce(m['age'], 'none')",
      "SELECT a.m['server'], count(*) FROM $t a JOIN $t b ON a.m['etag'] = b.m['etag'] WHERE a.id < 2000 GROUP BY a.m['server']");

  /** Queries that need whole maps: not pushed. */
  private static final List<String> WHOLE = List.of(
      "SELECT sum(size(m)) FROM $t",
      "SELECT * FROM $t WHERE id % 500 = 1",
      "SELECT k, count(*) FROM $t LATERAL VIEW explode(m) e AS k, v GROUP BY k",
      "SELECT count(*) FROM $t WHERE m[kname] = 'nginx'",
      "SELECT m['server'], sort_array(map_keys(m)), size(map_values(m)) FROM $t WHERE id < 30");

  /** The rows in sorted order, each map printed with its entries sorted (Hive prints a map in the order its reader gave). */
  private static List<String> run(String query, String table) throws Exception {
    List<String> rows = new java.util.ArrayList<>();
    for (String r : hive.run(query.replace("$t", table))) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{([^{}]*)\\}").matcher(r);
      StringBuilder out = new StringBuilder();
      while (m.find()) {
        List<String> entries = new java.util.ArrayList<>(List.of(m.group(1).split(",(?=\")")));
        java.util.Collections.sort(entries);
        m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement("{" + String.join(",", entries) + "}"));
      }
      m.appendTail(out);
      rows.add(out.toString());
    }
    return EmbeddedHive.sorted(rows);
  }

  private static List<String> runWith(String query, String table, boolean vectorized, boolean pushdown) throws Exception {
    hive.set("hive.vectorized.execution.enabled", Boolean.toString(vectorized));
    hive.set(PUSHDOWN, Boolean.toString(pushdown));
    try {
      return run(query, table);
    } finally {
      hive.set("hive.vectorized.execution.enabled", "true");
      hive.set(PUSHDOWN, "true");
    }
  }

  @Test
  void sameAnswersAsOrcWithPushdownOnAndOff() throws Exception {
    for (String q : KEYS) {
      List<String> orc = run(q, "mk_orc");
      assertFalse(orc.isEmpty(), q);
      assertEquals(orc, runWith(q, "mk_cif", true, true), "vectorized, pushdown: " + q);
      assertEquals(orc, runWith(q, "mk_cif", true, false), "vectorized, no pushdown: " + q);
      assertEquals(orc, runWith(q, "mk_cif", false, true), "row by row, pushdown: " + q);
      assertEquals(orc, runWith(q, "mk_cif_rows", true, true), "in-row blocks, pushdown: " + q);
    }
    // Nothing is pushed for these (the counters test checks it), so the setting changes nothing here.
    for (String q : WHOLE) {
      List<String> orc = run(q, "mk_orc");
      assertFalse(orc.isEmpty(), q);
      assertEquals(orc, runWith(q, "mk_cif", true, true), "vectorized: " + q);
      assertEquals(orc, runWith(q, "mk_cif", false, true), "row by row: " + q);
    }
  }

  /** Counters are read from MR's job statistics (the session keeps no Tez counters): these statements run on MR. */
  private static void onMr(org.junit.jupiter.api.function.Executable body) throws Throwable {
    hive.set("hive.execution.engine", "mr");
    try {
      body.execute();
    } finally {
      hive.set("hive.execution.engine", "tez");
    }
  }

  private static long counter(String name) { return hive.lastStatementCounter(ReadCounters.GROUP, name); }

  @Test
  void oneKeyReadsOnlyItsStream() throws Throwable {
    onMr(MapKeyPushdownTest::oneKey);
  }

  private static void oneKey() throws Exception {
    String q = "SELECT m['content-type'], count(*) FROM mk_cif GROUP BY m['content-type']";
    for (boolean vectorized : new boolean[] {true, false}) {
      String mode = vectorized ? "vectorized" : "row by row";
      runWith(q, "mk_cif", vectorized, false);
      long wholeStreams = counter(ReadCounters.MAP_KEY_STREAM_BYTES);
      long wholeBytes = counter(ReadCounters.BYTES_READ);
      assertEquals(0, counter(ReadCounters.MAP_KEYS_PUSHED), mode + ", pushdown off");
      runWith(q, "mk_cif", vectorized, true);
      long key = counter(ReadCounters.keyBytes("m", "content-type"));
      assertEquals(1, counter(ReadCounters.MAP_KEYS_PUSHED), mode);
      assertTrue(key > 0, mode + ": content-type's stream was read");
      assertEquals(key, counter(ReadCounters.MAP_KEY_STREAM_BYTES), mode + ": no other key's stream was read");
      if (vectorized) {
        // Without pushdown the batch path fills every map whole: every key's stream.
        assertTrue(key * 20 < wholeStreams, mode + ": " + key + " of " + wholeStreams + " stream bytes");
        assertTrue(counter(ReadCounters.BYTES_READ) * 3 < wholeBytes, mode + ": " + counter(ReadCounters.BYTES_READ) + " of " + wholeBytes);
      } else {
        // Row by row, the lazy map already read one key's stream (getMapValueElement); pushdown reads no more.
        assertEquals(key, wholeStreams, mode);
        assertEquals(wholeBytes, counter(ReadCounters.BYTES_READ), mode);
      }
    }
  }

  @Test
  void aMissingKeyReadsNoStreamAndWholeMapQueriesGetNoPushdown() throws Throwable {
    onMr(MapKeyPushdownTest::missingKeyAndWholeMaps);
  }

  private static void missingKeyAndWholeMaps() throws Exception {
    hive.run("SELECT count(m['no-such-key']) FROM mk_cif");
    assertEquals(1, counter(ReadCounters.MAP_KEYS_PUSHED));
    assertEquals(0, counter(ReadCounters.MAP_KEY_STREAM_BYTES));
    hive.run("SELECT m['server'], m['etag'] FROM mk_cif WHERE id < 100");
    assertEquals(2, counter(ReadCounters.MAP_KEYS_PUSHED));
    assertEquals(counter(ReadCounters.keyBytes("m", "server")) + counter(ReadCounters.keyBytes("m", "etag")),
        counter(ReadCounters.MAP_KEY_STREAM_BYTES));
    for (String q : WHOLE) {
      hive.run(q.replace("$t", "mk_cif"));
      assertEquals(0, counter(ReadCounters.MAP_KEYS_PUSHED), q);
      assertTrue(counter(ReadCounters.BYTES_READ) > 0, q);
    }
  }
}
