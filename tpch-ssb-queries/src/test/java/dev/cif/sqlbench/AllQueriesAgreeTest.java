package dev.cif.sqlbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * All 13 SSB and 22 TPC-H queries on CIF, ORC and TEXTFILE copies of the same generated data, in one
 * embedded Hive session: every query runs on every format and every format gives the first format's
 * answer (cross-checked by {@link BenchRun}, nothing hard-coded).
 */
class AllQueriesAgreeTest {
  private static final File DIR = new File("target/sqlbench-test");
  private static SqlSession hive;

  @BeforeAll
  static void startHive() throws Exception {
    hive = new EmbeddedSession(new File(DIR, "hive"));
  }

  @AfterAll
  static void stopHive() throws Exception {
    if (hive != null) hive.close();
  }

  private static BenchRun run(String workload, String sf) throws Exception {
    BenchOptions o = BenchOptions.parse(new String[] {workload, "--sf", sf, "--formats", "cif,orc,textfile",
        "--runs", "1", "--warmups", "0", "--dir", DIR.getPath(), "--threads", "2"});
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    BenchRun run = new BenchRun(o, hive, new PrintStream(log, true)).runAll();
    System.out.print(log);
    List<String> failures = run.results().stream().filter(r -> !r.ok())
        .map(r -> r.query() + " " + r.format().id() + ": " + r.error()).collect(Collectors.toList());
    assertEquals(List.of(), failures);
    assertEquals(o.queries().size() * 3, run.results().size());
    return run;
  }

  private static long nonEmpty(BenchRun run) {
    return run.results().stream().filter(r -> r.answer().rows() > 0).count() / 3;
  }

  @Test
  void ssbQueriesAgreeOnEveryFormatAndCifReadsLessThanText() throws Exception {
    BenchRun run = run("ssb", "0.01");
    // Q3.3/Q3.4 select two cities on both sides: at SF 0.01 (20 suppliers) they may well be empty.
    assertTrue(nonEmpty(run) >= 11, nonEmpty(run) + " non-empty answers");
    assertTrue(run.loads().stream().allMatch(l -> l.bytesOnDisk() > 0 && l.millis() > 0), run.loads().toString());
    // Q1.1 needs 4 of lineorder's 17 columns: CIF reads only those, text reads every byte.
    QueryResult cif = run.byFormat("q1.1").get(Format.CIF);
    QueryResult text = run.byFormat("q1.1").get(Format.TEXTFILE);
    assertTrue(cif.bytesRead() > 0 && cif.bytesRead() * 2 < text.bytesRead(), cif.bytesRead() + " vs " + text.bytesRead());
    File md = new File(DIR, "report/ssb.md");
    new BenchReport(run).write(md);
    String report = Files.readString(md.toPath());
    assertTrue(report.contains("| q4.3 |") && report.contains("ratio to orc"), report);
    assertTrue(new File(DIR, "report/ssb-time.png").length() > 0);
  }

  @Test
  void tpchQueriesAgreeOnEveryFormat() throws Exception {
    BenchRun run = run("tpch", "0.01");
    assertTrue(nonEmpty(run) >= 20, nonEmpty(run) + " non-empty answers");
  }
}
