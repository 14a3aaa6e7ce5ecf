package dev.cif.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Projection, nested-field pruning and filter pushdown, each checked by what the scan read (its
 * cifBytesRead and cifRowsScanned metrics) as well as by the answer.
 */
class PushdownTest {
  private static final long ROWS = 20_000;
  private static String table;

  @BeforeAll
  static void write() throws Exception {
    table = SharedSpark.newDir("pushdown").toString();
    // Sorted on id, in small blocks: a range of ids lies in few blocks, whose statistics tell.
    SharedSpark.session().sql("SELECT id, concat('name-', id, '-', repeat('x', 40)) AS name, id * 2.5D AS score,"
        + " named_struct('a', CAST(id AS INT), 'b', repeat('y', 60)) AS st FROM range(0, " + ROWS + ")")
        .coalesce(1).write().format("cif").mode("append").option("cif.block.bytes", "4096").save(table);
  }

  private static Dataset<Row> read() { return SharedSpark.session().read().format("cif").load(table); }

  /** Runs the query; returns its rows and the executed plan (whose metrics are then filled). */
  private static SparkPlan run(Dataset<Row> q, List<Row> into) {
    into.addAll(q.collectAsList());
    return q.queryExecution().executedPlan();
  }

  @Test
  void aProjectionReadsOnlyItsColumns() {
    List<Row> all = new java.util.ArrayList<>();
    long allBytes = SharedSpark.scanMetric(run(read(), all), ReadMetrics.BYTES);
    List<Row> ids = new java.util.ArrayList<>();
    SparkPlan plan = run(read().select("id"), ids);
    long idBytes = SharedSpark.scanMetric(plan, ReadMetrics.BYTES);
    assertEquals(ROWS, ids.size());
    assertEquals(ROWS, all.size());
    assertTrue(idBytes > 0 && idBytes * 5 < allBytes, "id alone read " + idBytes + " B, every column " + allBytes + " B");
  }

  @Test
  void aStructIsPrunedToTheFieldsRead() {
    Dataset<Row> q = read().selectExpr("st.a");
    List<Row> rows = new java.util.ArrayList<>();
    SparkPlan plan = run(q, rows);
    BatchScanExec scan = SharedSpark.scans(plan).get(0);
    StructType st = (StructType) scan.scan().readSchema().apply("st").dataType();
    assertEquals(List.of("a"), List.of(st.fieldNames()));
    assertEquals(ROWS, rows.size());
    assertEquals(ROWS * (ROWS - 1) / 2, rows.stream().mapToLong(r -> r.getInt(0)).sum());
  }

  @Test
  void aRangeFilterSkipsTheBlocksOutsideIt() {
    List<Row> full = new java.util.ArrayList<>();
    SparkPlan fullPlan = run(read().select("id", "name").where("id % 1000 = 7"), full);
    long fullBytes = SharedSpark.scanMetric(fullPlan, ReadMetrics.BYTES);
    assertEquals(ROWS, SharedSpark.scanMetric(fullPlan, ReadMetrics.ROWS), "a filter statistics cannot judge reads every row");
    assertEquals(ROWS / 1000, full.size());

    List<Row> some = new java.util.ArrayList<>();
    Dataset<Row> q = read().select("id", "name").where("id >= 5000 AND id < 5100");
    SparkPlan plan = run(q, some);
    long bytes = SharedSpark.scanMetric(plan, ReadMetrics.BYTES);
    long scanned = SharedSpark.scanMetric(plan, ReadMetrics.ROWS);
    assertEquals(100, some.size());
    for (Row r : some) assertTrue(r.getLong(0) >= 5000 && r.getLong(0) < 5100);
    // The 100 rows lie in one or two blocks of id (of some thousand rows each).
    assertTrue(scanned < ROWS / 5, "rows scanned " + scanned);
    assertTrue(bytes * 4 < fullBytes, "filtered read " + bytes + " B, full read " + fullBytes + " B");
    String explain = plan.toString();
    assertTrue(explain.contains("CifPredicate: (NOT id IS NULL AND id >= 5000 AND id < 5100)"), explain);
  }

