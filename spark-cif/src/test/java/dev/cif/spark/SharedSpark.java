package dev.cif.spark;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The one small local Spark session every test class of the module shares (they run in one JVM): two
 * threads, a task may fail once and be retried (local[2,2]), no UI, two shuffle partitions, and no
 * adaptive execution, so that a query's executed plan is the one whose metrics a test reads; with CIF's
 * session extensions (map-key pushdown).
 */
final class SharedSpark {
  private static SparkSession spark;

  private SharedSpark() {}

  static synchronized SparkSession session() {
    if (spark == null) {
      String warehouse;
      try {
        warehouse = newDir("spark-warehouse").toAbsolutePath().toString();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      spark = SparkSession.builder()
          .master("local[2,2]")
          .appName("spark-cif tests")
          .config("spark.ui.enabled", "false")
          .config("spark.sql.shuffle.partitions", "2")
          .config("spark.sql.adaptive.enabled", "false")
          .config("spark.driver.bindAddress", "127.0.0.1")
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.sql.warehouse.dir", warehouse)
          .config("spark.sql.extensions", CifExtensions.class.getName())
          .getOrCreate();
    }
    return spark;
  }

  /** A fresh directory for one test's table, deleted when the JVM exits (cif-testkit's TempDirs). */
  static Path newDir(String name) throws java.io.IOException {
    return dev.cif.testing.TempDirs.create(name);
  }

  /** The CIF scans of an executed plan. */
  static List<BatchScanExec> scans(SparkPlan plan) {
    List<BatchScanExec> out = new java.util.ArrayList<>();
    for (SparkPlan leaf : CollectionConverters.asJava(plan.collectLeaves())) {
      if (leaf instanceof BatchScanExec) out.add((BatchScanExec) leaf);
    }
    return out;
  }

  /** A metric of the plan's only CIF scan (after the plan ran). */
  static long scanMetric(SparkPlan plan, String name) {
    List<BatchScanExec> scans = scans(plan);
    if (scans.size() != 1) throw new AssertionError("expected one scan in " + plan);
    return scans.get(0).metrics().apply(name).value();
  }
}
