package dev.cif.data.tpch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.data.GeneratedLines;
import dev.cif.data.TableGenerator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TpchDataTest {
  private static final double SF = 0.01;

  @Test
  void rowCountsFollowTheSpecification() throws Exception {
    Map<String, Long> perSf1 = Map.of("region", 5L, "nation", 25L, "supplier", 10_000L, "customer", 150_000L,
        "part", 200_000L, "partsupp", 800_000L, "orders", 1_500_000L);
    List<TableGenerator> tables = TpchData.tables(SF);
    assertEquals(8, tables.size());
    for (TableGenerator t : tables) {
      int rows = GeneratedLines.of(t, 3).size();
      if (t.table().equals("lineitem")) {
        // 1-7 lines per order: dbgen's count at SF 0.01 is 60,175
        assertEquals(60_175, rows);
      } else {
        long expected = t.table().startsWith("n") || t.table().startsWith("r") ? perSf1.get(t.table())
            : (long) (perSf1.get(t.table()) * SF);
        assertEquals(expected, rows, t.table());
      }
    }
  }

  @Test
  void partsConcatenateToTheWholeTableAndMatchTheDdlColumns() throws Exception {
    for (String table : List.of("lineitem", "orders", "nation")) {
      TableGenerator t = GeneratedLines.table(TpchData.tables(SF), table);
      List<String> whole = GeneratedLines.of(t, 1);
      assertEquals(whole, GeneratedLines.of(t, 4), table);
    }
    String line = GeneratedLines.of(GeneratedLines.table(TpchData.tables(SF), "lineitem"), 1).get(0);
    // 16 columns, '|'-delimited, dates as yyyy-mm-dd
    assertEquals(16, line.replaceAll("\\|$", "").split("\\|", -1).length, line);
    assertTrue(line.matches("(?:[^|]*\\|){10}\\d{4}-\\d\\d-\\d\\d\\|.*"), line);
  }
}
