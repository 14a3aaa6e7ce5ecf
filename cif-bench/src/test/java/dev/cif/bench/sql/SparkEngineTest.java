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
 * report holding all three with Spark's task metrics.
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
        // Spark's task metrics: the bytes the scans read and the tasks' CPU time, for every format.
        assertTrue(Long.parseLong(cells[8]) > 0 && Long.parseLong(cells[6]) > 0 && cells[10].isEmpty(), row);
      }
    }
  }

  @Test
  void sparkTakesOnlyItsFormatsAndNoHiveOptions() {
    assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"ssb", "--engine", "spark", "--formats", "cif,rcfile"}));
    assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"ssb", "--engine", "spark", "--stats", "on"}));
    assertEquals(List.of("ssb", "--engine", "spark", "--sf", "1"),
        List.of(SqlBench.workloadFirst(new String[] {"--engine", "spark", "ssb", "--sf", "1"})));
  }
}
