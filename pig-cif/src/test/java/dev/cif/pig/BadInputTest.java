package dev.cif.pig;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cif.testing.Corruption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;
import org.apache.pig.backend.executionengine.ExecJob;
import org.apache.pig.tools.pigstats.JobStats;
import org.apache.pig.tools.pigstats.PigStats;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Bad input fails with a message that says what is wrong: missing data, corrupt data, a store that cannot fit CIF. */
class BadInputTest {
  private static PigHarness h;
  private static String text;

  @BeforeAll
  static void setUp() throws Exception {
    h = new PigHarness("BadInputTest");
    text = h.path("all.txt");
    PigHarness.writeText(text, AllTypesData.textLines());
    Files.createDirectories(Paths.get(h.path("empty-dir")));
    h.query("T = LOAD '" + text + "' USING PigStorage('\\t') AS (" + AllTypesData.PIG_SCHEMA + ");");
  }

  @AfterAll
  static void tearDown() { h.close(); }

  interface PigAction {
    void run() throws Exception;
  }

  /** Every message of the failure: the exception chain, and for a failed job, Pig's job error. */
  private static String failureOf(PigAction action) {
    try {
      action.run();
    } catch (Exception e) {
      StringBuilder sb = new StringBuilder();
      for (Throwable t = e; t != null; t = t.getCause()) sb.append(t).append('\n');
      PigStats stats = PigStats.get();
      if (stats != null && stats.getErrorMessage() != null) sb.append(stats.getErrorMessage());
      return sb.toString();
    }
    return fail("expected a failure");
  }

  private static String failedStore(String alias, String out, String storer) {
    return failureOf(() -> {
      ExecJob job = h.pig.store(alias, h.path(out), storer);
      if (job.getStatus() == ExecJob.JOB_STATUS.FAILED) {
        StringBuilder sb = new StringBuilder("job failed: ").append(job.getStatistics().getErrorMessage());
        for (JobStats js : job.getStatistics().getJobGraph()) {
          sb.append('\n').append(js.getErrorMessage());
          for (Throwable t = js.getException(); t != null; t = t.getCause()) sb.append('\n').append(t);
        }
        throw new Exception(sb.toString(), job.getException());
      }
    });
  }

  private static void assertMentions(String failure, String... phrases) {
    for (String p : phrases) assertTrue(failure.contains(p), "expected '" + p + "' in:\n" + failure);
  }

  @Test
  void missingPath() {
    String missing = h.path("no-such-dataset");
    String f = failureOf(() -> {
      h.query("M = LOAD '" + missing + "' USING dev.cif.pig.CifLoader();");
      h.rows("M");
    });
    assertMentions(f, "no CIF dataset at", "no-such-dataset");
  }

  @Test
  void directoryWithoutCif() throws Exception {
    String f = failureOf(() -> {
      h.query("N = LOAD '" + h.path("empty-dir") + "' USING dev.cif.pig.CifLoader();");
      h.rows("N");
    });
    assertMentions(f, "no CIF");
  }

  @Test
  void corruptColumnFile() throws Exception {
    String cif = h.path("corrupt.cif");
    AllTypesData.writeCif(cif);
    Path victim;
    try (Stream<Path> files = Files.walk(Paths.get(cif))) {
      victim = files.filter(p -> p.getFileName().toString().endsWith("-s.cif")).findFirst().orElseThrow();
    }
    Corruption.flipMiddleByte(victim);
    h.query("X = LOAD '" + cif + "' USING dev.cif.pig.CifLoader();", "XS = FOREACH X GENERATE id, s;");
    try (LogCapture log = LogCapture.open()) {
      failedStore("XS", "corrupt-out", "PigStorage()");
      assertMentions(log.text(), "checksum mismatch [file " + victim.toUri().toString().replace("file:///", "file:/"), "column s");
    }
  }

  @Test
  void storeWithoutSchema() throws Exception {
    h.query("U = LOAD '" + text + "' USING PigStorage('\\t');");
    assertMentions(failedStore("U", "no-schema", "dev.cif.pig.CifStorer()"), "CifStorer needs the relation's schema");
  }

  @Test
  void storerArgumentNamesAColumnTheRelationLacks() {
    assertMentions(failedStore("T", "bad-column", "dev.cif.pig.CifStorer('nosuch:dcsl')"),
        "names column nosuch, which the relation lacks", "props");
  }

  @Test
  void dcslOnAColumnThatIsNotAMap() {
    assertMentions(failedStore("T", "bad-layout", "dev.cif.pig.CifStorer('s:dcsl')"),
        "layout dcsl is for map columns; column s is string");
  }

  @Test
  void unknownSetting() {
    assertMentions(failedStore("T", "bad-setting", "dev.cif.pig.CifStorer('s:gzip9')"),
        "'gzip9' (for column s) is neither a layout");
  }

  @Test
  void typeCifCannotStore() throws Exception {
    h.query("BD = FOREACH T GENERATE id, (bigdecimal) d AS money;");
    assertMentions(failedStore("BD", "bad-type", "dev.cif.pig.CifStorer()"),
        "cannot store field money of Pig type bigdecimal");
  }
}
