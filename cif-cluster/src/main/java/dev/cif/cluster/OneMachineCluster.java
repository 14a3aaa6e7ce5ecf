package dev.cif.cluster;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.tez.test.MiniTezCluster;

/**
 * HDFS, YARN and Tez on one machine: a NameNode (with {@code ColumnPlacementPolicy} and its plugin,
 * installed by the settings docs/placement.md gives an operator), one DataNode per node on two racks, a
 * ResourceManager and one NodeManager per node under the DataNode's host name, Tez on YARN. Every task
 * runs in a container JVM of its own. The containers' classpath is the nodes' Hadoop and Tez install
 * only; CIF reaches them the way an operator ships it (aux jars), never from this JVM's classpath.
 *
 * <p>The project's one cluster fixture: {@code bin/cif cluster} ({@link ClusterCommand}), cif-cluster's suites
 * and benchmark, and cif-it start it through {@link #start}. Built on Hadoop's and Tez's mini clusters (their
 * test jars), so this module is a developer tool that ships nowhere (docs/cluster.md).
 */
public final class OneMachineCluster implements AutoCloseable {
  public static final String PLACEMENT_POLICY = "org.apache.hadoop.hdfs.server.blockmanagement.ColumnPlacementPolicy";
  public static final String PLACEMENT_PLUGIN = "dev.cif.placement.ColumnPlacementPlugin";
  /**
   * The nodes' Hadoop and Tez install: this module's runtime classpath, which its build writes into its own
   * classes (pom.xml, execution {@code node-classpath}), so that every user of the fixture finds it.
   */
  static final String NODE_CLASSPATH_RESOURCE = "dev/cif/cluster/node-classpath.txt";

  /** How the cluster is built. */
  public static final class Options {
    int nodes = 4;
    long blockSize = 8L << 20;
    boolean columnPlacement = true;
    int nodeMemoryMb = 2048;
    int containerMb = 512;
    boolean fullJit;
    String extraJavaOpts = "";
    final Map<String, String> hdfsSettings = new LinkedHashMap<>();
    List<String> nodeClasspath;

    public Options nodes(int n) { nodes = n; return this; }
    public Options blockSize(long bytes) { blockSize = bytes; return this; }
    /** false: HDFS's default placement, for the comparison of what co-location buys. */
    public Options columnPlacement(boolean on) { columnPlacement = on; return this; }
    public Options nodeMemoryMb(int mb) { nodeMemoryMb = mb; return this; }
    public Options containerMb(int mb) { containerMb = mb; return this; }
    /**
     * true: the containers compile with the JDK's default JIT (C1, then C2 for hot code), as a real cluster's do,
     * for measurements; false (the default): C1 only, for tests, whose containers live seconds.
     */
    public Options fullJit(boolean on) { fullJit = on; return this; }
    /**
     * Settings of the NameNode's and DataNodes' configuration, over this class's own; those of HDFS's client
     * ({@code dfs.client.*}) also over the client configuration's.
     */
    public Options hdfsSettings(Map<String, String> settings) { hdfsSettings.putAll(settings); return this; }
    /** Flags added to every container's JVM (a profiler's, for example). */
    public Options extraJavaOpts(String opts) { extraJavaOpts = opts.isBlank() ? "" : opts.trim() + " "; return this; }
    /**
     * The jars of the nodes' Hadoop and Tez install (the containers' classpath), in place of the one this
     * module was built with.
     */
    public Options nodeClasspath(List<String> jars) { nodeClasspath = List.copyOf(jars); return this; }
  }

  /**
   * The HDFS client's close settings the client configuration carries (docs/scale.md, "What an operator should
   * set"): closing a file asks the NameNode to accept its last block, which it does once a DataNode has reported
   * the block; a client that asks first sleeps, 400 ms by default, before asking again. A CIF split-directory
   * closes a file per column side by side, so one of them usually loses that race and the statement waits 400 ms
   * for a report that comes within tens of milliseconds (docs/bench/write-path/close-times.txt). Asking again
   * after 20 ms, doubling, with 10 tries instead of 5, waits up to 20.5 s in all before failing (the default
   * 12.4 s). The same settings apply to every format.
   */
  public static final Map<String, String> CLIENT_CLOSE_SETTINGS = Map.of(
      "dfs.client.block.write.locateFollowingBlock.initial.delay.ms", "20",
      "dfs.client.block.write.locateFollowingBlock.retries", "10");

