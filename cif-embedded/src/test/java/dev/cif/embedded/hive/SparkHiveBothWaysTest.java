package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Hive and Spark on the same CIF tables, both ways: Hive writes a table {@code STORED AS CIF} with every
 * type the mapping covers (maps with non-string keys, nested structs, arrays of structs, decimals,
 * timestamps, dates, binary, NULLs at every level), and Spark's {@code format("cif")} reads it, in a JVM
 * of its own on spark-cif's test classpath (Hive and Spark cannot share one), checking the schema the
 * mapping gives and every value against the same values computed by Spark SQL. That JVM then writes those
 * Spark values with {@code format("cif")}, and Hive reads the directory as an external CIF table and must
 * find what it wrote itself; and a column of Spark's timestamp (an instant) Hive reads as its UTC wall-clock time.
 */
class SparkHiveBothWaysTest extends EmbeddedHiveTest {
  static final String COLUMNS = "id INT, ti TINYINT, si SMALLINT, i INT, bi BIGINT, f FLOAT, d DOUBLE, amt DECIMAL(10,2),"
      + " w DECIMAL(38,10), b BOOLEAN, s STRING, bin BINARY, dt DATE, ts TIMESTAMP, arr ARRAY<INT>, mi MAP<INT,STRING>,"
      + " mb MAP<BIGINT,DOUBLE>, ms MAP<STRING,DECIMAL(10,2)>,"
      + " st STRUCT<a:INT,b:STRING,c:ARRAY<STRING>,n:STRUCT<x:DATE,y:MAP<INT,TIMESTAMP>>>,"
      + " sa ARRAY<STRUCT<k:BIGINT,v:BINARY>>";
  /** The types of the primitive columns after id, in order: their values are cast to them. */
  static final String[] PRIMITIVES = {"TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "DECIMAL(10,2)",
      "DECIMAL(38,10)", "BOOLEAN", "STRING", "BINARY", "DATE", "TIMESTAMP"};
  static final String NESTED = "named_struct('x', CAST('2020-02-29' AS DATE), 'y', map(7, CAST('2020-01-02 03:04:05.123456' AS TIMESTAMP), 8, NULL))";
  static final String PAIRS = "array(named_struct('k', CAST(5 AS BIGINT), 'v', CAST('xy' AS BINARY)),"
      + " named_struct('k', CAST(NULL AS BIGINT), 'v', CAST(NULL AS BINARY)))";
  /**
   * Each row's values after id, as SQL both Hive and Spark parse (Spark's timestamp being timestamp_ntz).
   * Decimals inside maps have all their digits: Hive folds a cast constant to its narrowest decimal type,
   * and will not widen a map's value type on INSERT.
   */
  static final List<String[]> ROWS = List.of(
      new String[] {"1", "-2", "3", "4000000000", "1.5", "-2.25", "12345.67", "'1234567890123456789012345678.0123456789'",
          "true", "'ab'", "'bin'", "'2020-02-29'", "'2020-01-02 03:04:05.123456'", "array(1, NULL, 3)",
          "map(1, 'one', 2, NULL)", "map(CAST(4000000000 AS BIGINT), CAST(1.5 AS DOUBLE), CAST(-1 AS BIGINT), CAST(NULL AS DOUBLE))",
          "map('a', CAST(12345678.25 AS DECIMAL(10,2)), 'b', CAST(NULL AS DECIMAL(10,2)))",
          "named_struct('a', 1, 'b', 'x', 'c', array('p', NULL), 'n', " + NESTED + ")", PAIRS},
      new String[] {"NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL",
          "if(false, array(1), NULL)", "if(false, map(1, 'one'), NULL)",
          "if(false, map(CAST(1 AS BIGINT), CAST(1 AS DOUBLE)), NULL)", "if(false, map('a', CAST(12345678.01 AS DECIMAL(10,2))), NULL)",
          "if(false, named_struct('a', 1, 'b', 'x', 'c', array('p'), 'n', " + NESTED + "), NULL)", "if(false, " + PAIRS + ", NULL)"},
      new String[] {"-128", "32767", "-5", "-1", "0", "1e300", "-0.01", "'-0.0000000001'", "false", "''", "''", "'1969-12-31'",
          "'1969-12-31 23:59:59.999999'", "array_remove(array(0), 0)", "map(3, 'three')",
          "map(CAST(0 AS BIGINT), CAST(0 AS DOUBLE))", "map('', CAST(-12345678.01 AS DECIMAL(10,2)))",
          "named_struct('a', CAST(NULL AS INT), 'b', CAST(NULL AS STRING), 'c', if(false, array('p'), NULL),"
              + " 'n', if(false, " + NESTED + ", NULL))", "array(named_struct('k', CAST(-7 AS BIGINT), 'v', CAST('' AS BINARY)))"});

