package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.embedded.console.TaskFailureLog;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A failed query is reported with its task's exception, and a query cut short because the process is
 * exiting is reported as stopped, not failed. (TPC-H Q1 on CIF at SF 1 was recorded as "failed: return
 * code 2 from MapRedTask": the run had been stopped with kill, Hive's shutdown hook killed the job, and
 * the task-side log went to SLF4J's no-op logger, so nothing said which.)
 */
class QueryFailureTest {
  @Test
  void aFailedTaskIsReportedWithItsCause() throws Exception {
    File dir = new File("target/sqlbench-test/QueryFailureTest");
    SqlBench.clearSessionDirectories(dir);
    try (SqlSession hive = new EmbeddedSession(new File(dir, "hive"))) {
      hive.set("hive.fetch.task.conversion", "none"); // the failing expression runs in a map task, not in the driver
      hive.run("CREATE TABLE t (x INT) STORED AS CIF");
      hive.run("INSERT INTO t VALUES (1), (2)");
      Exception e = assertThrows(Exception.class, () -> hive.run("SELECT assert_true(x < 0) FROM t"));
      String why = QueryFailure.describe(e, hive);
      assertTrue(why.startsWith("failed: "), why);
      assertTrue(why.contains("return code 2"), why);
      assertTrue(why.contains("; task: ") && why.contains("ASSERT_TRUE(): assertion failed"), why);
      assertNull(hive.takeTaskFailure(), "a failure is reported once");
    }
  }

  @Test
  void chainOfCausesSkipsWrappersThatRepeatTheirCause() {
    Exception inner = new IllegalStateException("bad block\nsecond line");
    Exception wrapper = new Exception(inner); // message = inner.toString()
    assertEquals("RuntimeException: while processing row / caused by IllegalStateException: bad block",
        TaskFailureLog.describe(new RuntimeException("while processing row", wrapper)));
  }

  @Test
  void exitingIsSeenFromShutdownHooks() throws Exception {
    assertTrue(!QueryFailure.exiting());
    Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
        System.getProperty("java.class.path"), ExitingProbe.class.getName()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    assertEquals(List.of("running: false", "in shutdown hook: true"), out.lines().toList());
  }

  /** Prints what {@link QueryFailure#exiting()} says while running and from a shutdown hook. */
  static final class ExitingProbe {
    public static void main(String[] args) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("in shutdown hook: " + QueryFailure.exiting())));
      System.out.println("running: " + QueryFailure.exiting());
    }
  }
}
