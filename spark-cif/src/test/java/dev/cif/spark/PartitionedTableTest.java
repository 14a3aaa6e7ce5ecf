package dev.cif.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/** Hive-style partition directories written by partitionBy and read back as columns, and tables in the session catalog. */
class PartitionedTableTest {
  private static SparkSession spark() { return SharedSpark.session(); }

  @Test
  void partitionByWritesKeyValueDirectoriesThatReadBackAsColumns() throws Exception {
    Path table = SharedSpark.newDir("partitioned");
    String rows = "SELECT id, concat('v', id) AS v, CAST(id % 3 AS INT) AS p,"
        + " CASE WHEN id % 4 = 0 THEN NULL WHEN id % 4 = 1 THEN 'a/b=c' ELSE concat('q', id % 2) END AS q FROM range(0, 600)";
    spark().sql(rows).write().format("cif").mode("append").partitionBy("p", "q").save(table.toString());

    List<String> dirs;
    try (Stream<Path> s = Files.list(table.resolve("p=1"))) {
      dirs = s.map(d -> d.getFileName().toString()).sorted().collect(Collectors.toList());
    }
    assertEquals(List.of("q=__HIVE_DEFAULT_PARTITION__", "q=a%2Fb%3Dc", "q=q0", "q=q1"), dirs);

    Dataset<Row> back = spark().read().format("cif").load(table.toString());
    assertEquals(List.of("id", "v", "p", "q"), List.of(back.schema().fieldNames()));
    List<String> expected = spark().sql(rows).orderBy("id").collectAsList().stream().map(Row::toString).collect(Collectors.toList());
    List<String> actual = back.orderBy("id").collectAsList().stream().map(Row::toString).collect(Collectors.toList());
    assertEquals(expected, actual);
    // Partition pruning: only p=2/q=a%2Fb%3Dc is read (its 50 rows), then only the default partitions of q.
    Dataset<Row> pruned = back.where("p = 2 AND q = 'a/b=c'").select("id");
    assertEquals(50, pruned.collectAsList().size());
    assertEquals(50, SharedSpark.scanMetric(pruned.queryExecution().executedPlan(), ReadMetrics.ROWS));
    Dataset<Row> nulls = back.where("q IS NULL").select("id");
    assertEquals(150, nulls.collectAsList().size());
    assertEquals(150, SharedSpark.scanMetric(nulls.queryExecution().executedPlan(), ReadMetrics.ROWS));
  }

  @Test
  void createTableUsingCifWorksInTheSessionCatalog() throws Exception {
    Path location = SharedSpark.newDir("catalog");
    spark().sql("DROP TABLE IF EXISTS cif_at");
    spark().sql("CREATE TABLE cif_at (k INT, name STRING, amounts MAP<INT, DOUBLE>) USING cif PARTITIONED BY (k) LOCATION '"
        + location.toUri() + "'");
    spark().sql("INSERT INTO cif_at SELECT CAST(id % 2 AS INT), concat('n', id), map(CAST(id AS INT), id * 1.5D) FROM range(0, 10)");
    spark().sql("INSERT INTO cif_at SELECT 7, 'seven', map(7, 7.0D)");
    List<Row> rows = spark().sql("SELECT k, count(*), max(name) FROM cif_at GROUP BY k ORDER BY k").collectAsList();
    assertEquals("[[0,5,n8], [1,5,n9], [7,1,seven]]", rows.toString());
    assertEquals(13.5D, spark().sql("SELECT amounts[9] FROM cif_at WHERE name = 'n9'").first().getDouble(0));
    assertTrue(Files.isDirectory(location.resolve("k=7")), "Hive-style partition directory k=7");

    spark().sql("DROP TABLE IF EXISTS cif_managed");
    spark().sql("CREATE TABLE cif_managed (id BIGINT, s STRING) USING cif");
    spark().sql("INSERT INTO cif_managed VALUES (1, 'one'), (2, 'two')");
    spark().sql("INSERT OVERWRITE cif_managed VALUES (3, 'three')");
    assertEquals("[[3,three]]", spark().sql("SELECT * FROM cif_managed").collectAsList().toString());
    spark().sql("DROP TABLE cif_managed");
    spark().sql("DROP TABLE cif_at");
  }
}
