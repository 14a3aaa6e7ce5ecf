package dev.cif.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.bench.sql.Format;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cluster benchmark's layouts: a paired run loads CIF before and after the merge, and the two take turns, after the
 * same warm-up, in a session that keeps its containers.
 */
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

  @Test
  void everyLayoutGetsTheSameWarmUpAndTheSessionKeepsItsContainers() {
    List<Layout> pair = Layout.of(List.of(Format.CIF), false, true);
    List<String> tables = List.of("lineitem", "part");
    String before = KeptContainers.warmUp(pair.get(0).database("tpch"), tables);
    String after = KeptContainers.warmUp(pair.get(1).database("tpch"), tables);
    // One query over every table, so that their tasks run side by side.
    assertEquals("SELECT 'lineitem' AS t, count(*) AS n FROM tpch_cif_before.lineitem UNION ALL "
        + "SELECT 'part' AS t, count(*) AS n FROM tpch_cif_before.part", before);
    assertEquals(before, after.replace("tpch_cif_after.", "tpch_cif_before."));
    // Tez's defaults (5 s and 10 s) released the containers between queries, so that which layout found one
    // depended on where the query before had run.
    Map<String, String> session = KeptContainers.sessionSettings();
    long min = Long.parseLong(session.get("tez.am.container.idle.release-timeout-min.millis"));
    long max = Long.parseLong(session.get("tez.am.container.idle.release-timeout-max.millis"));
    assertTrue(min >= 3_600_000 && max >= min, session.toString());
  }
}
