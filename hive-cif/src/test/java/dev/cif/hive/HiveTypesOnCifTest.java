package dev.cif.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
