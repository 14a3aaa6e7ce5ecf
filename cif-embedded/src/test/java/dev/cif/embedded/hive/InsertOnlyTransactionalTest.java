package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.hive.vector.VectorizedCifReader;
import dev.cif.impl.split.DatasetListing;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hive 4's managed tables as its users get them: insert-only (MM) transactional tables over CIF, with
 * Hive's own transaction manager (DbTxnManager) and metastore transaction handler. Each write goes to a
 * delta_N (for INSERT OVERWRITE, a base_N) directory holding CIF split-directories; which of them a reader
 * sees is decided by the transaction state in the metastore. A MAJOR compaction folds the deltas into one
 * base_N_vM, run by Hive's own compactor threads (Worker, then Cleaner).
 */
class InsertOnlyTransactionalTest extends EmbeddedHiveTest {
  private static final String MM = "TBLPROPERTIES ('transactional'='true', 'transactional_properties'='insert_only')";

  @BeforeAll
  static void transactions() {
    hive.set("hive.support.concurrency", "true");
    hive.set("hive.txn.manager", "org.apache.hadoop.hive.ql.lockmgr.DbTxnManager");
  }

  private static List<String> rows(String table) throws Exception {
    return EmbeddedHive.sorted(hive.run("SELECT * FROM " + table));
  }

  /** The names of a table directory's entries, sorted (delta_*, base_*). */
  private static List<String> entries(String table) throws Exception {
    Path dir = hive.location(table);
    FileSystem fs = dir.getFileSystem(SessionConf.of(hive));
    return Arrays.stream(fs.listStatus(dir)).map(s -> s.getPath().getName()).sorted().collect(Collectors.toList());
  }

  private static String property(String table, String name) throws Exception {
    return hive.run("SHOW TBLPROPERTIES " + table + "('" + name + "')").get(0).split("\t")[1];
  }

  /**
   * Runs one statement that fails after writing its files ({@link FailingPostHook}), so Hive aborts its
   * transaction with the data on disk.
   */
  private static void runAborted(String sql) {
    hive.set("hive.exec.post.hooks", FailingPostHook.class.getName());
    try {
      assertThrows(CommandProcessorException.class, () -> hive.run(sql));
    } finally {
      hive.set("hive.exec.post.hooks", "");
    }
  }

  @Test
  void insertsOverwriteAndAbortedWrite() throws Exception {
    hive.run("CREATE TABLE mm (k INT, v STRING) STORED AS CIF " + MM);
    assertEquals("insert_only", property("mm", "transactional_properties"));
    hive.run("INSERT INTO mm VALUES (1, 'a'), (2, NULL)");
    hive.run("INSERT INTO mm VALUES (3, 'c')");
    assertEquals(List.of("1\ta", "2\tNULL", "3\tc"), rows("mm"));
    assertEquals(List.of("delta_0000001_0000001_0000", "delta_0000002_0000002_0000"), entries("mm"));

    // An aborted write leaves its delta (with a complete split-directory) on disk, and no reader sees it.
    runAborted("INSERT INTO mm VALUES (4, 'aborted')");
    assertTrue(entries("mm").contains("delta_0000003_0000003_0000"), entries("mm").toString());
    assertEquals(List.of("1\ta", "2\tNULL", "3\tc"), rows("mm"));
    assertEquals(List.of("3"), hive.run("SELECT count(*) FROM mm"));

    // INSERT OVERWRITE writes a base: the deltas before it are no longer read.
    hive.run("INSERT OVERWRITE TABLE mm SELECT k * 10, v FROM mm WHERE k < 3");
    assertEquals(List.of("10\ta", "20\tNULL"), rows("mm"));
    assertTrue(entries("mm").contains("base_0000004"), entries("mm").toString());
    hive.run("INSERT INTO mm VALUES (5, 'e')");
    assertEquals(List.of("10\ta", "20\tNULL", "5\te"), rows("mm"));

    // Again with vectorized execution off: the row path.
    hive.conf().setBoolean("hive.vectorized.execution.enabled", false);
    assertEquals(List.of("10\ta", "20\tNULL", "5\te"), rows("mm"));
    assertEquals(List.of("3"), hive.run("SELECT count(*) FROM mm"));
    hive.conf().setBoolean("hive.vectorized.execution.enabled", true);
  }

