package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.impl.split.DatasetListing;
import dev.cif.testing.OpenCountingFileSystem;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hive's pushed filter skips split-directories whose statistics rule it out; answers stay those of
 * a TEXTFILE copy. Reads go through the countfile: scheme to see which column files are opened.
 */
class FilterPushdownTest extends EmbeddedHiveTest {
  private static final String K_FILE = "0000-k.cif";
  private static final String S_FILE = "0001-s.cif";
  @BeforeAll
  static void createTables() throws Exception {
    // Three inserts, three split-directories with disjoint k and s ranges, one holding NULLs.
    List<String> batches = List.of("(1, 'a1', 0.5), (2, 'a2', 1.5)", "(10, 'b10', 10.5), (11, NULL, NULL)",
        "(20, 'c20', 20.5), (21, 'c21', 21.5)");
    hive.run("CREATE TABLE f_c (k INT, s STRING, d DOUBLE) STORED AS CIF");
    for (String b : batches) hive.run("INSERT INTO f_c VALUES " + b);
    hive.runAll("CREATE TABLE f_t (k INT, s STRING, d DOUBLE) STORED AS TEXTFILE",
        "INSERT INTO f_t VALUES " + String.join(", ", batches));
    Path data = hive.location("f_c");
    hive.run("CREATE EXTERNAL TABLE f_counted (k INT, s STRING, d DOUBLE) STORED AS CIF LOCATION 'countfile://"
        + data.toUri().getPath() + "'");
  }

  /**
   * The answer over the counted CIF table equals the TEXTFILE one; returns how often a column file
   * was opened (name one the filter does not use: planning opens those to read their statistics).
   */
  private static int opens(String where, String columnFile) throws Exception {
    List<String> expected = EmbeddedHive.sorted(hive.run("SELECT k, s FROM f_t WHERE " + where));
    OpenCountingFileSystem.OPENS.clear();
    List<String> actual = EmbeddedHive.sorted(hive.run("SELECT k, s FROM f_counted WHERE " + where));
    assertEquals(expected, actual, where);
    return OpenCountingFileSystem.OPENS.getOrDefault(columnFile, 0);
  }

  @Test
  void equalityOnIntReadsOneSplitDirectory() throws Exception {
    assertEquals(1, opens("k = 10", S_FILE));
    assertEquals(1, opens("k BETWEEN 19 AND 30", S_FILE));
    assertEquals(2, opens("k IN (2, 21)", S_FILE));
    assertEquals(0, opens("k > 100", S_FILE));
  }

  @Test
  void stringsDoublesAndNulls() throws Exception {
    assertEquals(1, opens("s = 'c21'", K_FILE));
    assertEquals(1, opens("d < 1.0", K_FILE));
    assertEquals(1, opens("s IS NULL", K_FILE));
  }

  @Test
  void negationsAndDisjunctionsKeepEveryPossibleRow() throws Exception {
    assertEquals(3, opens("NOT (k = 10)", S_FILE));
    assertEquals(2, opens("k = 1 OR d > 10.0 AND d < 11.0", S_FILE));
    opens("NOT (s IS NULL) AND k < 12", S_FILE);
    assertFalse(hive.run("SELECT k FROM f_counted WHERE NOT (k = 10)").isEmpty());
  }

  private static Path sortedDir;

