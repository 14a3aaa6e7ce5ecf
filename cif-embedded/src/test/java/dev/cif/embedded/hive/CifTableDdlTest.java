package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.hive.CifHiveInputFormat;
import dev.cif.hive.CifHiveOutputFormat;
import dev.cif.hive.CifSerDe;
import dev.cif.mapreduce.ColumnOutputFormat;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;

/** Partitions, schema change and the table DDL over CIF, each checked against a TEXTFILE twin. */
class CifTableDdlTest extends EmbeddedHiveTest {
  /** Runs the statement for the CIF table ($t = name_c) and its TEXTFILE twin ($t = name_t; $f = the format). */
  private static void both(String name, String sql) throws Exception {
    hive.run(sql.replace("$t", name + "_c").replace("$f", "CIF"));
    hive.run(sql.replace("$t", name + "_t").replace("$f", "TEXTFILE"));
  }

  /** Same non-empty rows, sorted here: ORDER BY would make each fetch a MapReduce job. */
  private static void sameAnswer(String name, String query) throws Exception {
    List<String> expected = EmbeddedHive.sorted(hive.run(query.replace("$t", name + "_t")));
    assertFalse(expected.isEmpty(), query);
    assertEquals(expected, EmbeddedHive.sorted(hive.run(query.replace("$t", name + "_c"))), query);
  }

  @Test
  void staticAndDynamicPartitions() throws Exception {
    both("p", "CREATE TABLE $t (k INT, v STRING) PARTITIONED BY (dt STRING) STORED AS $f");
    both("p", "INSERT INTO $t PARTITION (dt = 'd1') VALUES (1, 'a'), (2, NULL)");
    both("p", "INSERT INTO $t PARTITION (dt) SELECT k + 10, v, concat('e', k) FROM $t WHERE dt = 'd1'");
    sameAnswer("p", "SELECT * FROM $t");
    sameAnswer("p", "SHOW PARTITIONS $t");
    sameAnswer("p", "SELECT k, v FROM $t WHERE dt = 'e2'");
    // Small split-directories combined into one split (cif.split.max-bytes) each keep their own partition's values.
    hive.set("cif.split.max-bytes", "1073741824");
    try {
      sameAnswer("p", "SELECT * FROM $t");
      sameAnswer("p", "SELECT dt, count(*) FROM $t GROUP BY dt");
    } finally {
      hive.set("cif.split.max-bytes", "0");
    }
  }

  @Test
  void addColumnsReadsNullFromOlderSplitDirectories() throws Exception {
    both("a", "CREATE TABLE $t (k INT, v STRING) STORED AS $f");
    both("a", "INSERT INTO $t VALUES (1, 'a')");
    both("a", "ALTER TABLE $t ADD COLUMNS (w DOUBLE, tags MAP<STRING,INT>)");
    both("a", "INSERT INTO $t SELECT 2, 'b', 2.5, map('x', 1)");
    sameAnswer("a", "SELECT * FROM $t");
    sameAnswer("a", "SELECT k, w, tags['x'] FROM $t WHERE w IS NULL");
  }

