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

  private static String partitions(String sql) {
    return spark().sql(sql).collectAsList().toString();
  }

  /** Each partition of the table at path: p, its rows, its least id. */
  private static String partitionsAt(String path) {
    spark().read().format("cif").load(path).createOrReplaceTempView("dyn");
    return partitions("SELECT p, count(*), min(id) FROM dyn GROUP BY p ORDER BY p");
  }

  /**
   * partitionOverwriteMode=dynamic, as the write's option and as the session's setting, on save(path) and on
   * INSERT OVERWRITE of a catalog table: only the partition directories the write produces are replaced; the
   * option static (or no setting) replaces the whole table.
   */
  @Test
  void dynamicPartitionOverwriteReplacesOnlyThePartitionsWritten() throws Exception {
    String table = SharedSpark.newDir("dynamic").toString();
    spark().sql("SELECT id, CAST(id % 3 AS INT) AS p FROM range(0, 30)").write().format("cif").mode("append")
        .partitionBy("p").save(table);
    spark().sql("SELECT id, 1 AS p FROM range(100, 105)").write().format("cif").mode("overwrite")
        .option("partitionOverwriteMode", "dynamic").partitionBy("p").save(table);
    assertEquals("[[0,10,0], [1,5,100], [2,10,2]]", partitionsAt(table));
    try {
      spark().conf().set("spark.sql.sources.partitionOverwriteMode", "dynamic");
      spark().sql("SELECT id, CAST(2 + id % 2 AS INT) AS p FROM range(200, 204)").write().format("cif").mode("overwrite")
          .partitionBy("p").save(table);
      assertEquals("[[0,10,0], [1,5,100], [2,2,200], [3,2,201]]", partitionsAt(table));

      Path location = SharedSpark.newDir("dynamic-catalog");
      spark().sql("DROP TABLE IF EXISTS cif_dyn");
      spark().sql("CREATE TABLE cif_dyn (id BIGINT, p INT) USING cif PARTITIONED BY (p) LOCATION '" + location.toUri() + "'");
      spark().sql("INSERT INTO cif_dyn SELECT id, CAST(id % 3 AS INT) FROM range(0, 30)");
      spark().sql("INSERT OVERWRITE cif_dyn SELECT id, 0 FROM range(300, 301)");
      assertEquals("[[0,1,300], [1,10,1], [2,10,2]]", partitions("SELECT p, count(*), min(id) FROM cif_dyn GROUP BY p ORDER BY p"));
      spark().sql("DROP TABLE cif_dyn");

      spark().sql("SELECT id, 5 AS p FROM range(500, 503)").write().format("cif").mode("overwrite")
          .option("partitionOverwriteMode", "static").partitionBy("p").save(table);
      assertEquals("[[5,3,500]]", partitionsAt(table));
    } finally {
      spark().conf().unset("spark.sql.sources.partitionOverwriteMode");
    }
    try (Stream<Path> s = Files.list(Path.of(table))) {
      assertEquals(List.of("p=5"), s.map(d -> d.getFileName().toString()).sorted().collect(Collectors.toList()),
          "no staging directory or replaced partition is left");
    }
  }
}
