package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * bin/cif hive runs HiveQL on embedded Hive over CIF, and a --warehouse keeps tables between runs; a script in
 * hive-testbench's manner (a view, a temporary table, CTAS, then TPC-H Q2: five tables, a correlated
 * subquery, map joins) runs as it is on the default engine (Tez local) and on MapReduce.
 */
class HiveShellTest {
  /** TPC-H Q2 over five small tables: parts 10 and 11 qualify, each with its cheapest European supplier. */
  private static final List<String> Q2_ROWS = List.of("200.25\tSupplier#2\tGERMANY\t10\tManufacturer#1",
      "100.5\tSupplier#1\tFRANCE\t11\tManufacturer#2");
  private static final String Q2 = "SELECT s_acctbal, s_name, n_name, p_partkey, p_mfgr\n"
      + "FROM part, supplier, partsupp, nation, region\n"
      + "WHERE p_partkey = ps_partkey AND s_suppkey = ps_suppkey AND p_size = 15 AND p_type LIKE '%BRASS'\n"
      + "  AND s_nationkey = n_nationkey AND n_regionkey = r_regionkey AND r_name = 'EUROPE'\n"
      + "  AND ps_supplycost = (SELECT min(ps_supplycost) FROM partsupp, supplier, nation, region\n"
      + "    WHERE p_partkey = ps_partkey AND s_suppkey = ps_suppkey AND s_nationkey = n_nationkey\n"
      + "      AND n_regionkey = r_regionkey AND r_name = 'EUROPE')\n"
      + "ORDER BY s_acctbal DESC, n_name, s_name, p_partkey LIMIT 100;\n";

  @Test
  void aTestbenchStyleScriptWithTpchQ2RunsOnTezAndOnMapReduce() throws Exception {
    Path data = dev.cif.testing.TempDirs.create("cif-hive-q2");
    StringBuilder script = new StringBuilder("-- tables over text files, as hive-testbench's are before conversion\n");
    table(script, data, "region", "r_regionkey INT, r_name STRING", "0|AFRICA", "1|EUROPE");
    table(script, data, "nation", "n_nationkey INT, n_name STRING, n_regionkey INT", "0|KENYA|0", "1|FRANCE|1", "2|GERMANY|1");
    table(script, data, "supplier", "s_suppkey INT, s_name STRING, s_nationkey INT, s_acctbal DOUBLE",
        "1|Supplier#1|1|100.5", "2|Supplier#2|2|200.25", "3|Supplier#3|0|999.0");
    table(script, data, "part", "p_partkey INT, p_mfgr STRING, p_type STRING, p_size INT", "10|Manufacturer#1|LARGE BRASS|15",
        "11|Manufacturer#2|SMALL BRASS|15", "12|Manufacturer#3|LARGE TIN|15", "13|Manufacturer#4|LARGE BRASS|7");
    table(script, data, "partsupp", "ps_partkey INT, ps_suppkey INT, ps_supplycost DOUBLE",
        "10|1|5.0", "10|2|4.0", "10|3|1.0", "11|1|3.0", "11|2|3.5", "12|1|1.0", "13|2|1.0");
    String tables = script.toString();
    script.append("CREATE VIEW europe AS SELECT s_suppkey, s_name, s_acctbal, n_name FROM supplier\n"
        + "  JOIN nation ON s_nationkey = n_nationkey JOIN region ON n_regionkey = r_regionkey WHERE r_name = 'EUROPE';\n"
        + "CREATE TEMPORARY TABLE min_cost AS SELECT ps_partkey AS k, min(ps_supplycost) AS cost\n"
        + "  FROM partsupp JOIN europe ON ps_suppkey = s_suppkey GROUP BY ps_partkey;\n"
        + "CREATE TABLE q2_answer STORED AS CIF AS SELECT s_acctbal, s_name, n_name, p_partkey, p_mfgr\n"
        + "  FROM part JOIN partsupp ON p_partkey = ps_partkey JOIN europe ON ps_suppkey = s_suppkey\n"
        + "  JOIN min_cost ON k = p_partkey AND cost = ps_supplycost WHERE p_size = 15 AND p_type LIKE '%BRASS';\n"
        + "SELECT * FROM q2_answer ORDER BY s_acctbal DESC;\n").append(Q2);
    List<String> twice = new java.util.ArrayList<>(Q2_ROWS);
    twice.addAll(Q2_ROWS);
    assertEquals(twice, shell(data, "tez", script.toString()), "Tez: the CTAS answer, then Q2's");
    // MapReduce: Q2 alone (its map joins build their hash tables in MapredLocalTask), to keep the test short.
    assertEquals(Q2_ROWS, shell(data, "mr", tables + Q2), "MapReduce");
  }

  /** Runs a script as bin/cif hive -f does, on an engine, in a warehouse of its own; returns standard output's lines. */
  private static List<String> shell(Path data, String engine, String script) throws Exception {
    Path file = data.resolve(engine + ".sql");
    Files.writeString(file, script);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = HiveShell.run(new String[] {"--warehouse", data.resolve("w-" + engine).toString(), "--engine", engine,
        "-f", file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, status, engine + ": " + err);
    return out.toString(StandardCharsets.UTF_8).lines().toList();
  }

  private static void table(StringBuilder script, Path data, String name, String columns, String... rows) throws Exception {
    Path dir = Files.createDirectories(data.resolve("text").resolve(name));
    Files.write(dir.resolve("rows.tbl"), List.of(rows));
    script.append("CREATE EXTERNAL TABLE ").append(name).append(" (").append(columns)
        .append(") ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' LOCATION '").append(dir.toUri()).append("';\n");
  }
  @Test
  void splitsStatementsOutsideQuotesAndComments() {
    assertEquals(List.of("SELECT 'a;b'", " \n -x\nSELECT 2"),
        HiveShell.statements("SELECT 'a;b'; -- c;d\n -x\nSELECT 2;"));
  }

  @Test
  void tablesPersistInTheWarehouse() throws Exception {
    Path warehouse = dev.cif.testing.TempDirs.create("cif-hive-shell");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
    assertEquals(0, HiveShell.run(new String[] {"--warehouse", warehouse.toString(), "-e",
        "CREATE TABLE t (a int, m map<string,int>) STORED AS CIF; "
            + "INSERT INTO t SELECT 1, map('k', 10) UNION ALL SELECT 2, map('k', 20)"}, ps, ps), out.toString());
    out.reset();
    assertEquals(0, HiveShell.run(new String[] {"--warehouse", warehouse.toString(), "-e",
        "SELECT sum(a), sum(m['k']) FROM t"}, ps, ps), out.toString());
    assertTrue(out.toString().contains("3\t30"), out.toString());
  }
}
