package dev.cif.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** bin/cif hive runs HiveQL on embedded Hive over CIF, and a --warehouse keeps tables between runs. */
class HiveShellTest {
  @Test
  void splitsStatementsOutsideQuotesAndComments() {
    assertEquals(List.of("SELECT 'a;b'", " \n -x\nSELECT 2"),
        HiveShell.statements("SELECT 'a;b'; -- c;d\n -x\nSELECT 2;"));
  }

  @Test
  void tablesPersistInTheWarehouse() throws Exception {
    Path warehouse = Files.createTempDirectory("cif-hive-shell");
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
