package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.embedded.hive.HiveShell;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --money}: TPC-H's nine money and quantity columns as DOUBLE (the default) or DECIMAL(15,2). */
class MoneyTypeTest {
  private static final List<String> MONEY = List.of("p_retailprice", "s_acctbal", "ps_supplycost", "c_acctbal", "o_totalprice",
      "l_quantity", "l_extendedprice", "l_discount", "l_tax");

  private static String ddl(String... args) {
    BenchOptions o = BenchOptions.parse(args);
    return String.join("\n", HiveShell.statements(o.workload().stagingScript("db", "file:/data", o.money())));
  }

  @Test
  void everyMoneyColumnTakesTheChosenType() {
    String doubles = ddl("tpch", "--sf", "0.01");
    String decimals = ddl("tpch", "--sf", "0.01", "--money", "decimal");
    for (String c : MONEY) {
      assertTrue(doubles.contains(c + " DOUBLE"), c);
      assertTrue(decimals.contains(c + " DECIMAL(15,2)"), c);
    }
    assertFalse(doubles.contains("${money}") || decimals.contains("${money}"));
    // Nothing else changes: the two scripts differ only in those nine types.
    String back = decimals;
    for (String c : MONEY) back = back.replace(c + " DECIMAL(15,2)", c + " DOUBLE");
    assertEquals(doubles, back);
    assertEquals(doubles, ddl("tpch", "--sf", "0.01", "--money", "Double"));
  }

  @Test
  void refusedForSsbAndForOtherTypes() {
    assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"ssb", "--money", "decimal"}));
    assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"tpch", "--money", "float"}));
  }
}
