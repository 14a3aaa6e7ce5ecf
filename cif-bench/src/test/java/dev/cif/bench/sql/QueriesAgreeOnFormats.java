package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cif.embedded.hive.HiveShell;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Base of the tests that run a workload's every query on CIF, ORC and TEXTFILE copies of the same
 * generated data in one embedded Hive session per class: every query must run on every format and every
 * format must give the first format's answer (cross-checked by {@link BenchRun}, nothing hard-coded).
 * The two workloads are two classes so that surefire can run them in parallel forks.
 */
abstract class QueriesAgreeOnFormats {
  static final List<Format> FORMATS = List.of(Format.CIF, Format.ORC, Format.TEXTFILE);
  private static SqlSession hive;
  private static File dir;

  @BeforeAll
  static void startHive(org.junit.jupiter.api.TestInfo info) throws Exception {
    dir = new File("target/sqlbench-test/" + info.getTestClass().orElseThrow().getSimpleName());
    SqlBench.clearSessionDirectories(dir);
    hive = new EmbeddedSession(new File(dir, "hive"));
  }

  @AfterAll
  static void stopHive() throws Exception {
    if (hive != null) hive.close();
  }

  static File dir() { return dir; }

  static BenchRun runEveryQuery(String workload, String sf) throws Exception {
    return runEveryQuery(workload, sf, BenchRun.WARM_UP_ROWS, FORMATS);
  }

  /**
   * The same on {@code formats} (the first gives the reference answers), with a load warm-up of at most
   * {@code warmUpRows} rows per format (0: none).
   */
  static BenchRun runEveryQuery(String workload, String sf, long warmUpRows, List<Format> formats) throws Exception {
    BenchOptions o = BenchOptions.parse(new String[] {workload, "--sf", sf, "--formats",
        formats.stream().map(Format::id).collect(Collectors.joining(",")), "--runs", "1", "--warmups", "0",
        // Answers, not plans, are checked here: no ANALYZE statements (EngineTest checks them), to keep the suite short.
        "--dir", dir.getPath(), "--threads", "2", "--engine", "mr", "--stats", "off", "--load-warm-up", Long.toString(warmUpRows)});
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    BenchRun run;
    try {
      run = new BenchRun(o, hive, new PrintStream(log, true)).runAll();
    } finally {
      System.out.print(log);
    }
    List<String> failures = run.results().stream().filter(r -> !r.ok())
        .map(r -> r.query() + " " + r.format().id() + ": " + r.error()).collect(Collectors.toList());
    assertEquals(List.of(), failures);
    assertEquals(o.queries().size() * formats.size(), run.results().size());
    return run;
  }

  /**
   * Issue 9's check on the CIF copy: EXPLAIN VECTORIZATION shows every map work that scans a CIF
   * table vectorized with CIF as a vectorized input format, and (if rowMode) every query gives the
   * same answer with vectorization off (row mode through the SerDe) as on. The vectorized answers
   * are already checked against ORC's and TEXTFILE's by the run itself.
   */
  static void cifScansAreVectorized(BenchRun run, boolean rowMode) throws Exception {
    hive.run("USE " + run.database(Format.CIF.id()));
    List<String> notVectorized = new java.util.ArrayList<>();
    for (String query : run.options().queries()) {
      List<String> statements = HiveShell.statements(run.options().workload().queryScript(query));
      int at = statements.size() - 1;
      while (!statements.get(at).trim().toLowerCase(java.util.Locale.ROOT).matches("(?s)(select|with)\\b.*")) at--;
      String select = statements.get(at);
      for (String s : statements.subList(0, at)) hive.run(s); // the views a query needs
      String plan = String.join("\n", hive.run("EXPLAIN VECTORIZATION " + select));
      for (String work : plan.split("Map Vectorization:")) {
        String head = work.split("Reduce Operator Tree|Map Operator Tree|Reduce Vectorization", 2)[0];
        if (head.contains("inputFileFormats: dev.cif.hive.CifHiveInputFormat")
            && !(head.contains("vectorized: true") && head.contains("hive.vectorized.use.vectorized.input.format IS true"))) {
          notVectorized.add(query + ": " + head.trim());
        }
      }
      if (!plan.contains("inputFileFormats: dev.cif.hive.CifHiveInputFormat")) notVectorized.add(query + ": no CIF scan in " + plan);
      if (rowMode) {
        hive.set("hive.vectorized.execution.enabled", "false");
        try {
          String diff = new Answer(hive.run(select)).difference(run.byFormat(query).get(Format.CIF).answer());
          assertEquals(null, diff, query + " with vectorization off");
        } finally {
          hive.set("hive.vectorized.execution.enabled", "true");
        }
      }
      for (String s : statements.subList(at + 1, statements.size())) hive.run(s);
    }
    assertEquals(List.of(), notVectorized);
  }

  /** Queries whose answer has at least one row (the same on every format, once they agree). */
  static long nonEmptyAnswers(BenchRun run) {
    return run.results().stream().filter(r -> r.answer().rows() > 0).count() / run.options().formats().size();
  }
}
