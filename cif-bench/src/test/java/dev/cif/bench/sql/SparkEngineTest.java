package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.embedded.console.Progress;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code bench-sql --engine spark}: SSB at SF 0.01 on Spark SQL over CIF, Parquet and ORC, in a Spark JVM of
 * its own on spark-cif's classpath (as bin/cif starts it), every answer checked across the formats and the
 * report holding all three with the tasks' CPU and the tables' bytes read.
 */
class SparkEngineTest {
  /** spark-cif's classes and test classpath (Spark with it) and JVM options, as SparkHiveBothWaysTest uses them. */
  @BeforeAll
  static void sparkClasspath() throws Exception {
    Path target = Path.of(System.getProperty("cif.spark-cif.target"));
    Properties child = new Properties();
    try (InputStream in = Files.newInputStream(target.resolve("test-classes/spark-child.properties"))) {
      child.load(in);
    }
    System.setProperty(SparkChildSession.CLASSPATH, target.resolve("classes") + File.pathSeparator
        + Files.readString(target.resolve("test-classpath.txt")).trim());
    System.setProperty(SparkChildSession.JVM_OPTIONS, child.getProperty("jvm.options").trim());
  }

  @Test
  void sparkRunsSsbOnCifParquetAndOrcWithAnswersChecked() throws Exception {
    File dir = new File("target/sqlbench-test/SparkEngineTest").getAbsoluteFile();
    File md = new File(dir, "report.md");
    BenchOptions o = BenchOptions.parse(SqlBench.workloadFirst(new String[] {"--engine", "spark", "ssb", "--sf", "0.01", "--runs", "1",
        "--warmups", "0", "--dir", dir.getPath(), "--threads", "2", "--queries", "q1.1,q2.1,q3.1", "--load-warm-up", "0",
        "--md", md.getPath()}));
    assertEquals(BenchOptions.SPARK_FORMATS, o.formats(), "Spark's formats by default");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = SqlBench.run(o, new PrintStream(out, true), Progress.logOnly(new PrintStream(new ByteArrayOutputStream())));
    String report = Files.readString(md.toPath());
    assertEquals(0, status, out + "\n" + report);
    assertTrue(report.contains("Engine: Spark local[2]") && report.contains("Versions: Spark 4.2"), report);
    assertTrue(report.contains("Geomean over the 3 of 3 queries every format answered alike"), report);
    List<String> csv = Files.readAllLines(new File(dir, "report.csv").toPath());
    assertEquals(1 + 3 * 3, csv.size(), String.join("\n", csv));
    for (String format : List.of("cif", "parquet", "orc")) {
      for (String q : List.of("q1.1", "q2.1", "q3.1")) {
        String row = csv.stream().filter(l -> l.startsWith("ssb,0.01," + q + "," + format + ",")).findFirst().orElseThrow();
        String[] cells = row.split(",", -1);
        // The bytes the scans read and the tasks' CPU time, for every format.
        assertTrue(Long.parseLong(cells[8]) > 0 && Long.parseLong(cells[6]) > 0 && cells[10].isEmpty(), row);
      }
    }
  }

  /**
   * Bytes read are the Spark JVM's reads of the tables' files on any thread: a query that reads every column
   * reads about each format's whole files (Spark's task input metrics counted a tenth of Parquet's and ORC's,
   * whose vectored reads complete on other threads), and one CIF column reads just that column's files (and the
   * schema file).
   */
  @Test
  void bytesReadAreTheTablesFilesAsReadOnEveryThread() throws Exception {
    File dir = new File("target/sqlbench-test/SparkEngineTest-bytes").getAbsoluteFile();
    SqlBench.clearSessionDirectories(dir);
    dir.mkdirs();
    try (SparkChildSession spark = new SparkChildSession(dir)) {
      spark.run("CREATE DATABASE bytes LOCATION '" + spark.databaseLocation("bytes", dir) + "'");
      for (String format : List.of("cif", "parquet", "orc")) {
        spark.run("CREATE TABLE bytes.t_" + format + " USING " + format + " AS SELECT /*+ COALESCE(1) */ id AS a,"
            + " id * 7 % 1000 AS b, sha2(CAST(id AS STRING), 256) AS c FROM range(0, 100000)");
        long files = fileBytes(new File(dir, "warehouse/bytes/t_" + format).toPath(), "");
        long before = spark.bytesRead();
        assertEquals(List.of("4999950000\t49950000\t100000"), spark.run("SELECT sum(a), sum(b), count(DISTINCT c) FROM bytes.t_" + format));
        long read = spark.bytesRead() - before;
        assertTrue(read >= files * 0.9 && read <= files * 1.2, format + ": read " + read + " B of " + files + " B of files");
      }
      long before = spark.bytesRead();
      spark.run("SELECT sum(b) FROM bytes.t_cif");
      // The column's files whole, and little more: the split-directory's schema file, which every CIF read opens,
      // and the directory's metadata; none of the other columns' (column a alone is some hundred KB).
      Path cif = new File(dir, "warehouse/bytes/t_cif").toPath();
      long columnFiles = fileBytes(cif, "-b.cif");
      long read = spark.bytesRead() - before;
      assertTrue(columnFiles > 0 && read >= columnFiles && read <= columnFiles + fileBytes(cif, "schema-0000.cif") + 1024,
          "CIF's column b: read " + read + " B, its files " + columnFiles + " B");
    } finally {
      SqlBench.clearSessionDirectories(dir);
    }
  }

  /** The bytes of the files under dir whose names end with suffix, hidden files ('.', '_') left out. */
  private static long fileBytes(Path dir, String suffix) throws java.io.IOException {
    try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile)
          .filter(f -> !f.getFileName().toString().startsWith(".") && !f.getFileName().toString().startsWith("_"))
          .filter(f -> f.getFileName().toString().endsWith(suffix))
          .mapToLong(f -> f.toFile().length()).sum();
    }
  }

  @Test
  void sparkTakesOnlyItsFormatsAndNoHiveOptions() {
    assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"ssb", "--engine", "spark", "--formats", "cif,rcfile"}));
    assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"ssb", "--engine", "spark", "--stats", "on"}));
    assertEquals(List.of("ssb", "--engine", "spark", "--sf", "1"),
        List.of(SqlBench.workloadFirst(new String[] {"--engine", "spark", "ssb", "--sf", "1"})));
  }

  /**
   * What the Spark JVM prints to standard output before main (here -XX:+PrintFlagsFinal's table; a flight recording
   * prints its start) is kept in the log, not read as the protocol: read as one, it stood for lengths and answers,
   * and parent and worker each waited for the other.
   */
  @Test
  void outputBeforeTheWorkersMainIsLoggedNotReadAsAnswers() throws Exception {
    File dir = new File("target/sqlbench-test/SparkEngineTest-stdout").getAbsoluteFile();
    SqlBench.clearSessionDirectories(dir);
    dir.mkdirs();
    String options = System.getProperty(SparkChildSession.JVM_OPTIONS);
    System.setProperty(SparkChildSession.JVM_OPTIONS, options + " -XX:+PrintFlagsFinal");
    try (SparkChildSession spark = new SparkChildSession(dir)) {
      assertEquals(List.of("42"), spark.run("SELECT 6 * 7"));
    } finally {
      System.setProperty(SparkChildSession.JVM_OPTIONS, options);
    }
    assertTrue(Files.readString(new File(dir, "spark.log").toPath()).contains("UseSerialGC"), "the JVM's flags, in the log");
  }
}
