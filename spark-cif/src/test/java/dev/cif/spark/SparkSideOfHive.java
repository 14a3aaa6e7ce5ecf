package dev.cif.spark;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark side of Hive ↔ Spark on the same table, run in its own JVM by cif-embedded's
 * SparkHiveBothWaysTest (Hive and Spark cannot share a classpath). Arguments: the directory of a table
 * Hive wrote {@code STORED AS CIF}, a directory to write, the Spark schema the mapping must give (DDL), and
 * a file of Spark SQL {@code SELECT}s, one row each, with the values Hive was given. It reads Hive's table
 * with {@code format("cif")}, checks its schema and every row against those values, then writes the same
 * values (computed by Spark) with {@code format("cif")} for Hive to read, and, given a fifth argument, a table
 * of Spark timestamps (instants) there. Exit 0 when all is equal; else
 * one line on stderr per difference and exit 1.
 */
public final class SparkSideOfHive {
  private SparkSideOfHive() {}

  /**
   * Spark's timestamp (an instant) for Hive to read: (id, tsi) where tsi is the instant whose UTC wall-clock
   * time is the row's ts (timestamp_ntz), written while the session's time zone is not UTC, so that a reader
   * showing the session's wall-clock time, not UTC's, would differ.
   */
  private static void writeInstants(SparkSession spark, Dataset<Row> rows, Path table) {
    spark.conf().set("spark.sql.session.timeZone", "UTC");
    Dataset<Row> instants = rows.selectExpr("id", "CAST(ts AS TIMESTAMP) AS tsi");
    List<Row> values = instants.collectAsList();
    spark.conf().set("spark.sql.session.timeZone", "America/Los_Angeles");
    spark.createDataFrame(values, instants.schema()).write().format("cif").mode("overwrite").save(table.toUri().toString());
  }

  public static void main(String[] args) throws Exception {
    Path hiveTable = Path.of(args[0]);
    Path sparkTable = Path.of(args[1]);
    StructType expectedSchema = StructType.fromDDL(args[2]);
    List<String> selects = Files.readAllLines(Path.of(args[3]), StandardCharsets.UTF_8);
    SparkSession spark = SparkSession.builder()
        .master("local[1]")
        .appName("spark side of hive")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.extensions", CifExtensions.class.getName())
        .getOrCreate();
    List<String> differences = new ArrayList<>();
    try {
      List<Row> expected = new ArrayList<>();
      for (String select : selects) {
        if (!select.isBlank()) expected.add(spark.sql(select).collectAsList().get(0));
      }
      Dataset<Row> read = spark.read().format("cif").load(hiveTable.toUri().toString());
      if (!read.schema().catalogString().equals(expectedSchema.catalogString())) {
        differences.add("schema: read " + read.schema().catalogString() + ", expected " + expectedSchema.catalogString());
      }
      List<Row> rows = read.orderBy("id").collectAsList();
      if (rows.size() != expected.size()) differences.add("rows: read " + rows.size() + ", expected " + expected.size());
      for (int i = 0; i < Math.min(rows.size(), expected.size()); i++) {
        // Row.equals compares binary by content and decimals by value, nested rows likewise.
        if (!rows.get(i).equals(expected.get(i))) {
          differences.add("row " + i + ": read " + rows.get(i) + ", expected " + expected.get(i));
        }
      }
      // What Spark writes is its own values of the expected rows, typed by the expected schema.
      spark.createDataFrame(expected, expectedSchema).write().format("cif").mode("overwrite")
          .save(sparkTable.toUri().toString());
      if (args.length > 4) writeInstants(spark, spark.createDataFrame(expected, expectedSchema), Path.of(args[4]));
    } finally {
      spark.stop();
    }
    for (String d : differences) System.err.println("hive -> spark: " + d);
    System.exit(differences.isEmpty() ? 0 : 1);
  }
}
