package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.SplitDirectory;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every Hive type, with NULLs at every level, written to CIF by CTAS and by INSERT, read back and
 * compared with the same queries over an ORC copy.
 */
class HiveTypesOnCifTest extends EmbeddedHiveTest {
  static final String COLUMNS = "id INT, ti TINYINT, si SMALLINT, i INT, bi BIGINT, f FLOAT, d DOUBLE,"
      + " amt DECIMAL(10,2), b BOOLEAN, s STRING, c CHAR(5), vc VARCHAR(10), bin BINARY, dt DATE, ts TIMESTAMP,"
      + " arr ARRAY<INT>, m MAP<STRING,INT>, mi MAP<INT,STRING>, st STRUCT<a:INT,b:STRING,c:ARRAY<STRING>>";

  @BeforeAll
  static void createTables() throws Exception {
    hive.runAll("CREATE TABLE ref (" + COLUMNS + ") STORED AS ORC",
        // One INSERT per row: UNION ALL would need the same types, and array() is array<string>.
        "INSERT INTO ref " + row(1, "1", "-2", "3", "4000000000", "1.5", "-2.25", "12345.67", "true", "'ab'", "'xy'", "'hello'",
                "'bin'", "'2020-02-29'", "'2020-01-02 03:04:05.123456'", "array(1, NULL, 3)", "map('a', 1, 'b', NULL)",
                "map(1, 'one', 2, NULL)", "named_struct('a', 1, 'b', 'x', 'c', array('p', NULL))"),
        "INSERT INTO ref " + row(2, "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL",
                "NULL", "NULL", "NULL", "if(false, array(1), NULL)", "if(false, map('a', 1), NULL)",
                "if(false, map(1, 'x'), NULL)", "if(false, named_struct('a', 1, 'b', 'x', 'c', array('p')), NULL)"),
        "INSERT INTO ref " + row(3, "-128", "32767", "-5", "-1", "0", "1e300", "-0.01", "false", "''", "'a'", "''",
                "''", "'1969-12-31'", "'1969-12-31 23:59:59.999999'", "array_remove(array(0), 0)", "map('a', 2)", "map(3, 'three')",
                "named_struct('a', CAST(NULL AS INT), 'b', CAST(NULL AS STRING), 'c', if(false, array('p'), NULL))"),
        "CREATE TABLE ctas_cif STORED AS CIF AS SELECT * FROM ref",
        "CREATE TABLE ins_cif (" + COLUMNS + ") STORED AS CIF",
        "INSERT INTO ins_cif SELECT * FROM ref",
        // Hive cannot cast into a uniontype column on INSERT (GenericUDFToStruct); CTAS takes the expression's type.
        "CREATE TABLE uref STORED AS ORC AS SELECT id, create_union(if(id = 3, 1, 0), id, s) AS u,"
            + " array(create_union(if(id = 1, 1, 0), id, s), NULL) AS au FROM ref",
        "CREATE TABLE ucif STORED AS CIF AS SELECT * FROM uref");
  }

  /**
   * Decimals of precision up to 18 (PACKED unscaled longs by default) and 38 (bytes), at their
   * extremes, negative, zero and NULL, in one CIF table whose first split-directory stores p and q
   * as SKIP_LIST bytes (as version-3 files do) and whose second stores them PACKED.
   */
  @BeforeAll
  static void createDecimalTables() throws Exception {
    String cols = "id INT, p DECIMAL(18,4), q DECIMAL(5,0), w DECIMAL(38,10), t DECIMAL(12,2)";
    hive.runAll("CREATE TABLE dref (" + cols + ") STORED AS ORC",
        "INSERT INTO dref " + dec(1, "99999999999999.9999", "99999", "1234567890123456789012345678.0123456789", "0.01"),
        "INSERT INTO dref " + dec(2, "-99999999999999.9999", "-99999", "-1.5", "-9999999999.99"),
        "INSERT INTO dref " + dec(3, "0", "0", "0", "0"),
        "INSERT INTO dref " + dec(4, "NULL", "NULL", "NULL", "NULL"),
        "INSERT INTO dref " + dec(5, "12.3456", "7", "3.25", "1234567890.12"),
        "INSERT INTO dref " + dec(6, "-0.0001", "-1", "-0.0000000001", "-0.5"),
        "CREATE TABLE dcif (" + cols + ") STORED AS CIF TBLPROPERTIES ('cif.layout' = 'p:sl,q:sl')",
        "INSERT INTO dcif SELECT * FROM dref WHERE id <= 3",
        "ALTER TABLE dcif SET TBLPROPERTIES ('cif.layout' = '')",
        "INSERT INTO dcif SELECT * FROM dref WHERE id > 3");
  }

