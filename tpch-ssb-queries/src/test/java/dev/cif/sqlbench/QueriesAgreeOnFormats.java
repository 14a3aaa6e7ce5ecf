package dev.cif.sqlbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    BenchOptions o = BenchOptions.parse(new String[] {workload, "--sf", sf, "--formats",
        FORMATS.stream().map(Format::id).collect(Collectors.joining(",")), "--runs", "1", "--warmups", "0",
        "--dir", dir.getPath(), "--threads", "2"});
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
    assertEquals(o.queries().size() * FORMATS.size(), run.results().size());
    return run;
  }

  /** Queries whose answer has at least one row (the same on every format, once they agree). */
  static long nonEmptyAnswers(BenchRun run) {
    return run.results().stream().filter(r -> r.answer().rows() > 0).count() / FORMATS.size();
  }
}