  @Test
  void describeShowCreateTruncateDrop() throws Exception {
    both("d", "CREATE TABLE $t (k INT, v STRING) STORED AS $f");
    both("d", "INSERT INTO $t VALUES (1, 'a'), (2, 'b')");
    String described = String.join("\n", hive.run("DESCRIBE FORMATTED d_c"));
    for (Class<?> c : List.of(CifSerDe.class, CifHiveInputFormat.class, CifHiveOutputFormat.class)) {
      assertTrue(described.contains(c.getName()), described);
    }
    sameAnswer("d", "DESCRIBE $t");

    // SHOW CREATE TABLE gives DDL that Hive accepts again: a second table over the same data.
    String ddl = String.join("\n", hive.run("SHOW CREATE TABLE d_c"));
    assertTrue(ddl.contains(CifSerDe.class.getName()), ddl);
    hive.run(ddl.replace("`d_c`", "`d_again`").replace("'TRUE'", "'FALSE'"));
    assertEquals(EmbeddedHive.sorted(hive.run("SELECT * FROM d_c")), EmbeddedHive.sorted(hive.run("SELECT * FROM d_again")));
    hive.run("DROP TABLE d_again");

    both("d", "TRUNCATE TABLE $t");
    assertEquals(hive.run("SELECT count(*) FROM d_t"), hive.run("SELECT count(*) FROM d_c"));
    both("d", "INSERT INTO $t VALUES (3, 'c')");
    sameAnswer("d", "SELECT * FROM $t");

    Path location = hive.location("d_c");
    both("d", "DROP TABLE $t");
    assertFalse(hive.run("SHOW TABLES").contains("d_c"));
    assertFalse(location.getFileSystem(SessionConf.of(hive)).exists(location), "purged on DROP: " + location);
  }


  /** Data written outside Hive by cif-core's MapReduce output format, read as an EXTERNAL table. */
  @Test
  void externalTableOverColumnOutputFormatData() throws Exception {
    Schema schema = SchemaBuilder.record("page").fields().requiredString("url").optionalInt("n")
        .name("tags").type().map().values().stringType().noDefault().endRecord();
    Path cifDir = new Path(hive.root().getPath(), "ext-cif");
    Path textDir = new Path(hive.root().getPath(), "ext-text");
    FileSystem fs = FileSystem.getLocal(SessionConf.of(hive));
    StringBuilder text = new StringBuilder();
    Job job = Job.getInstance(SessionConf.of(hive));
    ColumnOutputFormat.setSchema(job, schema);
    FileOutputFormat.setOutputPath(job, cifDir);
    TaskAttemptContext ctx = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID("ext", 1, TaskType.MAP, 0, 0));
    ColumnOutputFormat format = new ColumnOutputFormat();
    OutputCommitter committer = format.getOutputCommitter(ctx);
    committer.setupJob(ctx);
    committer.setupTask(ctx);
    RecordWriter<NullWritable, GenericRecord> writer = format.getRecordWriter(ctx);
    for (int i = 0; i < 5; i++) {
      GenericData.Record r = new GenericData.Record(schema);
      Map<String, String> tags = new TreeMap<>();
      for (int j = 0; j < i % 3; j++) tags.put("k" + j, "v" + i + j);
      r.put("url", "http://example.com/" + i);
      r.put("n", i % 2 == 0 ? i : null);
      r.put("tags", tags);
      writer.write(NullWritable.get(), r);
      // The same row for a TEXTFILE table: Hive's default delimiters \001, \002, \003 and \N for NULL.
      StringBuilder t = new StringBuilder();
      tags.forEach((k, v) -> t.append(t.length() == 0 ? "" : "\u0002").append(k).append('\u0003').append(v));
      text.append(r.get("url")).append('\u0001').append(i % 2 == 0 ? String.valueOf(i) : "\\N").append('\u0001')
          .append(t).append('\n');
    }
    writer.close(ctx);
    committer.commitTask(ctx);
    committer.commitJob(ctx);
    try (OutputStream out = fs.create(new Path(textDir, "rows.txt"))) {
      out.write(text.toString().getBytes(StandardCharsets.UTF_8));
    }
    hive.run("CREATE EXTERNAL TABLE x_c (url STRING, n INT, tags MAP<STRING,STRING>) STORED AS CIF LOCATION '"
        + fs.makeQualified(cifDir) + "'");
    hive.run("CREATE EXTERNAL TABLE x_t (url STRING, n INT, tags MAP<STRING,STRING>) STORED AS TEXTFILE LOCATION '"
        + fs.makeQualified(textDir) + "'");
    sameAnswer("x", "SELECT * FROM $t");
    sameAnswer("x", "SELECT url, tags['k1'] FROM $t WHERE n IS NULL");
  }
}
