package dev.cif.cluster;

import java.io.File;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * {@code bin/cif cluster start|status|stop}'s Java side. {@code run DIR [--nodes N] [--block-size BYTES]
 * [--default-placement]} runs the cluster in this JVM until it is sent SIGTERM (bin/cif starts it in the
 * background, {@code stop} sends the signal; the shutdown hook stops YARN, then HDFS).
 * {@code status DIR} reports the running cluster's nodes from its client configuration in DIR/conf.
 */
public final class ClusterCommand {
  private ClusterCommand() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    if (args.length < 2) {
      err.println("usage: cif cluster start|status|stop  (Java side: run DIR [--nodes N] [--block-size BYTES]"
          + " [--default-placement] | status DIR)");
      return 2;
    }
    File base = new File(args[1]).getAbsoluteFile();
    switch (args[0]) {
      case "run": return runCluster(base, Arrays.asList(args).subList(2, args.length), out, err);
      case "status": return status(base, out, err);
      default:
        err.println("cif cluster: unknown command " + args[0]);
        return 2;
    }
  }

  private static int runCluster(File base, List<String> opts, PrintStream out, PrintStream err) throws Exception {
    OneMachineCluster.Options options = new OneMachineCluster.Options();
    for (int i = 0; i < opts.size(); i++) {
      switch (opts.get(i)) {
        case "--nodes": options.nodes(Integer.parseInt(opts.get(++i))); break;
        case "--block-size": options.blockSize(Long.parseLong(opts.get(++i))); break;
        case "--default-placement": options.columnPlacement(false); break;
        default:
          err.println("cif cluster start: unknown option " + opts.get(i));
          return 2;
      }
    }
    OneMachineCluster cluster = OneMachineCluster.start(base, options);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      cluster.close();
      stopped.countDown();
    }, "cif-cluster-stop"));
    out.println("cluster running, client configuration in " + OneMachineCluster.confDir(base));
    out.flush();
    stopped.await();
    return 0;
  }

  private static int status(File base, PrintStream out, PrintStream err) throws Exception {
    File conf = OneMachineCluster.confDir(base);
    if (!new File(conf, "ready").isFile()) {
      out.println("not running (no " + new File(conf, "ready") + ")");
      return 1;
    }
    Configuration c = OneMachineCluster.clientConfiguration(conf);
    Map<String, String> lines = new TreeMap<>();
    try (FileSystem fs = FileSystem.newInstance(c)) {
      DatanodeInfo[] live = ((DistributedFileSystem) fs).getDataNodeStats(HdfsConstants.DatanodeReportType.LIVE);
      out.println("hdfs " + fs.getUri() + ": " + live.length + " live datanodes");
      for (DatanodeInfo dn : live) {
        lines.put(dn.getHostName(), dn.getNetworkLocation() + " datanode " + dn.getXferAddr()
            + " used " + dn.getDfsUsed() + " bytes");
      }
    }
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(c);
      yarn.start();
      List<NodeReport> nodes = yarn.getNodeReports(NodeState.RUNNING);
      out.println("yarn " + c.get(YarnConfiguration.RM_ADDRESS) + ": " + nodes.size() + " running nodemanagers");
      for (NodeReport n : nodes) {
        String host = n.getNodeId().getHost();
        lines.merge(host, "nodemanager " + n.getNodeId() + " containers " + n.getNumContainers(),
            (a, b) -> a + ", " + b);
      }
    }
    lines.forEach((host, what) -> out.println("  " + host + " " + what));
    out.println("client configuration: " + conf);
    return 0;
  }
}
