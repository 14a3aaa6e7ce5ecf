package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code --engine tez} runs the benchmark on Tez local, Hive 4's default engine, and the reason it
 * matters: a shuffle join's map side is vectorized on Tez (a vertex per table) and not on MapReduce
 * (one map task scans both tables, and Hive vectorizes only map work with a single table scan; it
 * vectorizes reduce work on Tez only).
 */
class EngineTest {
  private static final String SHUFFLE_JOIN = "SELECT d.name, count(*) FROM f JOIN d ON f.k = d.k GROUP BY d.name";

  @Test
  void tezRunsTheBenchmarkWithAnswersCheckedAcrossFormats() throws Exception {
    File dir = new File("target/sqlbench-test/EngineTest-tez");
    SqlBench.clearSessionDirectories(dir);
    BenchOptions o = BenchOptions.parse(new String[] {"ssb", "--sf", "0.01", "--formats", "cif,orc", "--runs", "1",
        "--warmups", "1", "--dir", dir.getPath(), "--threads", "2", "--queries", "q1.1,q3.1,q4.1", "--engine", "tez"});
    assertEquals(Engine.TEZ, o.engine());
    assertEquals(Engine.TEZ, BenchOptions.parse(new String[] {"ssb"}).engine(), "Hive 4's default engine is the default");
    assertEquals(Engine.MR, BenchOptions.parse(new String[] {"ssb", "--engine", "mr"}).engine());
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (SqlSession hive = new EmbeddedSession(new File(dir, "hive"), o.engine())) {
      BenchRun run = new BenchRun(o, hive, new PrintStream(log, true)).runAll();
      List<String> failures = run.results().stream().filter(r -> !r.ok())
          .map(r -> r.query() + " " + r.format().id() + ": " + r.error()).collect(Collectors.toList());
      assertEquals(List.of(), failures, log.toString());
      assertEquals(6, run.results().size());
      // The formats take turns: every warm-up before a timed run, the order reversed on every other query.
      assertEquals(List.of("q1.1 cif warm-up", "q1.1 orc warm-up", "q1.1 cif timed", "q1.1 orc timed",
          "q3.1 orc warm-up", "q3.1 cif warm-up", "q3.1 orc timed", "q3.1 cif timed",
          "q4.1 cif warm-up", "q4.1 orc warm-up", "q4.1 cif timed", "q4.1 orc timed"), runsInOrder(log.toString()), log.toString());
      assertEquals(List.of(Format.CIF, Format.ORC), List.copyOf(run.byFormat("q3.1").keySet()), "results in option order");
      // Tez local runs the tasks in this JVM too: the table data they read is counted.
      assertTrue(run.byFormat("q1.1").get(Format.CIF).bytesRead() > 0);
      assertTrue(new BenchReport(run).markdown(null).contains("Engine: tez local"));
      // Every format's tables have column statistics from the load (ANALYZE ... FOR COLUMNS), as DESCRIBE shows.
      for (Format f : List.of(Format.CIF, Format.ORC)) {
        List<String> described = hive.run("DESCRIBE FORMATTED " + run.database(f.id()) + ".lineorder lo_quantity").stream()
            .map(l -> l.trim().replaceAll("\\s+", " ")).collect(Collectors.toList());
        assertTrue(described.contains("min 1") && described.contains("max 50") && described.contains("num_nulls 0"),
            f + ": " + described);
      }

      String plan = explainShuffleJoin(hive);
      assertTrue(plan.contains("Tez") && plan.contains("Map 1") && plan.contains("Map "), plan);
      // Every map vertex (one per table) scans CIF vectorized.
      String[] maps = plan.split("Map Vectorization:");
      assertEquals(3, maps.length, plan);
      for (int i = 1; i < maps.length; i++) assertTrue(maps[i].contains("vectorized: true"), maps[i]);
    }
  }

  @Test
  void mapReduceRunsAShuffleJoinsMapSideRowByRow() throws Exception {
    File dir = new File("target/sqlbench-test/EngineTest-mr");
    SqlBench.clearSessionDirectories(dir);
    try (SqlSession hive = new EmbeddedSession(new File(dir, "hive"), Engine.MR)) {
      String plan = explainShuffleJoin(hive);
      String mapSide = plan.split("Map Vectorization:", 2)[1].split("Reduce Vectorization:", 2)[0];
      assertTrue(plan.contains("Map Reduce") && mapSide.contains("enabled: false"), plan);
      assertTrue(mapSide.contains("Vectorized map work only works with 1 TableScanOperator IS false"), plan);
      // ... and no reduce side is vectorized on MapReduce at all.
      assertTrue(plan.contains("hive.execution.engine mr IN [tez] IS false"), plan);
    }
  }

  /** "QUERY FORMAT warm-up|timed" for each run line of a bench log, in the order they ran. */
  private static List<String> runsInOrder(String log) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^(q\\S+)\\s+(\\S+)\\s+(warm-up|timed) ").matcher(log);
    List<String> runs = new java.util.ArrayList<>();
    while (m.find()) runs.add(m.group(1) + " " + m.group(2) + " " + m.group(3));
    return runs;
  }

  /** A join of two CIF tables planned as a shuffle (common) join, EXPLAIN VECTORIZATION's text. */
  private static String explainShuffleJoin(SqlSession hive) throws Exception {
    hive.run("CREATE TABLE d (k INT, name STRING) STORED AS CIF");
    hive.run("INSERT INTO d VALUES (1, 'a'), (2, 'b'), (3, 'a')");
    hive.run("CREATE TABLE f (k INT) STORED AS CIF");
    hive.run("INSERT INTO f VALUES (1), (2), (3), (3)");
    hive.set("hive.vectorized.execution.enabled", "true");
    hive.set("hive.auto.convert.join", "false");
    List<String> answer = new java.util.ArrayList<>(hive.run(SHUFFLE_JOIN));
    answer.sort(null);
    assertEquals(List.of("a\t3", "b\t1"), answer);
    return String.join("\n", hive.run("EXPLAIN VECTORIZATION " + SHUFFLE_JOIN));
  }
}
