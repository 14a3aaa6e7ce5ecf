package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CIF tables written and read by Tez (local mode) give the answers of an ORC copy. */
class TezEngineTest extends TezHiveTest {

  /** Hive's merge stage on Tez (hive.merge.tezfiles): the block-level merge of CifMergeHook leaves one split-directory. */
  @Test
  void hivesMergeStageOnTezLeavesOneSplitDirectory() throws Exception {
    MergeStage.run(hive, "tez");
  }

  @Test
  void insertAndQueryOnTez() throws Exception {
    hive.runAll("CREATE TABLE tz_src (k INT, s STRING, m MAP<STRING,STRING>) STORED AS ORC",
        "INSERT INTO tz_src SELECT 1, 'a', map('c', 'x') UNION ALL SELECT 2, NULL, map('c', 'y') "
            + "UNION ALL SELECT 3, 'a', map('c', CAST(NULL AS STRING)) UNION ALL SELECT 4, 'b', map('d', 'z')",
        "CREATE TABLE tz_cif (k INT, s STRING, m MAP<STRING,STRING>) STORED AS CIF",
        "INSERT INTO tz_cif SELECT * FROM tz_src");
    // The plan is a Tez DAG (vertices Map 1, Reducer 2), not a MapReduce stage.
    String plan = String.join("\n", hive.run("EXPLAIN SELECT s, count(*) FROM tz_cif GROUP BY s"));
    assertTrue(plan.contains("Map 1") && !plan.contains("Map Reduce"), plan);
    // SELECT * is a fetch task; the GROUP BY (a pushed filter, a map lookup) runs as a Tez DAG.
    for (String q : List.of("SELECT * FROM $t", "SELECT s, count(*), sum(k), max(m['c']) FROM $t WHERE k > 1 GROUP BY s")) {
      List<String> expected = EmbeddedHive.sorted(hive.run(q.replace("$t", "tz_src")));
      assertFalse(expected.isEmpty(), q);
      assertEquals(expected, EmbeddedHive.sorted(hive.run(q.replace("$t", "tz_cif"))), q);
    }
  }

