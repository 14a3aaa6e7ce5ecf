package dev.cif.mapreduce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hosts a split names: those holding most of its bytes, as many as its blocks have replicas. */
class SplitHostsTest {
  @Test
  void aSplitWrittenWithFourReplicasNamesAllFourHosts() {
    // Every node of a 4-node cluster holds the whole split-directory: a task on any of them reads locally.
    Map<String, Long> hosts = hosts("node0", 100L, "node1", 100L, "node2", 100L, "node3", 100L);
    String[] named = SplitPlanner.topHosts(hosts, 4);
    Arrays.sort(named);
    assertArrayEquals(new String[] {"node0", "node1", "node2", "node3"}, named);
  }

  @Test
  void threeReplicasNameTheThreeHostsHoldingMostBytes() {
    Map<String, Long> hosts = hosts("a", 10L, "b", 300L, "c", 200L, "d", 250L, "e", 5L);
    assertArrayEquals(new String[] {"b", "d", "c"}, SplitPlanner.topHosts(hosts, 3));
  }

  @Test
  void fewerReplicasStillNameThreeHostsAndNeverMoreThanHoldTheData() {
    assertEquals(3, SplitPlanner.topHosts(hosts("a", 3L, "b", 2L, "c", 1L, "d", 1L), 1).length);
    assertArrayEquals(new String[] {"a"}, SplitPlanner.topHosts(hosts("a", 3L), 4));
  }

  private static Map<String, Long> hosts(Object... pairs) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) m.put((String) pairs[i], (Long) pairs[i + 1]);
    return m;
  }
}
