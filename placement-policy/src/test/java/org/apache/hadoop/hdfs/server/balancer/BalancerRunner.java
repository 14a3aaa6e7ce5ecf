package org.apache.hadoop.hdfs.server.balancer;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSUtil;

/** Runs the Balancer in-process (its entry points are package-private). */
public final class BalancerRunner {
  private BalancerRunner() {
  }

  /** Returns the Balancer's exit status (0 = balanced, 1 = nothing could be moved, ...). */
  public static int run(Configuration conf) throws Exception {
    return Balancer.run(DFSUtil.getInternalNsRpcUris(conf), BalancerParameters.DEFAULT, conf);
  }
}