  /**
   * One split-directory cut into parts (cif.split.part-bytes): Hive on Tez reads it with one map task per
   * part, vectorized and row by row, and gets the answers of one task. Tez groups splits into as many
   * tasks as its slots and tez.grouping.min-size allow (here one); tez.grouping.split-count overrides that
   * and keeps one task per split when it is at least the number of splits.
   */
  @Test
  void aSplitDirectoryCutIntoPartsIsReadByOneTaskPerPart() throws Exception {
    hive.runAll("CREATE TABLE parts_cif (k INT, s STRING, m MAP<STRING,STRING>) STORED AS CIF "
            + "TBLPROPERTIES ('cif.block.bytes' = '4096', 'cif.codec' = '*:none')",
        "INSERT INTO parts_cif SELECT pos, IF(pos % 9 = 0, NULL, concat('value-', pos)), map('a', concat('a', pos % 5)) "
            + "FROM (SELECT posexplode(split(space(19999), ' ')) AS (pos, x)) g");
    org.apache.hadoop.fs.Path data = hive.location("parts_cif");
    org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.getLocal(SessionConf.of(hive));
    assertEquals(1, dev.cif.Cif.splitDirectories(fs, data).size());
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(SessionConf.of(hive));
    dev.cif.conf.CifConf.COLUMNS.set(conf, "k,s,m");
    dev.cif.conf.CifConf.SPLIT_PART_BYTES.set(conf, 0);
    long projected = dev.cif.mapreduce.SplitPlanner.plan(conf, new org.apache.hadoop.fs.Path[] {data}).get(0).getLength();
    long partBytes = projected / 10 + 1;
    // The last query reads k and s only: its parts are cut by their bytes.
    dev.cif.conf.CifConf.COLUMNS.set(conf, "k,s");
    dev.cif.conf.CifConf.SPLIT_PART_BYTES.set(conf, partBytes);
    int parts = dev.cif.mapreduce.SplitPlanner.plan(conf, new org.apache.hadoop.fs.Path[] {data}).size();
    assertTrue(parts >= 8, parts + " parts");
    List<String> queries = List.of(
        "SELECT k, s, m['a'] FROM parts_cif WHERE k % 7 = 3",
        "SELECT count(*), count(s), sum(k), max(s), min(m['a']) FROM parts_cif",
        "SELECT k, s FROM parts_cif");
    hive.set("hive.fetch.task.conversion", "none");
    hive.set("hive.exec.post.hooks", TezCountersHook.class.getName());
    try {
      List<List<String>> whole = new java.util.ArrayList<>();
      for (String q : queries) whole.add(EmbeddedHive.sorted(hive.run(q)));
      assertEquals(20000, whole.get(2).size());
      assertEquals(1, TezCountersHook.launchedTasks, "one map task for the whole split-directory");
      hive.set(dev.cif.conf.CifConf.SPLIT_PART_BYTES.key(), Long.toString(partBytes));
      hive.set("tez.grouping.split-count", "100");
      for (int i = 0; i < queries.size(); i++) assertEquals(whole.get(i), EmbeddedHive.sorted(hive.run(queries.get(i))), queries.get(i));
      // The last query is map-only: its DAG's tasks are the map tasks, one per part.
      assertEquals(parts, TezCountersHook.launchedTasks, "map tasks");
      // Row by row (lazy records instead of batches), the same.
      hive.set("hive.vectorized.execution.enabled", "false");
      assertEquals(whole.get(2), EmbeddedHive.sorted(hive.run(queries.get(2))), queries.get(2));
      assertEquals(parts, TezCountersHook.launchedTasks, "map tasks, not vectorized");
    } finally {
      hive.set("hive.vectorized.execution.enabled", "true");
      hive.set("hive.fetch.task.conversion", "more");
      hive.set("hive.exec.post.hooks", "");
      hive.set(dev.cif.conf.CifConf.SPLIT_PART_BYTES.key(), dev.cif.conf.CifConf.SPLIT_PART_BYTES.defaultValue().toString());
      hive.set("tez.grouping.split-count", "0"); // 0: Tez groups by its slots and sizes again
    }
  }

  /**
   * Hive's jar for Tez's tasks is kept in CIF's cache, not under Hive's default /user/, which on the local
   * file system only root can create: the directory Hive itself derives from the session's settings is
   * in the cache, and after a Tez query the jar is there.
   */
  @Test
  void hivesJarForTezIsKeptInTheCifCache() throws Exception {
    hive.run("SELECT count(*) FROM (SELECT 1 AS x UNION ALL SELECT 2 AS x) t");
    org.apache.hadoop.fs.Path dest = org.apache.hadoop.hive.ql.exec.tez.DagUtils.getInstance()
        .getDefaultDestDir(SessionConf.ofCurrentSession());
    File jars = new File(dest.toUri().getPath());
    assertTrue(jars.toPath().startsWith(EmbeddedHive.hiveJarCache().toPath()), jars + " is not in " + EmbeddedHive.hiveJarCache());
    // With Hive's classes from the expanded directory (bin/cif, this module's tests) the job jar Tez local copies
    // for every task is one without classes; from the jar (the Hive 4.2 pass), hive-exec itself.
    String jobJar = HiveExecDirectory.onClasspath() ? "no-classes-" : "hive-exec-";
    String[] names = jars.list((d, n) -> n.startsWith(jobJar) && n.endsWith(".jar"));
    assertTrue(names != null && names.length > 0, "no " + jobJar + " jar in " + jars);
    if (HiveExecDirectory.onClasspath()) {
      assertTrue(new File(jars, names[0]).length() < 4096, names[0] + " is not the jar without classes");
    }
  }
}
