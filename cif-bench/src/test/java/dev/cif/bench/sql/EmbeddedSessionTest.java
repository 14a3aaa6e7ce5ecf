package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hive in this JVM as the benchmark runs it. */
class EmbeddedSessionTest {
  /**
   * A map join's hash table is built by a local task in this same JVM. Hive judged it by the whole
   * heap's used bytes, which at SF 1 stood high with other data and garbage, and failed TPC-H Q5 ("return
   * code 3 from MapredLocalTask"). Here 60% of the heap is held while a three-row table is hashed.
   */
  @Test
  void mapJoinIsNotFailedByHeapTheHashTableDoesNotUse() throws Exception {
    File dir = new File("target/sqlbench-test/EmbeddedSessionTest");
    SqlBench.clearSessionDirectories(dir);
    try (SqlSession hive = new EmbeddedSession(new File(dir, "hive"))) {
      hive.set("hive.mapjoin.check.memory.rows", "1"); // check at every row, as it does every 100,000 of a big table
      hive.run("CREATE TABLE d (k INT, name STRING) STORED AS CIF");
      hive.run("INSERT INTO d VALUES (1, 'a'), (2, 'b'), (3, 'a')");
      hive.run("CREATE TABLE f (k INT) STORED AS CIF");
      hive.run("INSERT INTO f VALUES (1), (2), (3), (3)");
      List<byte[]> held = holdHeap(0.6);
      List<String> answer;
      try {
        answer = new ArrayList<>(hive.run("SELECT d.name, count(*) FROM f JOIN d ON f.k = d.k GROUP BY d.name"));
      } finally {
        held.clear();
      }
      answer.sort(null);
      assertEquals(List.of("a\t3", "b\t1"), answer);

      // A hash-table build that does fail is reported with its cause, as a failed map task is.
      hive.set("hive.mapjoin.followby.gby.localtask.max.memory.usage", "0.0001");
      Exception e = assertThrows(Exception.class, () -> hive.run("SELECT d.name, count(*) FROM f JOIN d ON f.k = d.k GROUP BY d.name"));
      String why = QueryFailure.describe(e, hive);
      assertTrue(why.contains("return code 3") && why.contains("; task: MapJoinMemoryExhaustionError"), why);
    }
  }

  /** Keeps byte arrays reachable until the heap's used share reaches {@code fraction}. */
  private static List<byte[]> holdHeap(double fraction) {
    Runtime rt = Runtime.getRuntime();
    List<byte[]> held = new ArrayList<>();
    while ((double) (rt.totalMemory() - rt.freeMemory()) / rt.maxMemory() < fraction) held.add(new byte[16 << 20]);
    return held;
  }
}