  private static String dec(int id, String p, String q, String w, String t) {
    return "SELECT " + id + ", CAST(" + lit(p) + " AS DECIMAL(18,4)), CAST(" + lit(q) + " AS DECIMAL(5,0)), CAST(" + lit(w)
        + " AS DECIMAL(38,10)), CAST(" + lit(t) + " AS DECIMAL(12,2))";
  }

  private static String lit(String v) { return "NULL".equals(v) ? v : "'" + v + "'"; }

  static final List<String> DECIMAL_QUERIES = List.of(
      "SELECT * FROM $t",
      "SELECT id, p * 2, q + 1, w, t - 0.01, p / 3 FROM $t WHERE p > -1 OR p IS NULL",
      "SELECT id FROM $t WHERE q BETWEEN -1 AND 7 AND t <> 0",
      "SELECT sum(p), min(q), max(w), avg(t), count(p), sum(t) FROM $t");

  /** Each decimal query gives ORC's answer over the CIF table. */
  static void decimalsSameAsOrc() throws Exception {
    for (String q : DECIMAL_QUERIES) {
      List<String> expected = EmbeddedHive.sorted(hive.run(q.replace("$t", "dref")));
      assertTrue(expected.size() > 0, q);
      assertEquals(expected, EmbeddedHive.sorted(hive.run(q.replace("$t", "dcif"))), q);
    }
  }

  @Test
  void decimalsPackedAndAsBytesInOneTable() throws Exception {
    Path data = hive.location("dcif");
    FileSystem fs = data.getFileSystem(SessionConf.of(hive));
    Set<String> layouts = new TreeSet<>();
    for (Path dir : DatasetListing.splitDirectories(fs, data)) {
      SplitDirectory sd = SplitDirectory.open(fs, dir);
      for (String c : List.of("p", "q", "w", "t")) {
        try (ColumnFileReader r = sd.openColumn(c, 1 << 26)) {
          layouts.add(c + ":" + r.spec().layout);
        }
      }
    }
    assertEquals(Set.of("p:PACKED", "p:SKIP_LIST", "q:PACKED", "q:SKIP_LIST", "w:SKIP_LIST", "t:PACKED"), layouts);
    decimalsSameAsOrc();
  }

  private static String row(int id, String... v) {
    String[] types = {"TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "DECIMAL(10,2)", "BOOLEAN", "STRING",
        "CHAR(5)", "VARCHAR(10)", "BINARY", "DATE", "TIMESTAMP"};
    StringBuilder sb = new StringBuilder("SELECT " + id);
    for (int i = 0; i < v.length; i++) sb.append(", ").append(i < types.length ? "CAST(" + v[i] + " AS " + types[i] + ")" : v[i]);
    return sb.toString();
  }

  /**
   * The query over ref, and over each CIF copy, must give the same non-empty rows. Rows are sorted
   * here rather than by ORDER BY, which would turn each fetch into a MapReduce job.
   */
  static void sameAsOrc(String query) throws Exception {
    List<String> expected = EmbeddedHive.sorted(hive.run(query.replace("$t", "ref")));
    assertTrue(expected.size() > 0, query);
    assertEquals(expected, EmbeddedHive.sorted(hive.run(query.replace("$t", "ctas_cif"))), query + " (CTAS)");
    assertEquals(expected, EmbeddedHive.sorted(hive.run(query.replace("$t", "ins_cif"))), query + " (INSERT)");
  }

  @Test
  void everyColumnOfEveryRow() throws Exception {
    sameAsOrc("SELECT * FROM $t");
    assertEquals(3, hive.run("SELECT * FROM ctas_cif").size());
  }

  @Test
  void nestedAccessAndMapLookups() throws Exception {
    sameAsOrc("SELECT id, m['a'], m['b'], m['zz'], mi[1], mi[3], arr[1], st.a, st.c[0], size(m) FROM $t");
  }

  @Test
  void unions() throws Exception {
    List<String> expected = EmbeddedHive.sorted(hive.run("SELECT * FROM uref"));
    assertEquals(3, expected.size());
    assertEquals(expected, EmbeddedHive.sorted(hive.run("SELECT * FROM ucif")));
  }

  @Test
  void filters() throws Exception {
    sameAsOrc("SELECT id, s FROM $t WHERE amt > 0 OR s = '' ");
    sameAsOrc("SELECT id FROM $t WHERE m['a'] = 2 OR ts < CAST('2000-01-01' AS TIMESTAMP)");
  }

  @Test
  void aggregatesRunAsJobs() throws Exception {
    sameAsOrc("SELECT count(*), count(s), sum(bi), min(amt), max(dt), avg(d), sum(m['a']), max(vc) FROM $t");
    sameAsOrc("SELECT b, count(*), sum(ti), collect_list(st.b) FROM $t GROUP BY b");
  }
}
