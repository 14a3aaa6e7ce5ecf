package dev.cif.bench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.testing.crawl.CrawlData;
import dev.cif.testing.rows.RowGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class GeneratorDeterminismTest {

  static Stream<RowGenerator> generators() {
    return Stream.of(new SyntheticData(7), new CrawlData(7), new WideStringData(7, 20));
  }


  private static List<GenericRecord> collect(Iterable<GenericRecord> rows) {
    List<GenericRecord> list = new ArrayList<>();
    rows.forEach(list::add);
    return list;
  }

  @ParameterizedTest
  @MethodSource("generators")
  void sameSeedGivesSameRows(RowGenerator generator) {
    RowGenerator twin = GeneratorsForTest.sameKind(generator, generator.seed());
    assertEquals(collect(generator.firstRows(50)), collect(twin.firstRows(50)));
  }

  @ParameterizedTest
  @MethodSource("generators")
  void differentSeedGivesDifferentRows(RowGenerator generator) {
    RowGenerator other = GeneratorsForTest.sameKind(generator, generator.seed() + 1);
    assertNotEquals(collect(generator.firstRows(20)), collect(other.firstRows(20)));
  }

  @ParameterizedTest
  @MethodSource("generators")
  void rowRangesCompose(RowGenerator generator) {
    List<GenericRecord> whole = collect(generator.rows(0, 60));
    List<GenericRecord> pieces = new ArrayList<>(collect(generator.rows(0, 17)));
    pieces.addAll(collect(generator.rows(17, 41)));
    pieces.addAll(collect(generator.rows(41, 60)));
    assertEquals(whole, pieces);
    // Random access agrees with sequential generation, in any order.
    assertEquals(whole.get(59), generator.row(59));
    assertEquals(whole.get(3), generator.row(3));
  }

  @ParameterizedTest
  @MethodSource("generators")
  void rowsAreValidForTheSchema(RowGenerator generator) {
    for (GenericRecord record : generator.firstRows(200)) {
      assertTrue(GenericData.get().validate(generator.schema(), record), () -> "invalid: " + record);
    }
  }

  @ParameterizedTest
  @MethodSource("generators")
  void neighbouringRowsDiffer(RowGenerator generator) {
    assertNotEquals(generator.row(0), generator.row(1));
  }
}
