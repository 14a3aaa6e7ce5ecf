package dev.cif.data.ssb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.data.GeneratedLines;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SsbDataTest {
  private static final double SF = 0.01;
  private static final DateTimeFormatter YYYYMMDD = DateTimeFormatter.BASIC_ISO_DATE;

  private static List<String> lines(long seed, String table, int parts) throws Exception {
    return GeneratedLines.of(GeneratedLines.table(new SsbData(SF, seed).tables(), table), parts);
  }

  @Test
  void sameSeedSameRowsWhateverThePartsDifferentSeedDifferentRows() throws Exception {
    for (String table : List.of("customer", "supplier", "part", "dates", "lineorder")) {
      List<String> one = lines(7, table, 1);
      assertEquals(one, lines(7, table, 3), table);
      assertEquals(one, lines(7, table, 1), table);
      if (!table.equals("dates")) assertNotEquals(one, lines(8, table, 1), table);
    }
  }

  @Test
  void dimensionSizesFollowTheSpecification() throws Exception {
    assertEquals(30_000 * SF, lines(1, "customer", 2).size());
    assertEquals(2_000 * SF, lines(1, "supplier", 2).size());
    assertEquals(200_000 * SF, lines(1, "part", 2).size());
    List<String> dates = lines(1, "dates", 2);
    assertEquals(2_557, dates.size());
    assertTrue(dates.get(0).startsWith("19920101|January 1, 1992|Wednesday|January|1992|199201|Jan1992|4|"), dates.get(0));
    assertTrue(dates.get(dates.size() - 1).startsWith("19981231|"), dates.get(dates.size() - 1));
    // part: 200,000 x floor(1 + log2 SF) from SF 1 on
    assertEquals(200_000, new SsbData(1, 1).parts());
    assertEquals(400_000, new SsbData(2, 1).parts());
    assertEquals(600_000, new SsbData(4, 1).parts());
    assertEquals(800_000, new SsbData(10, 1).parts());
  }

  @Test
  void lineorderFollowsTheSpecification() throws Exception {
    List<String> rows = lines(1, "lineorder", 4);
    Map<Long, Integer> linesPerOrder = new HashMap<>();
    Map<Long, long[]> totals = new HashMap<>();
    LocalDate last = LocalDate.of(1998, 8, 2);
    for (String row : rows) {
      String[] f = row.split("\\|", -1);
      assertEquals(17, f.length, row);
      long order = Long.parseLong(f[0]);
      int line = Integer.parseInt(f[1]);
      linesPerOrder.merge(order, 1, Integer::sum);
      assertEquals(linesPerOrder.get(order), line, "line numbers count up within an order: " + row);
      long partKey = Long.parseLong(f[3]);
      assertTrue(partKey >= 1 && partKey <= 2_000 && Long.parseLong(f[4]) <= 20 && Long.parseLong(f[2]) <= 300, row);
      LocalDate orderDate = LocalDate.parse(f[5], YYYYMMDD);
      assertTrue(!orderDate.isBefore(LocalDate.of(1992, 1, 1)) && !orderDate.isAfter(last), row);
      long commitDays = ChronoUnit.DAYS.between(orderDate, LocalDate.parse(f[15], YYYYMMDD));
      assertTrue(commitDays >= 30 && commitDays <= 90, row);
      int quantity = Integer.parseInt(f[8]);
      int discount = Integer.parseInt(f[11]);
      int tax = Integer.parseInt(f[14]);
      assertTrue(quantity >= 1 && quantity <= 50 && discount >= 0 && discount <= 10 && tax >= 0 && tax <= 8, row);
      long retail = 90_000 + (partKey / 10) % 20_001 + 100 * (partKey % 1_000);
      long extended = Long.parseLong(f[9]);
      assertEquals(quantity * retail, extended, row);
      assertEquals(extended * (100 - discount) / 100, Long.parseLong(f[12]), row);
      assertEquals(6 * retail / 10, Long.parseLong(f[13]), row);
      long[] t = totals.computeIfAbsent(order, k -> new long[] {Long.parseLong(f[10]), 0});
      assertEquals(t[0], Long.parseLong(f[10]), "one total price per order: " + row);
      t[1] += extended * (100 - discount) / 100 * (100 + tax) / 100;
    }
    assertEquals(1_500_000 * SF, linesPerOrder.size());
    assertTrue(linesPerOrder.values().stream().allMatch(n -> n >= 1 && n <= 7));
    double mean = rows.size() / (double) linesPerOrder.size();
    assertEquals(4.0, mean, 0.1, "1-7 lines per order, 4 on average");
    totals.forEach((order, t) -> assertEquals(t[0], t[1], "total price of order " + order));
  }

  @Test
  void citiesAreTheNationCutOrPaddedToNineCharactersAndADigit() throws Exception {
    assertEquals("UNITED KI1", SsbVocabulary.city("UNITED KINGDOM", 1));
    assertEquals("PERU     0", SsbVocabulary.city("PERU", 0));
    for (String row : lines(3, "customer", 1)) {
      String[] f = row.split("\\|");
      assertTrue(f[3].matches(".{9}[0-9]") && f[3].startsWith(f[4].length() >= 9 ? f[4].substring(0, 9) : f[4]), row);
      int nation = List.of(SsbVocabulary.NATIONS).indexOf(f[4]);
      assertEquals(SsbVocabulary.REGIONS[SsbVocabulary.NATION_REGION[nation]], f[5], row);
      assertTrue(f[6].startsWith((nation + 10) + "-"), row);
    }
  }
}
