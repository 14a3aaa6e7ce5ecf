package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.SplitDirectory;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.Test;

/**
 * {@code STORED BY 'dev.cif.hive.CifStorageHandler'}: CREATE TABLE, INSERT and SELECT agree with a
 * TEXTFILE copy, and every insert leaves whole, uniquely named split-directories in the table directory
 * (on MapReduce Hive runs no commit for storage-handler tables: INSERT OVERWRITE is refused).
 */
class CifStorageHandlerTest extends EmbeddedHiveTest {

  @Test
  void createInsertSelectAgreeWithTextfile() throws Exception {
    String columns = "(k INT, s STRING, m MAP<STRING,BIGINT>)";
    hive.runAll("CREATE TABLE sh " + columns + " STORED BY 'dev.cif.hive.CifStorageHandler'",
        "CREATE TABLE sh_t " + columns + " STORED AS TEXTFILE");
    List<String> inserts = List.of(
        "INSERT INTO $t SELECT 1, 'a', map('x', 1L) UNION ALL SELECT 2, NULL, map('y', 2L)",
        "INSERT INTO $t SELECT 3, 'c', map('x', CAST(NULL AS BIGINT))",
        "INSERT INTO $t SELECT k + 10, s, m FROM $t");
    for (String insert : inserts) {
      hive.run(insert.replace("$t", "sh_t"));
      hive.run(insert.replace("$t", "sh"));
    }
    for (String q : List.of("SELECT * FROM $t", "SELECT k, m['x'] FROM $t WHERE k > 2", "SELECT count(*), sum(k) FROM $t")) {
      List<String> expected = EmbeddedHive.sorted(hive.run(q.replace("$t", "sh_t")));
      assertFalse(expected.isEmpty(), q);
      assertEquals(expected, EmbeddedHive.sorted(hive.run(q.replace("$t", "sh"))), q);
    }
    assertTrue(String.join("\n", hive.run("SHOW CREATE TABLE sh")).contains("CifStorageHandler"));

    // What the inserts left: only complete split-directories with distinct names, no in-progress leftovers.
    Path dir = hive.location("sh");
    FileSystem fs = dir.getFileSystem(SessionConf.of(hive));
    List<Path> splitDirectories = DatasetListing.splitDirectories(fs, dir);
    // At least one per insert (an insert with several map tasks writes one per task), each named by its task.
    assertTrue(splitDirectories.size() >= inserts.size(), splitDirectories.toString());
    for (Path p : splitDirectories) assertTrue(p.getName().matches("part-.+-[mr]\\d{6}\\.\\d+"), p.toString());
    long rows = 0;
    for (Path p : splitDirectories) rows += SplitDirectory.open(fs, p).rows();
    assertEquals(hive.run("SELECT count(*) FROM sh_t"), List.of(String.valueOf(rows)));
    for (FileStatus st : fs.listStatus(dir)) assertFalse(st.getPath().getName().startsWith("."), st.getPath().toString());

    // MapReduce runs no commit for storage-handler tables: INSERT OVERWRITE is refused before any task runs.
    CommandProcessorException e = assertThrows(CommandProcessorException.class,
        () -> hive.run("INSERT OVERWRITE TABLE sh SELECT k, s, m FROM sh_t"));
    assertTrue(String.valueOf(e.getMessage()).contains("hive.execution.engine=tez"), e.getMessage());
    assertEquals(splitDirectories, DatasetListing.splitDirectories(fs, dir));
    assertEquals(EmbeddedHive.sorted(hive.run("SELECT * FROM sh_t")), EmbeddedHive.sorted(hive.run("SELECT * FROM sh")));
  }
}
