package dev.cif.placement;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The replica node sets of co-located split-directories, for the Balancer. The Balancer asks
 * {@code isMovable(locations, source, target)} with neither the block nor its file, in its own process,
 * so the only way to keep a split-directory whole is to refuse any move of a block whose replica set is
 * some co-located directory's set. A plain file whose block happens to have the same set stays put too:
 * a few unmovable blocks in a small cluster, rare in a large one.
 *
 * <p>Loaded by listing {@value #ROOT_KEY} (default "/") through the Balancer's own configuration, and
 * refreshed after {@value #REFRESH_KEY} ms. If the listing fails, nothing is refused (best effort).
 * The Balancer makes a new placement policy for every iteration, so the listing is shared per JVM.
 */
public final class CoLocatedReplicaSets {
  // Not in cif-core's settings registry (dev.cif.conf.CifConf): this module must run on a NameNode without cif-core.
  public static final String ROOT_KEY = "cif.placement.scan.root";
  public static final String REFRESH_KEY = "cif.placement.balancer.refresh.ms";
  private static final Logger LOG = LoggerFactory.getLogger(CoLocatedReplicaSets.class);

  private static final Object LOCK = new Object();
  private static Set<Set<String>> sets = Set.of();
  private static long loadedAt = Long.MIN_VALUE;

  private final Configuration conf;
  private final long refreshMillis;

  public CoLocatedReplicaSets(Configuration conf) {
    this.conf = conf;
    this.refreshMillis = conf.getLong(REFRESH_KEY, 10 * 60 * 1000L);
  }

  /** True when {@code transferAddresses} ({@code ip:port} of each replica) is a co-located set. */
  public boolean contains(Set<String> transferAddresses) {
    synchronized (LOCK) {
      long now = System.currentTimeMillis();
      if (loadedAt == Long.MIN_VALUE || now - loadedAt > refreshMillis) {
        sets = load();
        loadedAt = now;
      }
      return sets.contains(transferAddresses);
    }
  }

  private Set<Set<String>> load() {
    Set<Set<String>> loaded = new HashSet<>();
    try {
      FileSystem fs = FileSystem.get(conf);
      for (SplitLayout split : SplitDirectoryScan.scan(fs, new Path(conf.get(ROOT_KEY, "/")))) {
        Set<String> common = split.commonNodes();
        if (common != null && !common.isEmpty()) {
          loaded.add(common);
        }
      }
      LOG.info("CIF placement: {} co-located replica sets protected from moves", loaded.size());
    } catch (IOException | RuntimeException e) {
      LOG.warn("CIF placement: cannot list split-directories, moves are not restricted", e);
    }
    return loaded;
  }
}
