package dev.cif.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HomeTableTest {

  @Test
  void theFirstDecisionForADirectoryWins() {
    HomeTable<String> table = new HomeTable<>(10);
    assertEquals(List.of("a", "b", "c"), table.settle("/t/s0", null, List.of("a", "b", "c")));
    // A writer that had not seen the first decision must adopt it, not overwrite it.
    assertEquals(List.of("a", "b", "c"), table.settle("/t/s0", null, List.of("d", "e", "f")));
    // A writer that saw it may replace it (a dead node was swapped out).
    assertEquals(List.of("a", "b", "d"),
        table.settle("/t/s0", List.of("a", "b", "c"), List.of("a", "b", "d")));
  }

  @Test
  void findsTheHomeAmongTheReplicasOfAnOverReplicatedBlock() {
    HomeTable<String> table = new HomeTable<>(10);
    table.settle("/t/s0", null, List.of("a", "b", "c"));
    table.settle("/t/s0", List.of("a", "b", "c"), List.of("a", "b", "y"));
    // c came back after its replicas were re-created on y: keep a, b, y.
    assertEquals(Set.of("a", "b", "y"), table.findHomeWithin(List.of("a", "b", "c", "y"), 3, "c"));
    // The replaced home is forgotten.
    assertNull(table.findHomeWithin(List.of("a", "b", "c", "z"), 3, "z"));
  }

  @Test
  void prefersTheHomeThatDropsTheNodeThatJustReceivedACopy() {
    HomeTable<String> table = new HomeTable<>(10);
    table.settle("/t/s0", null, List.of("a", "b", "c"));
    table.settle("/t/s1", null, List.of("a", "b", "d"));
    assertEquals(Set.of("a", "b", "c"), table.findHomeWithin(List.of("a", "b", "c", "d"), 3, "d"));
    assertEquals(Set.of("a", "b", "d"), table.findHomeWithin(List.of("a", "b", "c", "d"), 3, "c"));
  }

  @Test
  void forgetsTheLeastRecentlyUsedDirectoriesBeyondItsCapacity() {
    HomeTable<String> table = new HomeTable<>(2);
    table.settle("/t/s0", null, List.of("a", "b", "c"));
    table.settle("/t/s1", null, List.of("d", "e", "f"));
    table.get("/t/s0");
    table.settle("/t/s2", null, List.of("g", "h", "i"));
    assertEquals(2, table.size());
    assertNull(table.get("/t/s1"));
    assertNull(table.findHomeWithin(List.of("d", "e", "f", "g"), 3, null));
    assertEquals(List.of("a", "b", "c"), table.get("/t/s0"));
  }
}
