package dev.cif.spark.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/cif spark-sql} as a new user meets it: {@code dev.cif.command.Main} (what bin/cif runs) in a
 * JVM of its own, standard output and standard error apart, as a pipe sees them.
 */
class SparkSqlCommandTest {
  record Result(int status, String out, String err) {}

  private static Result cif(Path dir, String... args) throws Exception {
    // Spark's reflection and Netty settings of this JVM too.
    List<String> cmd = dev.cif.testing.ChildJvm.command("-Djdk.reflect", "-Dio.netty");
    cmd.add("-Xmx1g");
    cmd.addAll(List.of("-Djava.io.tmpdir=" + dir, "-cp", System.getProperty("java.class.path"), "dev.cif.command.Main"));
    cmd.addAll(List.of(args));
    File out = dir.resolve("stdout").toFile();
    File err = dir.resolve("stderr").toFile();
    int status = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start().waitFor();
    return new Result(status, Files.readString(out.toPath()), Files.readString(err.toPath()));
  }

  private static Path newDir(String name) throws Exception {
    return dev.cif.testing.TempDirs.create(name);
  }

  @Test
  void help() throws Exception {
    Result r = cif(newDir("help"), "spark-sql", "--help");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().startsWith("usage: cif spark-sql"), r.out());
  }

  /**
   * A script that creates a CIF table, fills it, reads a map key and then fails: the rows and nothing else
   * on standard output, the log's path and one line naming the failed statement on standard error, exit 1.
   */
  @Test
  void scriptRowsOnStdoutFailureOneLine() throws Exception {
    Path dir = newDir("spark-sql");
    Path script = dir.resolve("script.sql");
    Files.writeString(script, "CREATE TABLE t (k INT, m MAP<STRING, INT>) USING cif LOCATION '" + dir.resolve("t").toUri() + "';\n"
        + "INSERT INTO t VALUES (1, map('a', 10, 'b', 11)), (2, map('a', 20));\n"
        + "SELECT k, m['a'], m['b'] FROM t ORDER BY k;\n"
        + "SELECT count(*) FROM no_such_table;\n"
        + "SELECT 'not reached';\n", StandardCharsets.UTF_8);
    Result r = cif(dir, "spark-sql", "-f", script.toString(), "--warehouse", dir.resolve("wh").toString());
    assertEquals("1\t10\t11\n2\t20\tNULL\n", r.out(), r.err());
    assertEquals(1, r.status(), r.err());
    List<String> err = r.err().lines().toList();
    assertEquals(2, err.size(), r.err());
    assertTrue(err.get(0).startsWith("cif spark-sql: Spark's log in " + dir.resolve("wh")), r.err());
    assertTrue(err.get(1).startsWith("cif spark-sql: ") && err.get(1).contains("no_such_table"), r.err());
    assertTrue(Files.size(dir.resolve("wh/cif-spark-sql.log")) > 0);
  }
}
