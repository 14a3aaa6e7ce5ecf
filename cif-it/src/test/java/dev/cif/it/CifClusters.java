package dev.cif.it;

import dev.cif.placement.ColumnPlacementPlugin;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.blockmanagement.ColumnPlacementPolicy;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * A MiniDFSCluster running ColumnPlacementPolicy (6 datanodes on 2 racks, replication 3, small blocks)
 * and a MiniMRYarnCluster whose jobs read and write it.
 */
final class CifClusters implements AutoCloseable {
  static final int BLOCK_SIZE = 64 * 1024;
  static final String[] RACKS = {"/r1", "/r1", "/r1", "/r2", "/r2", "/r2"};
  // Distinct host names: MiniDFSCluster's datanodes all run on 127.0.0.1, so without them every
  // block location (and so every split's host list) would name one and the same host.
  static final String[] HOSTS = {"dn0.cif.test", "dn1.cif.test", "dn2.cif.test", "dn3.cif.test",
      "dn4.cif.test", "dn5.cif.test"};
  private static final int CONTAINER_MB = 512;

  final MiniDFSCluster dfs;
  final MiniMRYarnCluster yarn;

  private CifClusters(MiniDFSCluster dfs, MiniMRYarnCluster yarn) {
    this.dfs = dfs;
    this.yarn = yarn;
  }

  static CifClusters start() throws IOException {
    File base = new File("target/clusters").getAbsoluteFile();
    // Surefire points java.io.tmpdir into target/; the clusters' web servers need it to exist.
    new File(System.getProperty("java.io.tmpdir")).mkdirs();
    Configuration conf = new HdfsConfiguration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(base, "dfs").getPath());
    conf.set("hadoop.tmp.dir", new File(base, "hadoop-tmp").getPath());
    conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, ColumnPlacementPolicy.class.getName());
    conf.set(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, ColumnPlacementPlugin.class.getName());
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK_SIZE);
    conf.setLong(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 0);
    conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, 3);
    MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf).numDataNodes(RACKS.length).racks(RACKS)
        .hosts(HOSTS).build();
    try {
      dfs.waitActive();
      MiniMRYarnCluster yarn = new MiniMRYarnCluster(CifClusters.class.getSimpleName(), 1);
      yarn.init(yarnConf(dfs));
      yarn.start();
      return new CifClusters(dfs, yarn);
    } catch (IOException | RuntimeException e) {
      dfs.shutdown();
      throw e;
    }
  }

  private static Configuration yarnConf(MiniDFSCluster dfs) throws IOException {
    Configuration conf = new YarnConfiguration(dfs.getConfiguration(0));
    conf.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
    conf.set(MRJobConfig.MR_AM_STAGING_DIR, "/apps_staging_dir");
    // Small containers: two cores and the test JVM's 3 GB are shared by the AM and the tasks.
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 256);
    conf.setInt(MRJobConfig.MR_AM_VMEM_MB, CONTAINER_MB);
    conf.setInt(MRJobConfig.MAP_MEMORY_MB, CONTAINER_MB);
    conf.setInt(MRJobConfig.REDUCE_MEMORY_MB, CONTAINER_MB);
    // Every container JVM costs seconds on a small machine: no speculative duplicates.
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    conf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
    // Container JVMs are JDK 17 too and need the same --add-opens as this JVM (Hadoop's reflection).
    String opts = "-Xmx300m " + jvmOpens();
    conf.set(MRJobConfig.MR_AM_COMMAND_OPTS, opts);
    conf.set(MRJobConfig.MAP_JAVA_OPTS, opts);
    conf.set(MRJobConfig.REDUCE_JAVA_OPTS, opts);
    return conf;
  }

  /** The --add-opens flags this JVM was started with (the reactor's cif.test.argLine). */
  static String jvmOpens() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("--add-opens")).collect(Collectors.joining(" "));
  }

  /**
   * A job conf for the mini YARN cluster. It carries yarn.is.minicluster, on which MapReduce puts this
   * JVM's classpath (target/test-classes included) on the containers' classpath: no job jar needed.
   */
  Configuration yarnJobConf() {
    return new Configuration(yarn.getConfig());
  }

  /** A job conf for the local runner against the same HDFS. */
  Configuration localJobConf() throws IOException {
    Configuration conf = new Configuration(dfs.getConfiguration(0));
    conf.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
    conf.set("mapreduce.framework.name", "local");
    return conf;
  }

  @Override
  public void close() {
    try {
      yarn.stop();
    } finally {
      dfs.shutdown();
    }
  }
}
