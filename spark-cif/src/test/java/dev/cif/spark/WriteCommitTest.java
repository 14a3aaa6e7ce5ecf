package dev.cif.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.Cif;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.junit.jupiter.api.Test;

/**
 * Writes through Spark's commit protocol: a task that fails half-way and is retried, a speculative
 * second attempt, a failed job and a failed job commit each leave every row exactly once, or nothing.
 */
class WriteCommitTest {
  private static SparkSession spark() { return SharedSpark.session(); }

  private static long[] ids(String table) {
    return spark().read().format("cif").load(table).select("id").as(Encoders.LONG()).collectAsList().stream()
        .mapToLong(Long::longValue).sorted().toArray();
  }

  private static void assertEveryIdOnce(String table, long n) {
    long[] ids = ids(table);
    assertEquals(n, ids.length, "rows");
    for (int i = 0; i < n; i++) assertEquals(i, ids[i], "the rows 0.." + (n - 1) + ", each once");
  }

  /** The table's visible entries: no staging or attempt directory is left. */
  private static List<String> visibleAndHidden(Path table) throws Exception {
    try (Stream<Path> s = Files.list(table)) {
      return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }

  /** Fails the first attempt of the task of partition 0 after it has written 700 rows. */
  static final MapFunction<Long, Long> FAIL_FIRST_ATTEMPT = x -> {
    TaskContext t = TaskContext.get();
    if (t.partitionId() == 0 && t.attemptNumber() == 0 && x == 700) throw new IllegalStateException("injected failure at row 700");
    return x;
  };

  @Test
  void aTaskThatFailsHalfWayAndIsRetriedWritesEveryRowOnce() throws Exception {
    Path table = SharedSpark.newDir("retried");
    spark().range(0, 2000, 1, 2).map(FAIL_FIRST_ATTEMPT, Encoders.LONG()).toDF("id")
        .write().format("cif").mode("append").save(table.toString());
    assertEveryIdOnce(table.toString(), 2000);
    List<String> entries = visibleAndHidden(table);
    assertEquals(2, entries.size(), "one split-directory per task, nothing else: " + entries);
    assertTrue(entries.stream().allMatch(e -> e.startsWith("part-")), entries.toString());
  }

  static final MapFunction<Long, Long> ALWAYS_FAIL = x -> {
    if (x == 1500) throw new IllegalStateException("injected failure at row 1500");
    return x;
  };

  @Test
  void aFailedJobLeavesNothingVisible() throws Exception {
    Path table = SharedSpark.newDir("failed");
    spark().range(0, 1000).toDF("id").write().format("cif").mode("append").save(table.toString());
    List<String> before = visibleAndHidden(table);
    assertThrows(Exception.class, () -> spark().range(0, 2000, 1, 2).map(ALWAYS_FAIL, Encoders.LONG()).toDF("id")
        .write().format("cif").mode("overwrite").save(table.toString()));
    assertEquals(before, visibleAndHidden(table), "the failed overwrite changed nothing");
    assertEveryIdOnce(table.toString(), 1000);
  }

  @Test
  void overwriteReplacesAndAppendAdds() throws Exception {
    String table = SharedSpark.newDir("modes").toString();
    spark().range(0, 100).toDF("id").write().format("cif").mode("append").save(table);
    spark().range(0, 10).toDF("id").write().format("cif").mode("overwrite").save(table);
    assertEveryIdOnce(table, 10);
    spark().range(10, 30).toDF("id").write().format("cif").mode("append").save(table);
    assertEveryIdOnce(table, 30);
  }

  /**
   * A speculative attempt: two attempts of one task write the same rows; Spark's commit coordinator lets
   * one commit and aborts the other, or both commit their task but only one message reaches the job
   * commit. Driven through the same DataSource V2 calls Spark makes.
   */
  @Test
  void aSpeculativeAttemptNeverDuplicatesRows() throws Exception {
    Path table = SharedSpark.newDir("speculated");
    StructType schema = new StructType().add("id", DataTypes.LongType);
    for (boolean secondCommitsToo : new boolean[] {false, true}) {
      BatchWrite job = batchWrite(table, schema, secondCommitsToo ? "overwrite" : "append");
      DataWriterFactory factory = job.createBatchWriterFactory(new PhysicalWriteInfo() {
        @Override public int numPartitions() { return 2; }
      });
      DataWriter<InternalRow> first = factory.createWriter(0, 10);
      DataWriter<InternalRow> speculative = factory.createWriter(0, 11);
      DataWriter<InternalRow> other = factory.createWriter(1, 12);
      for (long i = 0; i < 500; i++) {
        first.write(new GenericInternalRow(new Object[] {i}));
        speculative.write(new GenericInternalRow(new Object[] {i}));
        other.write(new GenericInternalRow(new Object[] {i + 500}));
      }
      WriterCommitMessage committed = speculative.commit();
      if (secondCommitsToo) first.commit(); // its message is lost: the driver has the speculative one's
      else first.abort();
      WriterCommitMessage otherCommitted = other.commit();
      for (DataWriter<InternalRow> w : List.of(first, speculative, other)) w.close();
      job.commit(new WriterCommitMessage[] {committed, otherCommitted});
      assertEveryIdOnce(table.toString(), 1000);
      List<String> entries = visibleAndHidden(table);
      assertEquals(2, entries.size(), entries.toString());
    }
    FileSystem fs = FileSystem.getLocal(new Configuration());
    assertEquals(2, Cif.splitDirectories(fs, new org.apache.hadoop.fs.Path(table.toString())).size());
  }

  private static BatchWrite batchWrite(Path table, StructType schema, String mode) {
    return batchWrite(table, schema, new Transform[0], mode);
  }

  /** A write job as Spark builds one: mode append, overwrite (truncate) or dynamic (overwriteDynamicPartitions). */
  private static BatchWrite batchWrite(Path table, StructType schema, Transform[] partitioning, String mode) {
    CifTable t = (CifTable) new CifDataSource().getTable(schema, partitioning, Map.of("path", table.toString()));
    LogicalWriteInfo info = new LogicalWriteInfo() {
      private final String id = java.util.UUID.randomUUID().toString();
      @Override public CaseInsensitiveStringMap options() { return CaseInsensitiveStringMap.empty(); }
      @Override public String queryId() { return id; }
      @Override public StructType schema() { return schema; }
    };
    CifWriteBuilder b = (CifWriteBuilder) t.newWriteBuilder(info);
    WriteBuilder w = "overwrite".equals(mode) ? b.truncate() : "dynamic".equals(mode) ? b.overwriteDynamicPartitions() : b;
    return w.build().toBatch();
  }

  /** Every file and directory below the table, relative to it. */
  private static List<String> tree(Path table) throws Exception {
    try (Stream<Path> s = Files.walk(table)) {
      return s.map(p -> table.relativize(p).toString()).sorted().collect(Collectors.toList());
    }
  }

  /**
   * A job commit that fails half-way (the second task's committed split-directory is gone when the commit
   * renames it, after the first task's is in the table and what the write replaces has been moved out)
   * undoes what it did: for a dynamic partition overwrite, an overwrite and an append, the table's files
   * are exactly those before the write.
   */
  @Test
  void aJobCommitThatFailsHalfWayLeavesTheTableAsItWas() throws Exception {
    Path table = SharedSpark.newDir("failedcommit");
    spark().sql("SELECT id, CAST(id % 2 AS INT) AS p FROM range(0, 100)").write().format("cif").mode("append")
        .partitionBy("p").save(table.toString());
    List<String> before = tree(table);
    StructType schema = new StructType().add("id", DataTypes.LongType).add("p", DataTypes.IntegerType);
    FileSystem fs = FileSystem.getLocal(new Configuration());
    for (String mode : List.of("dynamic", "overwrite", "append")) {
      BatchWrite job = batchWrite(table, schema, new Transform[] {Expressions.identity("p")}, mode);
      DataWriterFactory factory = job.createBatchWriterFactory(() -> 2);
      DataWriter<InternalRow> existing = factory.createWriter(0, 1);
      DataWriter<InternalRow> fresh = factory.createWriter(1, 2);
      for (long i = 0; i < 10; i++) {
        existing.write(new GenericInternalRow(new Object[] {i, 1}));
        fresh.write(new GenericInternalRow(new Object[] {i, 2}));
      }
      WriteCommit first = (WriteCommit) existing.commit();
      WriteCommit second = (WriteCommit) fresh.commit();
      assertTrue(fs.delete(new org.apache.hadoop.fs.Path(second.committedDir(), second.splitDirectories().get(0)), true));
      WriterCommitMessage[] messages = {first, second};
      assertThrows(java.io.UncheckedIOException.class, () -> job.commit(messages), mode);
      job.abort(messages);
      assertEquals(before, tree(table), mode + ": the failed commit changed the table");
    }
    assertEveryIdOnce(table.toString(), 100);
  }

  @Test
  void theJobCommitUsesOnlyTheMessagesItIsGiven() throws Exception {
    Path table = SharedSpark.newDir("aborted");
    StructType schema = new StructType().add("id", DataTypes.LongType);
    BatchWrite job = batchWrite(table, schema, "append");
    DataWriterFactory factory = job.createBatchWriterFactory(() -> 1);
    DataWriter<InternalRow> w = factory.createWriter(0, 1);
    w.write(new GenericInternalRow(new Object[] {1L}));
    WriterCommitMessage m = w.commit();
    job.abort(new WriterCommitMessage[] {m});
    assertEquals(List.of(), visibleAndHidden(table), "an aborted job leaves nothing, not even its staging directory");
  }
}
