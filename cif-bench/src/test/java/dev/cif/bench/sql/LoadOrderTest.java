package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** No format's loads all run before another's: the formats take turns, first and last alternating. */
class LoadOrderTest {
  @Test
  void formatsTakeTurnsTableByTable() {
    List<Format> formats = List.of(Format.CIF, Format.CIF_ZSTD, Format.ORC);
    assertEquals(formats, BenchRun.loadOrder(formats, 0));
    assertEquals(List.of(Format.ORC, Format.CIF_ZSTD, Format.CIF), BenchRun.loadOrder(formats, 1));
    assertEquals(formats, BenchRun.loadOrder(formats, 2));
    assertEquals(formats, List.of(Format.CIF, Format.CIF_ZSTD, Format.ORC), "the options' list is left as it was");
  }
}