  @Test
  void hiveWritesSparkReadsAndSparkWritesHiveReads() throws Exception {
    hive.run("CREATE TABLE hw (" + COLUMNS + ") STORED AS CIF");
    List<String> sparkSelects = new ArrayList<>();
    for (int r = 0; r < ROWS.size(); r++) {
      String select = select(r + 1, ROWS.get(r));
      hive.run("INSERT INTO hw " + select);
      sparkSelects.add(sparkSql(select));
    }
    Path work = dev.cif.testing.TempDirs.create("spark-hive");
    Path selects = Files.write(work.resolve("rows.sql"), sparkSelects, StandardCharsets.UTF_8);
    Path sparkTable = work.resolve("sw");
    Path instantTable = work.resolve("si");
    runSparkSide(work, hive.location("hw").toUri().getPath(), sparkTable.toString(), sparkSql(COLUMNS), selects.toString(),
        instantTable.toString());

    hive.run("CREATE EXTERNAL TABLE sw (" + COLUMNS + ") STORED AS CIF LOCATION '" + sparkTable.toUri() + "'");
    List<String> hiveWrote = EmbeddedHive.sorted(hive.run("SELECT * FROM hw"));
    assertEquals(ROWS.size(), hiveWrote.size());
    assertEquals(hiveWrote, EmbeddedHive.sorted(hive.run("SELECT * FROM sw")), "spark -> hive");
    // Map lookups with non-string keys and nested fields through hive-cif's own paths over Spark's files.
    String lookups = "SELECT id, mi[1], mb[4000000000], ms['a'], st.n.y[7], sa[0].k, size(arr) FROM ";
    assertEquals(EmbeddedHive.sorted(hive.run(lookups + "hw")), EmbeddedHive.sorted(hive.run(lookups + "sw")));

    // Spark's timestamp (an instant, timestamp-micros) declared TIMESTAMP in Hive reads as its UTC wall-clock
    // time: the Spark side wrote the instants whose UTC time is hw's ts, under a session zone other than UTC.
    hive.run("CREATE EXTERNAL TABLE si (id INT, tsi TIMESTAMP) STORED AS CIF LOCATION '" + instantTable.toUri() + "'");
    List<String> wallClock = EmbeddedHive.sorted(hive.run("SELECT id, ts FROM hw"));
    assertEquals(wallClock, EmbeddedHive.sorted(hive.run("SELECT id, tsi FROM si")), "spark timestamp -> hive timestamp");
    assertEquals(List.of("1"), hive.run("SELECT id FROM si WHERE tsi = CAST('2020-01-02 03:04:05.123456' AS TIMESTAMP)"));
  }

  private static String select(int id, String[] values) {
    StringBuilder sb = new StringBuilder("SELECT ").append(id);
    for (int i = 0; i < values.length; i++) {
      sb.append(", ").append(i < PRIMITIVES.length ? "CAST(" + values[i] + " AS " + PRIMITIVES[i] + ")" : values[i]);
    }
    return sb.toString();
  }

  /** Hive's timestamp (no zone) is Spark's timestamp_ntz (docs/spark.md, "Types"). */
  private static String sparkSql(String hiveSql) {
    return hiveSql.replaceAll("\\bTIMESTAMP\\b", "TIMESTAMP_NTZ");
  }

  /**
   * Runs spark-cif's SparkSideOfHive in a JVM of its own, with the classpath and JVM options spark-cif's
   * build wrote; its log goes to a file whose lines of differences the failure shows.
   */
  private static void runSparkSide(Path work, String... args) throws IOException, InterruptedException {
    Path target = Path.of(System.getProperty("cif.spark-cif.target"));
    Properties child = new Properties();
    try (InputStream in = Files.newInputStream(target.resolve("test-classes/spark-child.properties"))) {
      child.load(in);
    }
    String classpath = target.resolve("test-classes") + java.io.File.pathSeparator + target.resolve("classes")
        + java.io.File.pathSeparator + Files.readString(target.resolve("test-classpath.txt")).trim();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(Arrays.asList(child.getProperty("jvm.options").trim().split("\\s+")));
    command.addAll(List.of("-Xmx1g", "-Djava.io.tmpdir=" + work, "-cp", classpath, "dev.cif.spark.SparkSideOfHive"));
    command.addAll(Arrays.asList(args));
    Path log = work.resolve("spark-side.log");
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    // A guard against a hung JVM only: the Spark side takes well under a minute.
    boolean done = p.waitFor(3, TimeUnit.MINUTES);
    if (!done) p.destroyForcibly().waitFor();
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    List<String> shown = new ArrayList<>();
    for (String l : lines) if (l.startsWith("hive -> spark") || l.contains("Exception")) shown.add(l);
    assertTrue(done && p.exitValue() == 0, "Spark side " + (done ? "exited " + p.exitValue() : "did not end") + " (" + log + "):\n"
        + String.join("\n", shown.isEmpty() ? lines.subList(Math.max(0, lines.size() - 30), lines.size()) : shown));
  }
}
