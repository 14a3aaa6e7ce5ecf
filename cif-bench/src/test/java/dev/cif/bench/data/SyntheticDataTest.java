package dev.cif.bench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SyntheticDataTest {

  private final SyntheticData synthetic = new SyntheticData(11);

  @Test
  void valuesStayInTheirRanges() {
    for (GenericRecord record : synthetic.firstRows(1000)) {
      for (int i = 0; i < SyntheticData.STRINGS; i++) {
        Utf8 s = (Utf8) record.get("s" + i);
        assertTrue(s.getByteLength() >= 20 && s.getByteLength() <= 40, "length " + s.getByteLength());
        assertTrue(s.toString().chars().allMatch(c -> c > ' ' && c <= '~'), "readable: " + s);
      }
      for (int i = 0; i < SyntheticData.INTS; i++) {
        int v = (Integer) record.get("i" + i);
        assertTrue(v >= 1 && v <= 10_000, "int " + v);
      }
      Map<?, ?> m = (Map<?, ?>) record.get("m");
      assertEquals(SyntheticData.MAP_ENTRIES, m.size());
      m.keySet().forEach(k -> assertEquals(4, k.toString().length(), "key " + k));
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 10, 50, 100})
  void selectivityPredicateKeepsExactlyThatShare(int percent) {
    int rows = 1000; // a multiple of 100: the selectivity is exact, not approximate
    long matched = 0;
    for (GenericRecord record : synthetic.firstRows(rows)) {
      if (SelectivityBucket.matches((CharSequence) record.get("s0"), percent)) {
        matched++;
      }
    }
    assertEquals(rows * percent / 100, matched);
  }

  @Test
  void aggregationKeyOccursInMostRows() {
    Utf8 key = new Utf8(synthetic.aggregationKey());
    long present = 0;
    for (GenericRecord record : synthetic.firstRows(2000)) {
      if (((Map<?, ?>) record.get("m")).containsKey(key)) {
        present++;
      }
    }
    // 10 of 16 pool keys per row: 62.5% expected.
    assertEquals(0.625, present / 2000.0, 0.05);
  }

  @Test
  void wideColumnsHaveTheirWidth() {
    WideStringData wide = new WideStringData(3, 40);
    GenericRecord record = wide.row(9);
    assertEquals(40, wide.schema().getFields().size());
    for (int i = 0; i < 40; i++) {
      assertEquals(WideStringData.STRING_LENGTH, record.get(WideStringData.columnName(i)).toString().length());
    }
    assertEquals(4, wide.columnNames(4).size());
  }

  @Test
  void sizerTargetsBytes() {
    double mean = DatasetSizer.meanRowBytes(synthetic, 200);
    long rows = DatasetSizer.rowsForBytes(synthetic, 10_000_000);
    assertEquals(10_000_000, rows * mean, 10_000_000 * 0.05);
  }
}