  /**
   * Laziness: a filter CIF cannot judge keeps one row of 20,000 (in one batch of five); the other
   * batches' name values are never asked for, so their blocks are never read, against a filter that keeps
   * a row in every batch.
   */
  @Test
  void aBatchWhoseRowsAllFailTheFilterIsNotDecoded() {
    List<Row> one = new java.util.ArrayList<>();
    SparkPlan lazyPlan = run(read().select("id", "name").where("id % 20000 = 12345"), one);
    List<Row> many = new java.util.ArrayList<>();
    SparkPlan eagerPlan = run(read().select("id", "name").where("id % 1000 = 7"), many);
    assertEquals(1, one.size());
    assertEquals(20, many.size());
    long lazy = SharedSpark.scanMetric(lazyPlan, ReadMetrics.BYTES);
    long eager = SharedSpark.scanMetric(eagerPlan, ReadMetrics.BYTES);
    assertEquals(ROWS, SharedSpark.scanMetric(lazyPlan, ReadMetrics.ROWS));
    assertTrue(lazy * 10 < eager * 6, "one batch decoded: " + lazy + " B, every batch: " + eager + " B");
  }

  @Test
  void filtersCifCannotJudgeStayInSparksPlanAndAnswerRight() {
    // A string equality is judged by statistics; the OR with a score range too; IS NULL by null counts.
    Dataset<Row> q = read().select("id").where("name = 'name-42-" + "x".repeat(40) + "' OR (score > 100 AND score <= 105) OR name IS NULL");
    List<Row> rows = new java.util.ArrayList<>();
    SparkPlan plan = run(q, rows);
    // name matches 42; score 102.5 and 105 are 41 and 42.
    assertEquals(List.of(41L, 42L), rows.stream().map(r -> r.getLong(0)).sorted().toList());
    assertTrue(SharedSpark.scanMetric(plan, ReadMetrics.ROWS) < ROWS / 5);
    assertTrue(plan.toString().contains("Filter"), "Spark filters the rows itself: " + plan);
  }

  /**
   * What a task deserializes besides its split: the reader factory (in every task of a scan) and the writer
   * factory (in every write task). Neither may carry the session's Hadoop configuration (about 110 KB, whose
   * readFields took 60 to 300 ms a task): it is broadcast, once per scan or write.
   */
  @Test
  void aTaskCarriesNoHadoopConfiguration() throws Exception {
    SparkPlan plan = run(read().select("id"), new java.util.ArrayList<>());
    int reader = serializedSize(SharedSpark.scans(plan).get(0).scan().toBatch().createReaderFactory());
    StructType rowType = read().schema();
    int writer = serializedSize(new CifBatchWrite(new org.apache.hadoop.fs.Path(table), HadoopConf.of(java.util.Map.of()), "q",
        rowType, List.of(), JobCommit.Mode.APPEND).createBatchWriterFactory(null));
    assertTrue(reader < 16_000, "a scan's reader factory is " + reader + " bytes");
    assertTrue(writer < 16_000, "a write's writer factory is " + writer + " bytes");
  }

  private static int serializedSize(Object o) throws java.io.IOException {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(b)) {
      out.writeObject(o);
    }
    return b.size();
  }

  /**
   * Small split-directories (one per write task) are packed into input partitions as Spark packs small files
   * (maxPartitionBytes, openCostInBytes, bytes per core), not one task each; every row is still read once.
   */
  @Test
  void smallSplitsArePackedIntoFewPartitions() throws Exception {
    String small = SharedSpark.newDir("packed").toString();
    SharedSpark.session().sql("SELECT id FROM range(0, 6000)").repartition(6).write().format("cif").mode("append").save(small);
    Dataset<Row> q = SharedSpark.session().read().format("cif").load(small).selectExpr("count(*)", "sum(id)");
    Row r = q.collectAsList().get(0);
    assertEquals(6000L, r.getLong(0));
    assertEquals(6000L * 5999 / 2, r.getLong(1));
    BatchScanExec scan = SharedSpark.scans(q.queryExecution().executedPlan()).get(0);
    int partitions = scan.scan().toBatch().planInputPartitions().length;
    // Each split counts with the open cost (4 MB), and the bytes per core of the session's 2 threads are then
    // about 12 MB: Spark packs six files of a few KB into 2 partitions the same way (one task per split: 6).
    assertEquals(2, partitions, "six split-directories of a few KB on 2 cores");
    assertEquals(6000, SharedSpark.scanMetric(q.queryExecution().executedPlan(), ReadMetrics.ROWS));
  }
}