  /** The node classpath this module's build resolved (its runtime dependencies: Hadoop, Tez, the placement policy). */
  public static List<String> builtNodeClasspath() throws IOException {
    try (var in = OneMachineCluster.class.getClassLoader().getResourceAsStream(NODE_CLASSPATH_RESOURCE)) {
      if (in == null) throw new IOException("no " + NODE_CLASSPATH_RESOURCE + " on the classpath (written by cif-cluster's build)");
      String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
      return List.of(text.split(File.pathSeparator));
    }
  }

  private final File base;
  private final Options options;
  private final NodeNames names;
  private final MiniDFSCluster dfs;
  private final MiniTezCluster yarn;

  private OneMachineCluster(File base, Options options, NodeNames names, MiniDFSCluster dfs, MiniTezCluster yarn) {
    this.base = base;
    this.options = options;
    this.names = names;
    this.dfs = dfs;
    this.yarn = yarn;
  }

  /** The directory of the client configuration under {@code base}. */
  public static File confDir(File base) { return new File(base.getAbsoluteFile(), "conf"); }

  /** The hosts file every JVM of the cluster must be started with ({@code -Djdk.net.hosts.file}). */
  public static File hostsFile(File base) { return new File(confDir(base), "hosts"); }

  /** Hadoop's TableMapping file of the nodes' racks (host name or address, then rack), in the client configuration. */
  public static File topologyTable(File base) { return new File(confDir(base), "topology.table"); }

  /**
   * The jar of {@link NodeAddressSocketFactory}, beside the client configuration that names it: on the nodes'
   * classpath (each container's) and on a client's ({@code bin/cif} adds it when its {@code --conf} directory
   * holds it). It holds that one class, which needs only the JDK and Hadoop's {@code Configuration} (no test
   * library: a client's and a container's Hadoop have what it needs), so that the containers' classpath stays
   * the nodes' Hadoop and Tez install plus the simulated network.
   */
  public static File networkJar(File base) { return new File(confDir(base), "cif-cluster-network.jar"); }

  /** Writes the jar of {@link NodeAddressSocketFactory} alone. */
  static void writeNetworkJar(File jar) throws IOException {
    writeJarOf(jar, Map.of(), NodeAddressSocketFactory.class);
  }

  /**
   * The jar of {@link TezCallerContextShim}, on the nodes' classpath only (a client's Tez never loads a shim:
   * only application masters and tasks do). It needs the JDK, Hadoop's {@code CallerContext} and Tez's shim
   * classes, all in a node's Hadoop and Tez install.
   */
  public static File shimJar(File base) { return new File(confDir(base), "cif-cluster-tez-shim.jar"); }

  /**
   * Writes the jar of {@link TezCallerContextShim} and its shim, with the service entry through which Tez finds
   * shim providers (tez.hadoop.shim.provider.class only chooses among those found). Only this jar has the entry:
   * Tez in a client's own JVM (local mode) keeps its default shim.
   */
  static void writeShimJar(File jar) throws IOException {
    writeJarOf(jar, Map.of(org.apache.tez.hadoop.shim.HadoopShimProvider.class, TezCallerContextShim.class),
        TezCallerContextShim.class, TezCallerContextShim.Shim.class);
  }

