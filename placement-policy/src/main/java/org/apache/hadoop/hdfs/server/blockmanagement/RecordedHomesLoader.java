package org.apache.hadoop.hdfs.server.blockmanagement;

import dev.cif.placement.HomeTable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.server.namenode.HomeAttribute;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The background load of every home the namespace records ({@link HomeAttribute}) into
 * {@link ColumnPlacementPolicy}'s home table, so that neither a NameNode's start-up nor a standby's
 * transition to active waits for it. The walk holds the namesystem read lock for a batch of directories at a
 * time ({@value ColumnPlacementPolicy#LOAD_BATCH_KEY}), pausing between batches
 * ({@value ColumnPlacementPolicy#LOAD_PAUSE_KEY}, changeable while a load runs). A newer load supersedes the
 * one under way, which stops at its next directory.
 */
final class RecordedHomesLoader {
  /** The policy's logger: operators (and the log settings of the suites) know the load's line under that name. */
  private static final Logger LOG = LoggerFactory.getLogger(ColumnPlacementPolicy.class);

  private final int directoriesPerLock;
  private final Object pauseLock = new Object();
  private long pauseMillis; // guarded by pauseLock
  private volatile Load current;

  RecordedHomesLoader(int directoriesPerLock, long pauseMillis) {
    this.directoriesPerLock = Math.max(1, directoriesPerLock);
    this.pauseMillis = Math.max(0, pauseMillis);
  }

  /** Starts loading fsn's recorded homes into table on a daemon thread, abandoning the load under way. */
  void start(FSNamesystem fsn, HomeTable<String> table) {
    Load load = new Load(table);
    current = load;
    Thread thread = new Thread(() -> load.run(fsn), "cif-placement-home-loader");
    thread.setDaemon(true);
    thread.start();
  }

  /** True once the latest load has finished (or none was started). */
  boolean loaded() {
    Load load = current;
    return load == null || load.done.getCount() == 0;
  }

  /** Waits for the latest load; returns what it saw (null: none was started). */
  HomeAttribute.Walk await(long timeoutMillis) throws InterruptedException {
    Load load = current;
    if (load == null) {
      return null;
    }
    if (!load.done.await(timeoutMillis, TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException("recorded homes not loaded after " + timeoutMillis + " ms");
    }
    return load.walk;
  }

  /** Changes the pause between two batches, also for a load under way (which resumes at once when it is lowered). */
  void setPause(long millis) {
    synchronized (pauseLock) {
      pauseMillis = Math.max(0, millis);
      pauseLock.notifyAll();
    }
  }

  private void pause() {
    synchronized (pauseLock) {
      long start = System.currentTimeMillis();
      long left;
      while ((left = start + pauseMillis - System.currentTimeMillis()) > 0) {
        try {
          pauseLock.wait(left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /** One load of the recorded homes into one table. */
  private final class Load {
    private final HomeTable<String> table;
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile HomeAttribute.Walk walk;

    Load(HomeTable<String> table) {
      this.table = table;
    }

    void run(FSNamesystem fsn) {
      try {
        // Stops when superseded (a newer load took over) or when the table is full: loading more would
        // only evict homes loaded a moment ago.
        walk = HomeAttribute.forEach(fsn, directoriesPerLock, RecordedHomesLoader.this::pause,
            (dir, home) -> current == this && table.loadIfAbsent(dir, home));
        LOG.info("CIF placement: {} recorded homes loaded in {} ms ({} directories walked,"
            + " longest read-lock hold {} ms{})", walk.homes(), walk.millis(), walk.directories(),
            walk.maxLockHoldNanos() / 1_000_000, walk.complete() ? "" : ", stopped early");
      } finally {
        done.countDown();
      }
    }
  }
}
