package dev.cif.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cif.bench.sql.Format;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cluster benchmark's layouts: a paired run loads CIF before and after the merge, and the two take turns. */
class LayoutTest {
  private static List<String> labels(List<Layout> layouts) {
    return layouts.stream().map(Layout::label).toList();
  }

  @Test
  void aPairedRunLoadsEachCifFormatBeforeAndAfterTheMergeAndOrcMerged() {
    List<Layout> paired = Layout.of(List.of(Format.CIF, Format.ORC), false, true);
    assertEquals(List.of("cif-before", "cif-after", "orc-merged"), labels(paired));
    assertEquals(List.of(false, true, true), paired.stream().map(Layout::merged).toList());
    assertEquals("tpch_cif_before", paired.get(0).database("tpch"));
    // Unpaired: one layout per format, the run's merge setting for all.
    assertEquals(List.of(true, true), Layout.of(List.of(Format.CIF, Format.ORC), true, false).stream().map(Layout::merged).toList());
    assertEquals(List.of("cif", "orc"), labels(Layout.of(List.of(Format.CIF, Format.ORC), true, false)));
  }

  @Test
  void theTwoLayoutsOfAPairAlternateWhichGoesFirst() {
    List<Layout> pair = Layout.of(List.of(Format.CIF), false, true);
    assertEquals(List.of("cif-before", "cif-after"), labels(Layout.turn(pair, 0)));
    assertEquals(List.of("cif-after", "cif-before"), labels(Layout.turn(pair, 1)));
    assertEquals(List.of("cif-before", "cif-after"), labels(Layout.turn(pair, 2)));
  }
}
