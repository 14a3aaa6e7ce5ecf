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
   * Hive's jar for Tez's tasks is kept in CIF's cache, not under Hive's default /user/, which on the local
   * file system only root can create: the directory Hive itself derives from the session's settings is
   * in the cache, and after a Tez query the jar is there.
   */
  @Test
  void hivesJarForTezIsKeptInTheCifCache() throws Exception {
    hive.run("SELECT count(*) FROM (SELECT 1 AS x UNION ALL SELECT 2 AS x) t");
    org.apache.hadoop.fs.Path dest = org.apache.hadoop.hive.ql.exec.tez.DagUtils.getInstance()
        .getDefaultDestDir(org.apache.hadoop.hive.ql.session.SessionState.get().getConf());
    File jars = new File(dest.toUri().getPath());
    assertTrue(jars.toPath().startsWith(EmbeddedHive.hiveJarCache().toPath()), jars + " is not in " + EmbeddedHive.hiveJarCache());
    String[] names = jars.list((d, n) -> n.startsWith("hive-exec-") && n.endsWith(".jar"));
    assertTrue(names != null && names.length > 0, "no hive-exec jar in " + jars);
  }
}
