package dev.cif.embedded.hive;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.txn.compactor.Cleaner;
import org.apache.hadoop.hive.ql.txn.compactor.CompactorThread;
import org.apache.hadoop.hive.ql.txn.compactor.Worker;

/**
 * One cycle of a compactor thread (Worker: the queued compaction; Cleaner: removal of what it made obsolete) as
 * the metastore would run it, on a thread of its own with the session's settings: stopped before it starts, it
 * returns after one cycle (InsertOnlyTransactionalTest; outside the test class: see {@link SessionConf}).
 */
final class CompactorCycle {
  private CompactorCycle() {}

  static void worker(EmbeddedHive hive) throws Exception { runOnce(new Worker(), hive); }

  static void cleaner(EmbeddedHive hive) throws Exception { runOnce(new Cleaner(), hive); }

  private static void runOnce(CompactorThread thread, EmbeddedHive hive) throws Exception {
    thread.setConf(new HiveConf(hive.conf()));
    thread.init(new AtomicBoolean(true));
    thread.start();
    thread.join();
  }
}
