package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.metadata.Hive;
import org.apache.hadoop.hive.ql.metadata.Table;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.Test;

/**
 * {@code STORED BY 'dev.cif.hive.CifStorageHandler'} on Tez, where Hive runs the handler's insert commit
 * hook: INSERT OVERWRITE replaces the rows, duplicate attempts of a task leave one split-directory, and a
 * failed INSERT leaves the table as it was. Answers are compared with a TEXTFILE copy.
 */
class CifStorageHandlerCommitTest extends TezHiveTest {
  private static final String COLUMNS = "(k INT, s STRING)";

  private static void create(String name) throws Exception {
    hive.runAll("CREATE TABLE " + name + " " + COLUMNS + " STORED BY 'dev.cif.hive.CifStorageHandler'",
        "CREATE TABLE " + name + "_t " + COLUMNS + " STORED AS TEXTFILE");
  }

  /** Runs the statement on the CIF table and on its TEXTFILE twin ($t is the CIF table's name). */
  private static void both(String sql, String table) throws Exception {
    hive.run(sql.replace("$t", table));
    hive.run(sql.replace("$t", table + "_t"));
  }

  private static void assertSameRows(String table) throws Exception {
    List<String> expected = EmbeddedHive.sorted(hive.run("SELECT * FROM " + table + "_t"));
    assertEquals(expected, EmbeddedHive.sorted(hive.run("SELECT * FROM " + table)));
  }

  /** The table directory's entries, hidden ones included. */
  private static List<String> entries(String table) throws Exception {
    Path dir = hive.location(table);
    List<String> names = new ArrayList<>();
    for (FileStatus st : dir.getFileSystem(SessionConf.of(hive)).listStatus(dir)) names.add(st.getPath().getName());
    java.util.Collections.sort(names);
    return names;
  }

  @Test
  void insertOverwriteReplacesRows() throws Exception {
    create("ow");
    // A UNION ALL runs two vertices whose tasks have the same index: both branches' rows must survive.
    both("INSERT INTO $t SELECT 1, 'a' UNION ALL SELECT 2, NULL", "ow");
    both("INSERT INTO $t SELECT 3, 'c'", "ow");
    assertSameRows("ow");
    assertEquals(List.of("3"), hive.run("SELECT count(*) FROM ow"));
    both("INSERT OVERWRITE TABLE $t SELECT k * 10, s FROM $t WHERE k > 1", "ow");
    assertSameRows("ow");
    assertEquals(List.of("2"), hive.run("SELECT count(*) FROM ow"));
    // Only the overwrite's split-directories are left, named by its query id; nothing staged is left.
    List<String> left = entries("ow");
    assertFalse(left.isEmpty());
    String query = left.get(0).substring(0, left.get(0).lastIndexOf('-'));
    for (String n : left) assertTrue(n.startsWith(query + "-"), left.toString());
  }

  @Test
  void duplicateAttemptsOfOneTaskLeaveOne() throws Exception {
    create("dup");
    both("INSERT INTO $t VALUES (1, 'before')", "dup");
    hive.run("INSERT INTO dup_t VALUES (10, 'task 0'), (20, 'task 1')");
    // The tasks of one query, as Tez runs them: task 0 finished twice (a speculative attempt), task 1 once.
    String query = "cif_dup_query";
    Table table = Hive.get(hive.conf()).getTable("dup");
    TezTaskAttempt.write(hive, table, query, 0, 0, 10, "task 0");
    TezTaskAttempt.write(hive, table, query, 0, 1, 10, "task 0");
    TezTaskAttempt.write(hive, table, query, 1, 0, 20, "task 1");
    // Staged output is invisible until the query commits.
    assertEquals(List.of("1\tbefore"), hive.run("SELECT * FROM dup"));

    hive.conf().set("hive.query.id", query);
    StorageHandlerHook.of().commitInsertTable(table.getTTable(), false);
    assertSameRows("dup");
    List<String> left = entries("dup");
    assertEquals(3, left.size(), left.toString());
    assertTrue(left.contains("part-" + query + "-v1t0") && left.contains("part-" + query + "-v1t1"), left.toString());
  }

  @Test
  void failedInsertLeavesTableAsItWas() throws Exception {
    create("fail");
    both("INSERT INTO $t SELECT 1, 'a' UNION ALL SELECT 2, 'b'", "fail");
    List<String> before = entries("fail");
    // Every row fails assert_true in its task; the query fails before its commit.
    for (String insert : List.of("INSERT OVERWRITE TABLE fail SELECT k, s FROM fail_t WHERE assert_true(k < 0) IS NULL",
        "INSERT INTO fail SELECT k, s FROM fail_t WHERE assert_true(k < 0) IS NULL")) {
      assertThrows(CommandProcessorException.class, () -> hive.run(insert), insert);
      assertSameRows("fail");
      List<String> visible = new ArrayList<>(entries("fail"));
      visible.removeIf(n -> n.startsWith("."));
      assertEquals(before, visible);
    }
  }

  @Test
  void rollbackDropsWhatTheQueryStaged() throws Exception {
    create("rb");
    both("INSERT INTO $t VALUES (1, 'kept')", "rb");
    Table table = Hive.get(hive.conf()).getTable("rb");
    List<String> before = entries("rb");
    TezTaskAttempt.write(hive, table, "cif_rolled_back", 0, 0, 2, "dropped");
    assertTrue(entries("rb").size() > before.size(), "the attempt staged its output below the table");
    hive.conf().set("hive.query.id", "cif_rolled_back");
    StorageHandlerHook.of().rollbackInsertTable(table.getTTable(), true);
    assertSameRows("rb");
    // Nothing of the query is left, hidden staging directories included.
    assertEquals(before, entries("rb"));
  }
}
