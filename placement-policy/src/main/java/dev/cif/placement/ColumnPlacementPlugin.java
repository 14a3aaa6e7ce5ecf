package dev.cif.placement;

import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.util.ServicePlugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * NameNode plugin ({@code dfs.namenode.plugins}) that hands the namespace to the placement policy.
 * HDFS gives a placement policy no reference to the namesystem; without one the policy only knows the
 * homes it chose since the NameNode started, and a restart would forget where old split-directories
 * live. One NameNode per JVM is assumed (true of real clusters and of MiniDFSCluster with one NameNode).
 */
public final class ColumnPlacementPlugin implements ServicePlugin {
  private static final Logger LOG = LoggerFactory.getLogger(ColumnPlacementPlugin.class);
  private static volatile FSNamesystem namesystem;

  private FSNamesystem mine;

  /** The namesystem of the running NameNode, or null before the plugin starts (or without it). */
  public static FSNamesystem namesystem() {
    return namesystem;
  }

  @Override
  public void start(Object service) {
    if (service instanceof NameNode) {
      mine = ((NameNode) service).getNamesystem();
      namesystem = mine;
      LOG.info("CIF placement: namespace available to ColumnPlacementPolicy");
    }
  }

  @Override
  public void stop() {
    if (mine != null && namesystem == mine) {
      namesystem = null;
    }
    mine = null;
  }

  @Override
  public void close() {
    stop();
  }
}
