package dev.cif.placement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Chooses the nodes of a new (or partly dead) home. CoHadoop took the first nodes of a locator from the
 * default random placement and measured 3-5x the plain-HDFS coefficient of variation of datanode usage:
 * a random choice at split-directory granularity is coarse. Here each slot goes to the least loaded
 * usable node that keeps HDFS's rack rule (at most {@code (r-1)/racks + 2} per rack, and more than one
 * rack when the cluster has several), ties broken at random so that equal nodes share the work.
 *
 * @param <N> a datanode
 */
public final class LeastLoadedChooser<N> {

  /** What the chooser needs to know of the cluster. */
  public interface Cluster<N> {
    List<N> nodes();

    String rack(N node);

    /** Present plus scheduled usage, in any unit that is the same for all nodes. */
    long load(N node);

    /** Alive, in service, and not excluded by the caller. */
    boolean usable(N node);
  }

  private final Random random;

  public LeastLoadedChooser(Random random) {
    this.random = random;
  }

  /** Returns {@code fixed} extended to {@code total} nodes (or as many as the cluster allows). */
  public List<N> complete(List<N> fixed, int total, Cluster<N> cluster) {
    List<N> chosen = new ArrayList<>(fixed);
    List<N> candidates = new ArrayList<>();
    for (N n : cluster.nodes()) {
      if (cluster.usable(n) && !chosen.contains(n)) {
        candidates.add(n);
      }
    }
    Map<N, Long> load = new HashMap<>();
    for (N n : candidates) {
      load.put(n, cluster.load(n));
    }
    // Shuffle first: the stable sort then breaks equal loads at random.
    Collections.shuffle(candidates, random);
    candidates.sort(Comparator.comparingLong(load::get));
    int racks = (int) cluster.nodes().stream().map(cluster::rack).distinct().count();
    int maxPerRack = maxPerRack(total, racks);
    while (chosen.size() < total && !candidates.isEmpty()) {
      N pick = pickNext(chosen, candidates, cluster, racks, maxPerRack, total);
      if (pick == null) {
        break;
      }
      chosen.add(pick);
      candidates.remove(pick);
    }
    return chosen;
  }

  private N pickNext(List<N> chosen, List<N> candidates, Cluster<N> cluster, int racks,
      int maxPerRack, int total) {
    for (N n : candidates) {
      if (fits(chosen, n, cluster, racks, maxPerRack, total)) {
        return n;
      }
    }
    // Best effort: rather a home on one rack than no home (HDFS itself falls back the same way).
    return candidates.get(0);
  }

  /**
   * The prefix-compatible part of {@code preferred} (a home recovered from where blocks happen to be,
   * which need not respect racks): its usable nodes, in order, as long as they keep the rack rule.
   */
  public List<N> admissible(List<N> preferred, int total, Cluster<N> cluster) {
    int racks = (int) cluster.nodes().stream().map(cluster::rack).distinct().count();
    int maxPerRack = maxPerRack(total, racks);
    List<N> kept = new ArrayList<>();
    for (N n : preferred) {
      if (kept.size() < total && cluster.usable(n) && !kept.contains(n)
          && fits(kept, n, cluster, racks, maxPerRack, total)) {
        kept.add(n);
      }
    }
    return kept;
  }

  private boolean fits(List<N> chosen, N n, Cluster<N> cluster, int racks, int maxPerRack,
      int total) {
    String rack = cluster.rack(n);
    long onRack = chosen.stream().filter(c -> cluster.rack(c).equals(rack)).count();
    if (onRack + 1 > maxPerRack) {
      return false;
    }
    boolean lastSlot = chosen.size() == total - 1;
    boolean oneRackSoFar = chosen.stream().map(cluster::rack).distinct().count() == 1;
    return !(lastSlot && racks > 1 && oneRackSoFar && cluster.rack(chosen.get(0)).equals(rack));
  }

  /** The same bound as HDFS's default policy, so that our homes never look mis-replicated. */
  static int maxPerRack(int total, int racks) {
    if (racks <= 1 || total <= 1) {
      return total;
    }
    int max = (total - 1) / racks + 2;
    return max == total ? max - 1 : max;
  }
}
