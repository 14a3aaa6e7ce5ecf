package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.WriteOptions;
import dev.cif.hive.HiveTypeMapping;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.impl.split.SplitDirectoryWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.junit.jupiter.api.Test;

/**
 * Hive's commit path treats each task's output as a file; a CIF task output is a split-directory.
 * These tests show that moves, _copy_N renames, overwrite, de-duplication and statistics stay right.
 */
class HiveCommitTest extends EmbeddedHiveTest {
  /** Runs the statement on the CIF table and on its TEXTFILE twin ($t is the table name). */
  private static void both(String sql) throws Exception {
    hive.run(sql.replace("$t", "c"));
    hive.run(sql.replace("$t", "t"));
  }

  private static List<FileStatus> tableEntries(String table) throws Exception {
    Path dir = hive.location(table);
    FileSystem fs = dir.getFileSystem(SessionConf.of(hive));
    return Arrays.asList(fs.listStatus(dir));
  }

  private static long numRowsStat(String table) throws Exception {
    return Long.parseLong(hive.tableParameter(table, "numRows"));
  }

  @Test
  void insertIntoTwiceThenOverwrite() throws Exception {
    hive.runAll("CREATE TABLE c (k INT, v STRING) STORED AS CIF", "CREATE TABLE t (k INT, v STRING) STORED AS TEXTFILE");
    both("INSERT INTO $t VALUES (1, 'a'), (2, NULL)");
    both("INSERT INTO $t VALUES (3, 'c')");
    assertSameRows();

    // Two inserts: two split-directories, the second renamed to *_copy_1, nothing else left behind.
    assertEquals(2, tableEntries("c").stream().filter(FileStatus::isDirectory).count());
    assertEquals(hive.run("SELECT count(*) FROM t"), List.of(String.valueOf(rowsInSplitDirectories("c"))));

    // Statistics: numRows as Hive computed it on commit, and count(*) answered from them.
    assertEquals(numRowsStat("t"), numRowsStat("c"));
    hive.conf().setBoolean("hive.compute.query.using.stats", true);
    List<String> fromStats = hive.run("SELECT count(*) FROM c");
    hive.conf().setBoolean("hive.compute.query.using.stats", false);
    assertEquals(hive.run("SELECT count(*) FROM t"), fromStats);
    assertEquals(fromStats, hive.run("SELECT count(*) FROM c"));

    both("INSERT OVERWRITE TABLE $t SELECT k * 10, v FROM $t WHERE k > 1");
    assertSameRows();
    // The old split-directories are gone: what is left holds exactly the new rows.
    assertEquals(hive.run("SELECT count(*) FROM t"), List.of(String.valueOf(rowsInSplitDirectories("c"))));
    assertEquals(numRowsStat("t"), numRowsStat("c"));
  }

  private static void assertSameRows() throws Exception {
    List<String> expected = EmbeddedHive.sorted(hive.run("SELECT k, v FROM t"));
    assertFalse(expected.isEmpty());
    assertEquals(expected, EmbeddedHive.sorted(hive.run("SELECT k, v FROM c")));
  }

  /** Rows of the table's entries, each of which must be a whole split-directory. */
  private static long rowsInSplitDirectories(String table) throws Exception {
    long rows = 0;
    for (FileStatus e : tableEntries(table)) {
      if (e.getPath().getName().startsWith(".")) continue;
      assertTrue(e.isDirectory(), e.getPath() + " is not a split-directory");
      rows += SplitDirectory.open(e.getPath().getFileSystem(SessionConf.of(hive)), e.getPath()).rows();
    }
    return rows;
  }

  /**
   * Hive's merge stage on MapReduce (hive.merge.mapfiles): Hive's own rewrite keeps one split-directory per task;
   * the block-level merge of CifMergeHook, a post-execution hook, leaves one, with the same rows.
   */
  @Test
  void hivesMergeStageOnMapReduceLeavesOneSplitDirectory() throws Exception {
    MergeStage.run(hive, "mr");
  }

  @Test
  void ctasAndEmptyResult() throws Exception {
    hive.runAll("CREATE TABLE src (k INT, v STRING) STORED AS TEXTFILE", "INSERT INTO src VALUES (5, 'x'), (6, 'y')",
        "CREATE TABLE ctas STORED AS CIF AS SELECT k, upper(v) AS u FROM src",
        "CREATE TABLE ctas_none STORED AS CIF AS SELECT k, v FROM src WHERE k < 0");
    assertEquals(EmbeddedHive.sorted(hive.run("SELECT k, upper(v) FROM src")), EmbeddedHive.sorted(hive.run("SELECT * FROM ctas")));
    assertEquals(List.of("0"), hive.run("SELECT count(*) FROM ctas_none"));
    assertEquals(List.of(), hive.run("SELECT * FROM ctas_none"));
  }

  /** What Hive runs on a task output directory when speculative or retried attempts left duplicates. */
  @Test
  void deduplicationKeepsOneWholeSplitDirectoryPerTask() throws Exception {
    Configuration conf = new Configuration(SessionConf.of(hive));
    // Hive resolves duplicate attempts only for engines with speculative execution (it refuses on mr).
    conf.set("hive.execution.engine", "tez");
    Path dir = new Path(hive.root().getPath(), "dedup");
    FileSystem fs = FileSystem.getLocal(conf);
    Schema schema = HiveTypeMapping.tableSchema("d", List.of("k"),
        List.of(org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.intTypeInfo));
    // Two attempts of task 0, one of task 1, and a hidden leftover that no reader may take for data.
    for (String attempt : List.of("000000_0", "000000_1", "000001_0", "_tmp.000002_0")) {
      try (SplitDirectoryWriter w = new SplitDirectoryWriter(fs, new Path(dir, attempt), schema, new WriteOptions())) {
        GenericData.Record r = new GenericData.Record(schema);
        r.put(0, attempt.hashCode());
        w.write(r);
      }
    }
    Utilities.removeTempOrDuplicateFiles(fs, dir, conf, false);

    List<String> left = new ArrayList<>();
    for (FileStatus st : fs.listStatus(dir)) left.add(st.getPath().getName());
    assertEquals(1, left.stream().filter(n -> n.startsWith("000000_")).count(), left.toString());
    assertTrue(left.contains("000001_0"), left.toString());
    // What is left is whole: every split-directory opens and holds its one row.
    for (Path p : DatasetListing.splitDirectories(fs, dir)) assertEquals(1, SplitDirectory.open(fs, p).rows());
    assertEquals(2, DatasetListing.splitDirectories(fs, dir).size());
  }
}