  /** Writes a jar of these classes alone, from this JVM's classpath, with a service entry per (service, provider). */
  private static void writeJarOf(File jar, Map<Class<?>, Class<?>> services, Class<?>... classes) throws IOException {
    jar.getParentFile().mkdirs();
    try (var out = new java.util.jar.JarOutputStream(new FileOutputStream(jar))) {
      for (Map.Entry<Class<?>, Class<?>> s : services.entrySet()) {
        out.putNextEntry(new java.util.jar.JarEntry("META-INF/services/" + s.getKey().getName()));
        out.write((s.getValue().getName() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.closeEntry();
      }
      for (Class<?> c : classes) {
        String entry = c.getName().replace('.', '/') + ".class";
        try (var in = OneMachineCluster.class.getClassLoader().getResourceAsStream(entry)) {
          if (in == null) throw new IOException("no " + entry + " on the classpath");
          out.putNextEntry(new java.util.jar.JarEntry(entry));
          in.transferTo(out);
          out.closeEntry();
        }
      }
    }
  }

  /**
   * Starts the cluster under {@code base} (its data, logs and {@code conf/}) and writes the client
   * configuration into {@link #confDir}. This JVM must have been started with the {@link #hostsFile}.
   */
  public static OneMachineCluster start(File base, Options options) throws Exception {
    if (options.nodeClasspath == null) options.nodeClasspath = builtNodeClasspath();
    base = base.getAbsoluteFile();
    // Hadoop's mini clusters keep their data and the containers' logs under test.build.data (default
    // ./target/test/data, wherever the JVM was started).
    System.setProperty("test.build.data", new File(base, "data").getPath());
    NodeNames names = new NodeNames(options.nodes);
    File hosts = hostsFile(base);
    names.writeHostsFile(hosts);
    NodeNames.requireHostsFile(hosts);
    writeNetworkJar(networkJar(base));
    writeShimJar(shimJar(base));
    names.writeTopologyTable(topologyTable(base));
    new File(System.getProperty("java.io.tmpdir")).mkdirs();

    Configuration conf = new HdfsConfiguration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(base, "dfs").getPath());
    conf.set("hadoop.tmp.dir", new File(base, "hadoop-tmp").getPath());
    if (options.columnPlacement) {
      // docs/placement.md, "Installing it on a cluster", step 3.
      conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, PLACEMENT_POLICY);
      conf.set(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, PLACEMENT_PLUGIN);
    }
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, options.blockSize);
    conf.setLong(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 0);
    conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, 3);
    // The audit log names the caller's context (a Tez task's attempt id), so that the benchmark counts the
    // column files a query needs per task that reads them (docs/scale-opens.md).
    conf.setBoolean(org.apache.hadoop.fs.CommonConfigurationKeysPublic.HADOOP_CALLER_CONTEXT_ENABLED_KEY, true);
    // The nodes register from their own loopback addresses, whose reverse names are not the ones they give.
    conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_DATANODE_REGISTRATION_IP_HOSTNAME_CHECK_KEY, false);
    // A stopped DataNode is declared dead within ~12 s (fault runs), not HDFS's 10.5 minutes.
    conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_KEY, 1000);
    // The NameNode knows every DataNode by the address its RPCs come from (127.0.0.1 for all); clients and
    // the write pipeline connect by name, i.e. to the node's own address.
    conf.setBoolean(DFSConfigKeys.DFS_CLIENT_USE_DN_HOSTNAME, true);
    conf.setBoolean(DFSConfigKeys.DFS_DATANODE_USE_DN_HOSTNAME, true);
    // This JVM is a client too (the benchmark's Hive client, CifMergeHook's merge): it closes files as the
    // client configuration's users do.
    CLIENT_CLOSE_SETTINGS.forEach(conf::set);
    options.hdfsSettings.forEach(conf::set);
    // Each DataNode listens on its node's own address (checkDataNodeAddrConfig keeps them instead of
    // MiniDFSCluster's 127.0.0.1); hosts() sets dfs.datanode.hostname and racks() the rack table. Its data
    // port listens on every address: the NameNode hands out 127.0.0.1 (where every registration comes
    // from), which clients that do not connect by name use, e.g. the NodeManagers' localizers, whose
    // configuration no setting reaches. A reader connecting by name reaches the node's own address, which
    // is what the DataNode's local/remote count compares with the reader's.
    Configuration[] nodeAddresses = new Configuration[options.nodes];
    for (int i = 0; i < options.nodes; i++) {
      nodeAddresses[i] = new Configuration(false);
      nodeAddresses[i].set(DFSConfigKeys.DFS_DATANODE_ADDRESS_KEY, "0.0.0.0:0");
      nodeAddresses[i].set(DFSConfigKeys.DFS_DATANODE_HTTP_ADDRESS_KEY, names.address(i) + ":0");
      nodeAddresses[i].set(DFSConfigKeys.DFS_DATANODE_IPC_ADDRESS_KEY, names.address(i) + ":0");
      // Its RPCs to the NameNode leave from its address: the NameNode registers it under that address and
      // knows a reader on the same node as its neighbour (NodeAddressSocketFactory).
      nodeAddresses[i].set(CommonConfigurationKeysPublic.HADOOP_RPC_SOCKET_FACTORY_CLASS_DEFAULT_KEY,
          NodeAddressSocketFactory.class.getName());
      nodeAddresses[i].set(NodeAddressSocketFactory.ADDRESS_KEY, names.address(i));
    }
    MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf).numDataNodes(options.nodes)
        .racks(names.racks().toArray(String[]::new)).hosts(names.hosts().toArray(String[]::new))
        .checkDataNodeAddrConfig(true).dataNodeConfOverlays(nodeAddresses).build();
    MiniTezCluster yarn = null;
    try {
      names.resolveInThisJvm();
      dfs.waitActive();
      FileSystem fs = dfs.getFileSystem();
      YarnConfiguration yc = new YarnConfiguration(dfs.getConfiguration(0));
      yc.set("fs.defaultFS", fs.getUri().toString());
      yc.setInt("yarn.minicluster.yarn.nodemanager.resource.memory-mb", options.nodeMemoryMb);
      yc.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
      yc.setInt(YarnConfiguration.NM_VCORES, 4);
      // Hive keeps its Tez session's application master up between queries; a Pig (MapReduce) job's
      // master must fit beside it: the capacity scheduler's default share for masters (10%) does not.
      yc.setFloat("yarn.scheduler.capacity.maximum-am-resource-percent", 0.5f);
      // MiniDFSCluster put its rack table (StaticMapping) in the configuration: the ResourceManager
      // resolves the NodeManagers' racks through the same table, in this JVM.
      yarn = new MiniTezCluster("cif-cluster", options.nodes, 1, 1);
      yarn.init(yc);
      // Each NodeManager takes its DataNode's host name and address: its NodeId is the reverse name of the
      // address yarn.nodemanager.address binds (read when it starts), which MiniYARNCluster would set to this
      // machine's name for all of them. Its containers learn their node's address from the environment
      // (dfs.client.local.interfaces in the client configuration reads it), so that their HDFS reads leave
      // from it and a DataNode tells a reader on its own node from one on another.
      for (int i = 0; i < options.nodes; i++) {
        Configuration nm = yarn.getNodeManager(i).getConfig();
        nm.set(YarnConfiguration.NM_ADDRESS, names.host(i) + ":0");
        nm.set(YarnConfiguration.NM_ADMIN_USER_ENV, nm.get(YarnConfiguration.NM_ADMIN_USER_ENV,
            YarnConfiguration.DEFAULT_NM_ADMIN_USER_ENV) + "," + NodeAddressSocketFactory.NODE_ADDRESS_ENV + "=" + names.address(i));
      }
      yarn.start();
      if (!yarn.waitForNodeManagersToConnect(60_000)) {
        throw new IllegalStateException("the NodeManagers did not register within 60 s");
      }
      requireNodeManagersUnderNodeNames(yarn, names);
      OneMachineCluster cluster = new OneMachineCluster(base, options, names, dfs, yarn);
      cluster.writeClientConf(confDir(base));
      return cluster;
    } catch (Exception | Error e) {
      if (yarn != null) yarn.stop();
      dfs.shutdown();
      throw e;
    }
  }

  /**
   * Tez asks YARN for a task's container on its split's hosts (the DataNodes' names): a NodeManager under any
   * other name (e.g. {@code localhost}, the reverse name of 127.0.0.1) never gets a data-local task.
   */
  private static void requireNodeManagersUnderNodeNames(MiniTezCluster yarn, NodeNames names) {
    java.util.Set<String> registered = new java.util.TreeSet<>();
    yarn.getResourceManager().getRMContext().getRMNodes().keySet().forEach(id -> registered.add(id.getHost()));
    if (!registered.equals(new java.util.TreeSet<>(names.hosts()))) {
      throw new IllegalStateException("NodeManagers registered as " + registered + ", not as the DataNodes " + names.hosts());
    }
  }

  public MiniDFSCluster dfs() { return dfs; }

  public MiniTezCluster yarn() { return yarn; }

  public NodeNames names() { return names; }

  public FileSystem fileSystem() throws IOException { return dfs.getFileSystem(); }

  /**
   * The JVM flags of every container: JDK 17 openings Hadoop, Hive and Tez need, and the node names. C1 only unless
   * {@link Options#fullJit}: a test's container on this one machine lives seconds, mostly loading classes, and
   * shares the machine's few cores with every other node. A benchmark asks for the JDK's default JIT, which a real
   * cluster's containers run: under C1 alone a kept container's hot loops never get C2's code. No collector is
   * chosen here: MapReduce's task launch adds -XX:+UseParallelGC of its own, and a JVM given two collectors does
   * not start ("Multiple garbage collectors selected": Pig's job on YARN).
   */
  String containerJavaOpts() { return containerJavaOpts(options, base); }

  static String containerJavaOpts(Options options, File base) {
    int heap = options.containerMb * 3 / 4;
    return "-Xmx" + heap + "m " + (options.fullJit ? "" : "-XX:TieredStopAtLevel=1 ") + options.extraJavaOpts
        + "--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED "
        + "--add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED "
        + "--add-opens=java.base/java.util.regex=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED "
        + "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED "
        + "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED "
        + "-D" + NodeNames.HOSTS_FILE_PROPERTY + "=" + hostsFile(base).getPath();
  }

  /** The client configuration, file by file (name → settings). */
  public Map<String, Map<String, String>> clientConf() throws IOException {
    Configuration y = yarn.getConfig();
    List<String> nodeJars = new java.util.ArrayList<>(options.nodeClasspath);
    nodeJars.add(networkJar(base).getPath());
    nodeJars.add(shimJar(base).getPath());
    String classpath = String.join(",", nodeJars);
    String opts = containerJavaOpts();
    String mb = Integer.toString(options.containerMb);
    Map<String, Map<String, String>> files = new LinkedHashMap<>();
    files.put("core-site.xml", Map.of("fs.defaultFS", fileSystem().getUri().toString(),
        // The racks, as an operator's topology table gives them to every client and container: Tez's
        // application master groups splits and matches containers to tasks by node, then by rack.
        CommonConfigurationKeysPublic.NET_TOPOLOGY_NODE_SWITCH_MAPPING_IMPL_KEY, "org.apache.hadoop.net.TableMapping",
        CommonConfigurationKeysPublic.NET_TOPOLOGY_TABLE_MAPPING_FILE_KEY, topologyTable(base).getPath(),
        // In a container, Hadoop's connections (to the NameNode, the DataNodes, the application master) leave
        // from its node's address; in a client on no node they are unbound (NodeAddressSocketFactory).
        CommonConfigurationKeysPublic.HADOOP_RPC_SOCKET_FACTORY_CLASS_DEFAULT_KEY, NodeAddressSocketFactory.class.getName()));
    Map<String, String> hdfsSite = new LinkedHashMap<>();
    hdfsSite.put(DFSConfigKeys.DFS_REPLICATION_KEY, "3");
    hdfsSite.put(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Long.toString(options.blockSize));
    // DataNodes listen on their nodes' addresses, reached by name (see start).
    hdfsSite.put(DFSConfigKeys.DFS_CLIENT_USE_DN_HOSTNAME, "true");
    hdfsSite.putAll(CLIENT_CLOSE_SETTINGS);
    // A client setting given to the cluster (Options.hdfsSettings) reaches its clients too.
    options.hdfsSettings.forEach((k, v) -> {
      if (k.startsWith("dfs.client.")) hdfsSite.put(k, v);
    });
    files.put("hdfs-site.xml", hdfsSite);
    Map<String, String> yarnSite = new LinkedHashMap<>();
    for (String key : List.of(YarnConfiguration.RM_ADDRESS, YarnConfiguration.RM_SCHEDULER_ADDRESS,
        YarnConfiguration.RM_RESOURCE_TRACKER_ADDRESS, YarnConfiguration.RM_ADMIN_ADDRESS,
        YarnConfiguration.RM_WEBAPP_ADDRESS)) {
      yarnSite.put(key, y.get(key));
    }
    // The nodes' install, as an operator's yarn-site.xml names it; not the client's classpath (which a
    // mini cluster would otherwise hand to every container, CIF included).
    yarnSite.put(YarnConfiguration.YARN_APPLICATION_CLASSPATH, classpath);
    yarnSite.put(YarnConfiguration.IS_MINI_YARN_CLUSTER, "false");
    files.put("yarn-site.xml", yarnSite);
    files.put("mapred-site.xml", Map.of(
        "mapreduce.framework.name", "yarn",
        "mapreduce.application.classpath", classpath,
        "yarn.app.mapreduce.am.staging-dir", "/tmp/hadoop-yarn/staging",
        "yarn.app.mapreduce.am.command-opts", opts,
        "mapreduce.map.java.opts", opts,
        "mapreduce.reduce.java.opts", opts,
        "yarn.app.mapreduce.am.resource.mb", mb,
        "mapreduce.map.memory.mb", mb,
        "mapreduce.reduce.memory.mb", mb));
    files.put("tez-site.xml", Map.of(
        "tez.lib.uris", y.get("tez.lib.uris"),
        // A held container is reused only for a task that wants its node (Tez's default also takes one on
        // the same rack, which reads the split from another node).
        "tez.am.container.reuse.rack-fallback.enabled", "false",
        // A task's grouped splits all live on one node: Tez's default fills groups it cannot fill from one node
        // with splits of the rack, whose reads then leave the node. What co-location needs (docs/cluster.md).
        "tez.grouping.node.local.only", "true",
        "tez.use.cluster.hadoop-libs", "true",
        // Tasks name themselves to the NameNode (its audit log), as Tez's tarball shim has them do on a cluster.
        org.apache.tez.hadoop.shim.HadoopShimsLoader.TEZ_HADOOP_SHIM_PROVIDER_CLASS, TezCallerContextShim.class.getName(),
        "tez.am.launch.cmd-opts", opts,
        "tez.task.launch.cmd-opts", opts,
        "tez.am.resource.memory.mb", mb,
        "tez.task.resource.memory.mb", mb,
        "tez.local.mode", "false"));
    files.put("hive-site.xml", Map.of(
        "hive.execution.engine", "tez",
        "hive.tez.container.size", mb,
        "hive.tez.java.opts", opts,
        "hive.metastore.warehouse.dir", "/warehouse",
        "hive.metastore.warehouse.external.dir", "/warehouse/external",
        "hive.exec.scratchdir", "/tmp/hive"));
    return files;
  }

  /**
   * The client configuration in {@code confDir} as a client on an edge node reads it: Hadoop's defaults, then
   * the site files.
   */
  public static Configuration clientConfiguration(File confDir) {
    Configuration c = new YarnConfiguration();
    for (String site : List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml", "mapred-site.xml", "tez-site.xml")) {
      File f = new File(confDir, site);
      if (!f.isFile()) throw new IllegalArgumentException("no " + f + " (is the cluster running?)");
      c.addResource(new org.apache.hadoop.fs.Path(f.toURI()));
    }
    return c;
  }

  /** Writes {@link #clientConf} as Hadoop site files, then {@code ready} (the hosts file is there). */
  public void writeClientConf(File dir) throws IOException {
    dir.mkdirs();
    for (Map.Entry<String, Map<String, String>> file : clientConf().entrySet()) {
      Configuration c = new Configuration(false);
      file.getValue().forEach(c::set);
      try (OutputStream out = new FileOutputStream(new File(dir, file.getKey()))) {
        c.writeXml(out);
      }
    }
    new File(dir, "ready").createNewFile();
  }

  @Override
  public void close() {
    new File(confDir(base), "ready").delete();
    try {
      // Each NodeManager's log handler waits ~10 s for its pending deletions when it stops: stop them
      // side by side rather than one after the other.
      List<Thread> stops = new java.util.ArrayList<>();
      for (int i = 0; i < options.nodes; i++) {
        org.apache.hadoop.yarn.server.nodemanager.NodeManager nm = yarn.getNodeManager(i);
        Thread t = new Thread(nm::stop, "stop-nm-" + i);
        t.start();
        stops.add(t);
      }
      for (Thread t : stops) {
        try {
          t.join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      yarn.stop();
    } finally {
      dfs.shutdown();
    }
  }
}