  /**
   * 100,000 rows (k, v = 'v' || k, d = k / 100) sorted by k in 4 KB blocks, as TEXTFILE sorted_t and CIF sorted_c, and sorted_counted
   * over sorted_c's files through countfile:; returns its one split-directory (made on first use).
   */
  private static Path sortedTable() throws Exception {
    if (sortedDir != null) return sortedDir;
    String rows = "SELECT pos AS k, concat('v', pos) AS v, CAST(pos / 100 AS DECIMAL(10,2)) AS d"
        + " FROM (SELECT posexplode(split(space(99999), ' '))) g";
    hive.runAll("CREATE TABLE sorted_t STORED AS TEXTFILE AS " + rows,
        // Uncompressed: the share of k's bytes read compares blocks of known size (LZ4 shrinks the sorted
        // column to a few KB, where opening the file costs more than the blocks).
        "CREATE TABLE sorted_c STORED AS CIF TBLPROPERTIES ('cif.block.bytes' = '4096', 'cif.codec' = '*:none') AS SELECT * FROM sorted_t ORDER BY k");
    Path data = hive.location("sorted_c");
    List<Path> dirs = DatasetListing.splitDirectories(data.getFileSystem(hive.conf()), data);
    assertEquals(1, dirs.size());
    hive.run("CREATE EXTERNAL TABLE sorted_counted (k INT, v STRING, d DECIMAL(10,2)) STORED AS CIF LOCATION 'countfile://"
        + data.toUri().getPath() + "'");
    return sortedDir = dirs.get(0);
  }

  private static long length(Path dir, String file) throws Exception {
    return dir.getFileSystem(hive.conf()).getFileStatus(new Path(dir, file)).getLen();
  }

  /** Inside a kept split-directory, blocks whose statistics rule the filter out are not read either. */
  @Test
  void selectivePredicateOnSortedColumnReadsUnderTenPercentOfItsBytes() throws Exception {
    long columnBytes = length(sortedTable(), K_FILE);
    String query = "SELECT k FROM $t WHERE k BETWEEN 61000 AND 61009";
    List<String> expected = EmbeddedHive.sorted(hive.run(query.replace("$t", "sorted_t")));
    assertEquals(10, expected.size());
    FileSystem.Statistics stats = FileSystem.getStatistics("countfile", OpenCountingFileSystem.class);
    long before = stats.getBytesRead();
    assertEquals(expected, EmbeddedHive.sorted(hive.run(query.replace("$t", "sorted_counted"))));
    long read = stats.getBytesRead() - before; // planning and reading, the schema file included
    System.out.printf("k BETWEEN 61000 AND 61009 over 100,000 sorted rows: %d bytes read of %d in column k%n", read, columnBytes);
    assertTrue(read < columnBytes / 10, read + " bytes read of the " + columnBytes + " of column k");
  }

  /**
   * Vectorized, the reader evaluates a pushed filter it cannot skip blocks with (an expression on k)
   * on k first, and decodes v only for the rows it keeps: v's blocks without a kept row are not read.
   */
  @Test
  void vectorizedScanDecodesOtherColumnsOnlyForRowsThePushedFilterKeeps() throws Exception {
    long vBytes = length(sortedTable(), "0001-v.cif");
    hive.set("hive.fetch.task.conversion", "none");
    try {
      // An int filter, and a decimal one (Hive reads d as DECIMAL_64, so the filter must be compiled for it).
      for (String where : List.of("k * 3 BETWEEN 183000 AND 183030", "d * 3 BETWEEN 1830.00 AND 1830.30")) {
        long filterBytes = length(sortedTable(), where.startsWith("k") ? K_FILE : "0002-d.cif");
        String query = "SELECT k, v FROM $t WHERE " + where;
        List<String> expected = EmbeddedHive.sorted(hive.run(query.replace("$t", "sorted_t")));
        assertEquals(11, expected.size(), where);
        FileSystem.Statistics stats = FileSystem.getStatistics("countfile", OpenCountingFileSystem.class);
        long before = stats.getBytesRead();
        assertEquals(expected, EmbeddedHive.sorted(hive.run(query.replace("$t", "sorted_counted"))), where);
        long read = stats.getBytesRead() - before;
        System.out.printf("%s over 100,000 rows: %d bytes read; the filter's column has %d, v %d%n", where, read, filterBytes, vBytes);
        assertTrue(read < filterBytes + vBytes / 10, where + ": " + read + " bytes read; the filter's column has " + filterBytes
            + ", v " + vBytes);
      }
    } finally {
      hive.set("hive.fetch.task.conversion", "more");
    }
  }
}
