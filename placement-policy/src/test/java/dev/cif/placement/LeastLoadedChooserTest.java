package dev.cif.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LeastLoadedChooserTest {
  private static final Map<String, String> RACK = Map.of("a", "/r1", "b", "/r1", "c", "/r1",
      "d", "/r2", "e", "/r2", "f", "/r2");

  private static LeastLoadedChooser.Cluster<String> cluster(Map<String, Long> load,
      Set<String> dead) {
    return new LeastLoadedChooser.Cluster<>() {
      public List<String> nodes() {
        return List.of("a", "b", "c", "d", "e", "f");
      }

      public String rack(String n) {
        return RACK.get(n);
      }

      public long load(String n) {
        return load.getOrDefault(n, 0L);
      }

      public boolean usable(String n) {
        return !dead.contains(n);
      }
    };
  }

  @Test
  void picksTheLeastLoadedNodesOnTwoRacks() {
    Map<String, Long> load = Map.of("a", 1L, "b", 9L, "c", 2L, "d", 9L, "e", 9L, "f", 3L);
    List<String> home = new LeastLoadedChooser<String>(new Random(1))
        .complete(List.of(), 3, cluster(load, Set.of()));
    assertEquals(Set.of("a", "c", "f"), Set.copyOf(home));
  }

  @Test
  void neverPutsAWholeHomeOnOneRack() {
    Map<String, Long> load = Map.of("d", 9L, "e", 9L, "f", 9L);
    List<String> home = new LeastLoadedChooser<String>(new Random(2))
        .complete(List.of(), 3, cluster(load, Set.of()));
    assertEquals(2, home.stream().map(RACK::get).distinct().count(), home.toString());
  }

  @Test
  void replacesADeadNodeKeepingTheSurvivors() {
    List<String> home = new LeastLoadedChooser<String>(new Random(3))
        .complete(List.of("a", "b"), 3, cluster(Map.of(), Set.of("c")));
    assertEquals(List.of("a", "b"), home.subList(0, 2));
    assertEquals("/r2", RACK.get(home.get(2)), "the replacement restores the second rack");
  }

  @Test
  void aRecoveredHomeOnOneRackKeepsOnlyWhatFitsTheRackRule() {
    List<String> kept = new LeastLoadedChooser<String>(new Random(5))
        .admissible(List.of("a", "b", "c", "d"), 3, cluster(Map.of(), Set.of("d")));
    assertEquals(List.of("a", "b"), kept);
  }

  @Test
  void spreadingManyHomesKeepsLoadEven() {
    Map<String, Long> load = new HashMap<>();
    LeastLoadedChooser<String> chooser = new LeastLoadedChooser<>(new Random(4));
    for (int i = 0; i < 60; i++) {
      for (String n : chooser.complete(List.of(), 3, cluster(load, Set.of()))) {
        load.merge(n, 1L, Long::sum);
      }
    }
    Set<Long> counts = load.values().stream().collect(Collectors.toSet());
    assertTrue(counts.stream().allMatch(c -> c >= 29 && c <= 31), load.toString());
  }
}
