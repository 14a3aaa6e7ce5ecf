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
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.junit.jupiter.api.Test;

/**
 * Writes through Spark's commit protocol: a task that fails half-way and is retried, a speculative
 * second attempt, and a failed job each leave every row exactly once, or nothing.
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
    CifTable t = (CifTable) new CifDataSource().getTable(schema, new Transform[0], Map.of("path", table.toString()));
    LogicalWriteInfo info = new LogicalWriteInfo() {
      private final String id = java.util.UUID.randomUUID().toString();
      @Override public CaseInsensitiveStringMap options() { return CaseInsensitiveStringMap.empty(); }
      @Override public String queryId() { return id; }
      @Override public StructType schema() { return schema; }
    };
    CifWriteBuilder b = (CifWriteBuilder) t.newWriteBuilder(info);
    return ("overwrite".equals(mode) ? b.truncate() : b).build().toBatch();
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
