package dev.cif.placement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The NameNode's memory of where each split-directory lives: its "home", the ordered nodes that hold
 * every replica of every block of its column files (CoHadoop's locator table, keyed by directory).
 *
 * <p>Memory is a cache, not the truth: the namespace is (the home recorded on the directory, see
 * {@code HomeAttribute}), so the table is bounded (least recently used entries are forgotten) and is
 * loaded from the namespace when the NameNode starts or becomes active. It exists because decisions must
 * agree before the namespace holds them (blocks chosen for two columns at the same moment, or for many
 * re-replications in one pass of the redundancy monitor), and because the NameNode asks which replica
 * to delete without naming the block, so the homes must be at hand as node sets. Each entry remembers
 * whether the namespace holds it yet ({@link #isRecorded}).
 *
 * <p>Besides dir → home it counts each distinct home as a node set, because the NameNode asks which
 * replica to delete without saying which block (see {@link #findHomeWithin}).
 *
 * @param <N> a datanode (generic so that the table is testable without a cluster)
 */
public final class HomeTable<N> {
  /** Enumerating subsets of replicas beyond this many is not worth it: fall back to the default. */
  private static final int MAX_SUBSETS = 256;

  private final Map<Set<N>, Integer> homeSets = new HashMap<>();
  private final LinkedHashMap<String, List<N>> homes;
  private final Set<String> recorded = new HashSet<>();
  /**
   * One instance per node: a million homes name the same few hundred datanodes, and each home read
   * from the namespace decodes fresh copies of their ids (a UUID string costs about 80 bytes).
   */
  private final Map<N, N> nodes = new HashMap<>();
  private final int capacity;

  public HomeTable(int capacity) {
    this.capacity = capacity;
    this.homes = new LinkedHashMap<>(64, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, List<N>> eldest) {
        if (size() <= capacity) {
          return false;
        }
        forgetSet(eldest.getValue());
        recorded.remove(eldest.getKey());
        return true;
      }
    };
  }

  /** The home of a split-directory in memory, or null when this NameNode has none for it. */
  public synchronized List<N> get(String dir) {
    return homes.get(dir);
  }

  /**
   * Takes {@code proposed} as the home of {@code dir} if the table still holds {@code seen} (null:
   * no entry), and returns the home in effect; a new home is not recorded until {@link #markRecorded}. A concurrent decision wins over ours, so that all blocks
   * of a directory follow the first writer.
   */
  public synchronized List<N> settle(String dir, List<N> seen, List<N> proposed) {
    List<N> current = homes.get(dir);
    if (!Objects.equals(current, seen)) {
      return current;
    }
    if (current != null) {
      forgetSet(current);
    }
    List<N> home = put(dir, proposed);
    if (!home.equals(current)) {
      recorded.remove(dir);
    }
    return home;
  }

  /** Takes the home the namespace holds for {@code dir} as the truth, replacing what memory had. */
  public synchronized void load(String dir, List<N> home) {
    List<N> current = homes.get(dir);
    if (current != null) {
      forgetSet(current);
    }
    put(dir, home);
    recorded.add(dir);
  }

  /**
   * Takes the home the namespace holds for {@code dir} unless memory already has one (which came from
   * the namespace since this load began, or from a decision made since, and is at least as new), and
   * returns whether the table has room for more. A background load uses it, so that it never
   * overwrites what a block allocation decided meanwhile, and stops when the table is full rather than
   * evict what it loaded.
   */
  public synchronized boolean loadIfAbsent(String dir, List<N> home) {
    if (!homes.containsKey(dir)) {
      put(dir, home);
      recorded.add(dir);
    }
    return homes.size() < capacity;
  }

  /** True when the namespace holds {@code home} as {@code dir}'s home (so it survives a restart). */
  public synchronized boolean isRecorded(String dir, List<N> home) {
    return recorded.contains(dir) && home.equals(homes.get(dir));
  }

  /** Notes that the namespace now holds {@code home}, if it is still the home in effect. */
  public synchronized void markRecorded(String dir, List<N> home) {
    if (home.equals(homes.get(dir))) {
      recorded.add(dir);
    }
  }

  private List<N> put(String dir, List<N> home) {
    List<N> copy = home.stream().map(n -> nodes.computeIfAbsent(n, k -> k)).toList();
    homes.put(dir, copy);
    homeSets.merge(new HashSet<>(copy), 1, Integer::sum);
    return copy;
  }

  public synchronized int size() {
    return homes.size();
  }

  /**
   * Among {@code replicas} (the nodes of one block), finds a subset of {@code size} nodes that is the
   * home of some split-directory: keeping exactly those replicas keeps that directory co-located. When
   * several subsets qualify, the one without {@code preferDropped} (the node that just received a copy)
   * wins, then the most common. Returns null when none qualifies.
   */
  public synchronized Set<N> findHomeWithin(Collection<N> replicas, int size, N preferDropped) {
    List<N> nodes = new ArrayList<>(new HashSet<>(replicas));
    if (size <= 0 || size > nodes.size() || binomial(nodes.size(), size) > MAX_SUBSETS) {
      return null;
    }
    List<Set<N>> matches = new ArrayList<>();
    collectSubsets(nodes, size, 0, new HashSet<>(), matches);
    Set<N> best = null;
    for (Set<N> m : matches) {
      if (best == null || rank(m, preferDropped) > rank(best, preferDropped)) {
        best = m;
      }
    }
    return best;
  }

  private long rank(Set<N> home, N preferDropped) {
    long withoutAdded = preferDropped != null && home.contains(preferDropped) ? 0 : 1;
    return (withoutAdded << 40) + homeSets.getOrDefault(home, 0);
  }

  private void collectSubsets(List<N> nodes, int size, int from, Set<N> current,
      List<Set<N>> matches) {
    if (current.size() == size) {
      if (homeSets.containsKey(current)) {
        matches.add(new HashSet<>(current));
      }
      return;
    }
    for (int i = from; i <= nodes.size() - (size - current.size()); i++) {
      current.add(nodes.get(i));
      collectSubsets(nodes, size, i + 1, current, matches);
      current.remove(nodes.get(i));
    }
  }

  private void forgetSet(List<N> home) {
    homeSets.computeIfPresent(new HashSet<>(home), (k, n) -> n > 1 ? n - 1 : null);
  }

  private static long binomial(int n, int k) {
    long r = 1;
    for (int i = 1; i <= k; i++) {
      r = r * (n - k + i) / i;
    }
    return r;
  }
}
