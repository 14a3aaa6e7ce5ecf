package dev.cif.bundle.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The Spark bundle as a Spark user adds it: a local Spark 4.2 session whose classpath is Spark's jars (the
 * versions of a Spark installation's jars/) and the bundle, and no other jar of CIF's, writes a table with
 * {@code format("cif")} (LZ4, on Spark's own aircompressor and Avro) and reads it back, with map-key
 * pushdown turned on by {@code spark.sql.extensions} as a cluster's spark-defaults.conf would. CIF's classes
 * are named by string only: the test's compile classpath has them, its run-time classpath only the bundle's.
 */
class SparkBundleIT {
  private static final File BUNDLE = new File(System.getProperty("cif.bundle.jar"));
  private static final int ROWS = 3000;

  @Test
  void cifComesOnlyFromTheBundle() throws Exception {
    assertEquals(BUNDLE.toURI(), codeSource("dev.cif.spark.CifDataSource"));
    assertEquals(BUNDLE.toURI(), codeSource("dev.cif.Cif"));
    List<String> others = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      File f = new File(entry);
      if (f.equals(BUNDLE) || !f.isFile()) continue;
      try (ZipFile zip = new ZipFile(f)) {
        if (zip.getEntry("dev/cif/Cif.class") != null || zip.getEntry("dev/cif/spark/CifDataSource.class") != null) others.add(entry);
      }
    }
    assertTrue(others.isEmpty(), "CIF's classes outside the bundle: " + others);
  }

  @Test
  void writesAndReadsCifWithMapKeyPushdown() throws IOException {
    Path base = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
    String table = Files.createTempDirectory(base, "spark-bundle").resolve("t").toString();
    SparkSession spark = SparkSession.builder()
        .master("local[2]")
        .appName("cif-spark-bundle IT")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.adaptive.enabled", "false")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.warehouse.dir", new File(base.toFile(), "spark-warehouse").getAbsolutePath())
        .config("spark.sql.extensions", "dev.cif.spark.CifExtensions")
        .getOrCreate();
    try {
      StringBuilder map = new StringBuilder("map(");
      for (int k = 0; k < 12; k++) map.append(k == 0 ? "" : ", ").append("'k").append(k).append("', concat('v").append(k).append("-', id)");
      spark.sql("SELECT id, id % 3 AS part, " + map + ") AS m FROM range(0, " + ROWS + ")")
          .write().format("cif").option("cif.codec", "*:lz4").partitionBy("part").mode("overwrite").save(table);

      spark.read().format("cif").load(table).createOrReplaceTempView("t");
      Dataset<Row> q = spark.sql("SELECT id, m['k3'] FROM t WHERE part = 1");
      List<Row> rows = q.collectAsList();
      assertEquals(ROWS / 3, rows.size());
      for (Row r : rows) {
        assertEquals(1, r.getLong(0) % 3);
        assertEquals("v3-" + r.getLong(0), r.getString(1));
      }
      SparkPlan plan = q.queryExecution().executedPlan();
      assertTrue(plan.toString().contains("MapKeys: {m=[k3]}"), plan.toString());
      BatchScanExec scan = (BatchScanExec) CollectionConverters.asJava(plan.collectLeaves()).get(0);
      assertTrue(scan.metrics().apply("cifKeyStreamBytesRead").value() > 0, "no key stream read: " + plan);
      assertEquals(ROWS / 3, scan.metrics().apply("cifRowsScanned").value(), "partition pruning");
    } finally {
      spark.stop();
    }
  }

  private static java.net.URI codeSource(String className) throws Exception {
    return Class.forName(className, false, ClassLoader.getSystemClassLoader()).getProtectionDomain().getCodeSource().getLocation().toURI();
  }
}
