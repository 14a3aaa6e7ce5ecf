package org.apache.hadoop.hdfs.server.balancer;

import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSUtil;

/** Runs the Balancer in-process (its entry points are package-private). */
public final class BalancerRunner {
  private BalancerRunner() {
  }

  /**
   * Runs the Balancer for at most {@code maxMillis}: on a tiny cluster it may keep finding a few bytes
   * to move for a long time, and what the tests need is that it has moved blocks, not that it is done.
   * Returns its exit status, or -1 if it was still running (it stops with the cluster).
   */
  public static int run(Configuration conf, long maxMillis) throws Exception {
    FutureTask<Integer> balancer = new FutureTask<>(
        () -> Balancer.run(DFSUtil.getInternalNsRpcUris(conf), BalancerParameters.DEFAULT, conf));
    Thread t = new Thread(balancer, "test-balancer");
    t.setDaemon(true);
    t.start();
    try {
      return balancer.get(maxMillis, TimeUnit.MILLISECONDS);
    } catch (TimeoutException stillRunning) {
      return -1;
    }
  }
}