  @Test
  void ctasAndCreateAsInsertOnly() throws Exception {
    hive.run("CREATE TABLE src (k INT, v STRING) STORED AS CIF " + MM);
    hive.run("INSERT INTO src VALUES (1, 'a'), (2, 'b')");

    hive.run("CREATE TABLE copy STORED AS CIF " + MM + " AS SELECT * FROM src");
    assertEquals("insert_only", property("copy", "transactional_properties"));
    assertEquals(List.of("1\ta", "2\tb"), rows("copy"));

    // hive.create.as.insert.only: a plain CREATE TABLE ... STORED AS CIF becomes an insert-only table
    // (without it Hive makes it EXTERNAL, CIF being no full-ACID format).
    hive.set("hive.create.as.insert.only", "true");
    try {
      hive.run("CREATE TABLE plain (k INT, v STRING) STORED AS CIF");
      hive.run("CREATE TABLE plain_ctas STORED AS CIF AS SELECT * FROM src WHERE k = 2");
    } finally {
      hive.set("hive.create.as.insert.only", "false");
    }
    for (String t : List.of("plain", "plain_ctas")) {
      assertEquals("true", property(t, "transactional"), t);
      assertEquals("insert_only", property(t, "transactional_properties"), t);
      assertFalse(hive.run("DESCRIBE FORMATTED " + t).stream().anyMatch(l -> l.contains("EXTERNAL_TABLE")), t);
    }
    hive.run("INSERT INTO plain SELECT * FROM src");
    hive.run("INSERT INTO plain VALUES (3, 'c')");
    assertEquals(List.of("1\ta", "2\tb", "3\tc"), rows("plain"));
    assertEquals(List.of("2\tb"), rows("plain_ctas"));
    assertTrue(entries("plain").stream().allMatch(e -> e.startsWith("delta_")), entries("plain").toString());
  }

  /** The line of SHOW COMPACTIONS about a table's (only) compaction. */
  private static String compaction(String table) throws Exception {
    return hive.run("SHOW COMPACTIONS").stream().filter(l -> l.contains("\t" + table + "\t")).findFirst()
        .orElseThrow(() -> new AssertionError("no compaction of " + table));
  }

  @Test
  void majorCompactionWritesABaseAndTheCleanerRemovesTheDeltas() throws Exception {
    hive.run("CREATE TABLE mmc (k INT, v STRING) STORED AS CIF " + MM);
    hive.run("INSERT INTO mmc VALUES (1, 'a'), (2, NULL)");
    hive.run("INSERT INTO mmc VALUES (3, 'c')");
    hive.run("INSERT INTO mmc VALUES (4, 'd')");
    List<String> expected = List.of("1\ta", "2\tNULL", "3\tc", "4\td");

    hive.run("ALTER TABLE mmc COMPACT 'major'");
    String initiated = compaction("mmc");
    assertTrue(initiated.contains("\tinitiated\t"), initiated); // queued: no compactor thread runs in this JVM
    CompactorCycle.worker(hive);
    String queued = compaction("mmc");
    assertTrue(queued.contains("\tready for cleaning\t"), queued);
    List<String> compacted = entries("mmc");
    List<String> bases = compacted.stream().filter(e -> e.matches("base_0000003_v\\d+")).collect(Collectors.toList());
    assertEquals(1, bases.size(), compacted.toString());
    // The base holds the compacted rows as CIF split-directories, and is what a reader now reads.
    Path base = new Path(hive.location("mmc"), bases.get(0));
    assertFalse(DatasetListing.splitDirectories(base.getFileSystem(SessionConf.of(hive)), base).isEmpty(), base.toString());
    assertEquals(expected, rows("mmc"));

    CompactorCycle.cleaner(hive);
    assertEquals(bases, entries("mmc"));
    String done = compaction("mmc");
    assertTrue(done.contains("\tsucceeded\t"), done);
    // A job (not a fetch task) over the base: vectorized (the CIF vectorized reader scanned the rows), then
    // on the row path.
    String ordered = "SELECT * FROM mmc ORDER BY k";
    assertEquals(expected, hive.run(ordered));
    assertEquals(4, hive.lastStatementCounter(VectorizedCifReader.COUNTERS, VectorizedCifReader.ROWS_SCANNED));
    hive.conf().setBoolean("hive.vectorized.execution.enabled", false);
    try {
      assertEquals(expected, hive.run(ordered));
      assertEquals(0, hive.lastStatementCounter(VectorizedCifReader.COUNTERS, VectorizedCifReader.ROWS_SCANNED));
    } finally {
      hive.conf().setBoolean("hive.vectorized.execution.enabled", true);
    }

    // Later writes go to new deltas beside the base.
    hive.run("INSERT INTO mmc VALUES (5, 'e')");
    assertEquals(List.of("1\ta", "2\tNULL", "3\tc", "4\td", "5\te"), rows("mmc"));
    assertEquals(List.of(bases.get(0), "delta_0000004_0000004_0000"), entries("mmc"));
  }
}
