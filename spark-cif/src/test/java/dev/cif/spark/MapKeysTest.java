package dev.cif.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.SparkPlan;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Map-key pushdown through the session extension (CifExtensions, PushMapKeys): {@code m['k']} reads only
 * key k of a 12-key DCSL map column, by counted bytes, and EXPLAIN shows the key; a query that uses the
 * whole map as well reads it whole.
 */
class MapKeysTest {
  private static final int ROWS = 5000;
  private static String table;

  @BeforeAll
  static void write() throws Exception {
    table = SharedSpark.newDir("mapkeys").toString();
    StringBuilder map = new StringBuilder("map(");
    for (int k = 0; k < 12; k++) map.append(k == 0 ? "" : ", ").append("'k").append(k).append("', concat('v").append(k).append("-', id, repeat('z', 30))");
    SharedSpark.session().sql("SELECT id, " + map + ") AS m FROM range(0, " + ROWS + ")").coalesce(1)
        .write().format("cif").mode("append").save(table);
  }

  private static Dataset<Row> sql(String q) {
    SharedSpark.session().read().format("cif").load(table).createOrReplaceTempView("maps");
    return SharedSpark.session().sql(q);
  }

  @Test
  void oneKeyReadsOnlyThatKeysStream() {
    Dataset<Row> one = sql("SELECT id, m['k3'] FROM maps");
    List<Row> rows = one.collectAsList();
    SparkPlan plan = one.queryExecution().executedPlan();
    assertEquals(ROWS, rows.size());
    for (Row r : rows) assertEquals("v3-" + r.getLong(0) + "z".repeat(30), r.getString(1));
    assertTrue(plan.toString().contains("MapKeys: {m=[k3]}"), plan.toString());
    long oneKey = SharedSpark.scanMetric(plan, ReadMetrics.BYTES);

    Dataset<Row> whole = sql("SELECT id, m FROM maps");
    assertEquals(ROWS, whole.collectAsList().size());
    long all = SharedSpark.scanMetric(whole.queryExecution().executedPlan(), ReadMetrics.BYTES);
    assertTrue(oneKey * 3 < all, "m['k3'] read " + oneKey + " B, the whole map " + all + " B");
    assertTrue(SharedSpark.scanMetric(plan, ReadMetrics.KEY_STREAM_BYTES) > 0, "k3's stream was read");
  }

  /** Column pruning puts a Project [m] between the relation and an aggregate of m['k']: the key is still pushed. */
  @Test
  void aKeyReadOnlyInsideAnAggregateIsPushed() {
    Dataset<Row> q = sql("SELECT sum(length(m['k3'])) FROM maps");
    long answer = q.collectAsList().get(0).getLong(0);
    String plan = q.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("MapKeys: {m=[k3]}"), plan);
    long expected = 0;
    for (Row r : sql("SELECT m FROM maps").collectAsList()) {
      String v = r.<String, String>getJavaMap(0).get("k3");
      if (v != null) expected += v.length();
    }
    assertEquals(expected, answer);
  }

  @Test
  void aQueryThatUsesTheWholeMapReadsItWhole() {
    Dataset<Row> q = sql("SELECT m['k3'], size(m) FROM maps WHERE id = 7");
    List<Row> rows = q.collectAsList();
    assertEquals(1, rows.size());
    assertEquals("v3-7" + "z".repeat(30), rows.get(0).getString(0));
    assertEquals(12, rows.get(0).getInt(1));
    assertFalse(q.queryExecution().executedPlan().toString().contains("MapKeys"), q.queryExecution().executedPlan().toString());
  }

  @Test
  void twoKeysAndAFilterOnOne() {
    Dataset<Row> q = sql("SELECT id, m['k1'], m['k11'] FROM maps WHERE m['k1'] = 'v1-42" + "z".repeat(30) + "'");
    List<Row> rows = q.collectAsList();
    assertEquals(1, rows.size());
    assertEquals(42L, rows.get(0).getLong(0));
    assertEquals("v11-42" + "z".repeat(30), rows.get(0).getString(2));
    String plan = q.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("MapKeys: {m=[k1, k11]}") || plan.contains("MapKeys: {m=[k11, k1]}"), plan);
  }

  /**
   * Pushed keys go into Spark's vectors straight from the reader's selected-keys batches (SelectedKeysLoad):
   * null maps, maps without the key, null values and present values, of string and int values, in keyed
   * DCSL blocks, DCSL blocks without key streams and the default layout, read as the whole map reads them.
   */
  @Test
  void pushedKeysReadAsTheWholeMapDoesForEveryKindOfRow() throws Exception {
    String rows = "SELECT id, CASE id % 5 WHEN 0 THEN NULL WHEN 1 THEN map('k2', 'b') WHEN 2 THEN map('k1', NULL, 'k2', 'b')"
        + " ELSE map('k1', concat('a', id), 'k2', 'b', 'k3', 'c') END AS m,"
        + " CASE id % 4 WHEN 0 THEN NULL WHEN 1 THEN map('y', 1) ELSE map('x', CAST(id AS INT), 'y', CAST(NULL AS INT)) END AS mi"
        + " FROM range(0, 3000)";
    String[][] writes = {{"cif.layout", ""}, {"cif.layout", "m:dcsl,mi:dcsl"}, {"cif.dcsl.key-streams", "false"}};
    for (String[] option : writes) {
      String t = SharedSpark.newDir("mapkeys-rows").toString();
      SharedSpark.session().sql(rows).coalesce(1).write().format("cif").option(option[0], option[1]).mode("append").save(t);
      SharedSpark.session().read().format("cif").load(t).createOrReplaceTempView("kinds");
      Dataset<Row> pushed = SharedSpark.session().sql("SELECT id, m['k1'], m['k2'], mi['x'] FROM kinds ORDER BY id");
      Dataset<Row> whole = SharedSpark.session().sql("SELECT id, m['k1'], m['k2'], mi['x'], size(m), size(mi) FROM kinds ORDER BY id");
      List<Row> p = pushed.collectAsList();
      List<Row> w = whole.collectAsList();
      assertTrue(pushed.queryExecution().executedPlan().toString().contains("MapKeys: {"), pushed.queryExecution().executedPlan().toString());
      assertEquals(3000, p.size());
      for (int r = 0; r < p.size(); r++) {
        for (int c = 0; c < 4; c++) assertEquals(w.get(r).get(c), p.get(r).get(c), option[0] + "=" + option[1] + ", row " + r + ", column " + c);
      }
      assertEquals("a3", p.get(3).getString(1));
      assertEquals(2, p.get(2).getInt(3));
    }
  }
}
