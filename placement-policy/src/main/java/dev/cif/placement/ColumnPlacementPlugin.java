package dev.cif.placement;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.ColumnPlacementPolicy;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.util.ServicePlugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * NameNode plugin ({@code dfs.namenode.plugins}) that hands the namespace to its NameNode's
 * {@link ColumnPlacementPolicy}. HDFS gives a placement policy no reference to the namesystem; without
 * one the policy can neither record a split-directory's home in the namespace nor read it back, and a
 * restart would forget where split-directories live.
 *
 * <p>It also reloads the recorded homes when its NameNode goes from standby to active: a standby tails
 * the homes the active NameNode records into its namespace, but not into the policy's memory. The
 * NameNode offers plugins no HA callback, so the state is polled (twice a second, a field read).
 */
public final class ColumnPlacementPlugin implements ServicePlugin {
  private static final Logger LOG = LoggerFactory.getLogger(ColumnPlacementPlugin.class);
  private static final long HA_POLL_MILLIS = 500;

  private ScheduledExecutorService watcher;

  @Override
  public void start(Object service) {
    if (!(service instanceof NameNode)) {
      return;
    }
    NameNode nn = (NameNode) service;
    BlockPlacementPolicy policy = nn.getNamesystem().getBlockManager().getBlockPlacementPolicy();
    if (!(policy instanceof ColumnPlacementPolicy)) {
      LOG.warn("CIF placement: dfs.block.replicator.classname is {}, not ColumnPlacementPolicy;"
          + " the plugin does nothing", policy.getClass().getName());
      return;
    }
    ColumnPlacementPolicy cpp = (ColumnPlacementPolicy) policy;
    cpp.attach(nn.getNamesystem());
    LOG.info("CIF placement: namespace available to ColumnPlacementPolicy");
    watcher = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "cif-placement-ha-watcher");
      t.setDaemon(true);
      return t;
    });
    boolean[] active = {nn.isActiveState()};
    watcher.scheduleWithFixedDelay(() -> {
      boolean now = nn.isActiveState();
      if (now && !active[0]) {
        cpp.loadRecordedHomes();
      }
      active[0] = now;
    }, HA_POLL_MILLIS, HA_POLL_MILLIS, TimeUnit.MILLISECONDS);
  }

  @Override
  public void stop() {
    if (watcher != null) {
      watcher.shutdownNow();
      watcher = null;
    }
  }

  @Override
  public void close() {
    stop();
  }
}
