package dev.cif.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The host names and racks of the one-machine cluster. Every DataNode and the NodeManager beside it share
 * a name of their own ({@code node0.cif.test}, ...), so that HDFS's block locations, the splits' hosts and
 * YARN's containers name the same "machines", and "node-local" means what it means on a cluster.
 *
 * <p>Each node also has a loopback address of its own ({@code 127.0.0.2} for node0, {@code 127.0.0.3} for
 * node1, ...: Linux routes all of 127.0.0.0/8 to the loopback interface, so binding them needs no root). A
 * NodeManager's node name is the reverse lookup of the address it listens on: with one shared 127.0.0.1 every
 * NodeManager came out as {@code localhost} and no container was ever on a split's host. The names resolve
 * through a hosts file of the JDK's own ({@code -Djdk.net.hosts.file}), which every JVM of the cluster (this
 * one and each container) is started with: the machine's {@code /etc/hosts} plus one line per node. No root
 * access and no DNS change is needed.
 */
public final class NodeNames {
  public static final String DOMAIN = "cif.test";
  public static final String HOSTS_FILE_PROPERTY = "jdk.net.hosts.file";

  private final List<String> hosts = new ArrayList<>();
  private final List<String> racks = new ArrayList<>();

  /** {@code nodes} names on two racks: the first half on /rack1, the rest on /rack2. */
  public NodeNames(int nodes) {
    if (nodes < 4 || nodes > 250) {
      throw new IllegalArgumentException("4 to 250 nodes (at least 2 racks of 2; one loopback address each): " + nodes);
    }
    for (int i = 0; i < nodes; i++) {
      hosts.add("node" + i + "." + DOMAIN);
      racks.add(i < (nodes + 1) / 2 ? "/rack1" : "/rack2");
    }
  }

  public List<String> hosts() { return hosts; }

  public List<String> racks() { return racks; }

  public String host(int i) { return hosts.get(i); }

  /** The loopback address of node {@code i}: its DataNode and NodeManager listen on it. */
  public String address(int i) { return "127.0.0." + (i + 2); }

  /** The rack of a host name, or null if it is not one of this cluster's. */
  public String rackOf(String host) {
    int i = hosts.indexOf(host);
    return i < 0 ? null : racks.get(i);
  }

  /**
   * Writes the hosts file: the machine's own entries first (localhost and its host name must still
   * resolve: the JDK reads only this file once the property is set), then each node at its own address
   * (the first name of an address's line is what a reverse lookup of it answers).
   */
  /** Each node's host name and address with its rack, a line each (Hadoop's TableMapping format). */
  public void writeTopologyTable(File file) throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < hosts.size(); i++) {
      text.append(hosts.get(i)).append(' ').append(racks.get(i)).append('\n');
      text.append(address(i)).append(' ').append(racks.get(i)).append('\n');
    }
    file.getParentFile().mkdirs();
    Files.writeString(file.toPath(), text, StandardCharsets.UTF_8);
  }

  public void writeHostsFile(File file) throws IOException {
    StringBuilder text = new StringBuilder();
    Path etcHosts = Path.of("/etc/hosts");
    if (Files.isReadable(etcHosts)) {
      text.append(Files.readString(etcHosts, StandardCharsets.UTF_8)).append('\n');
    }
    String machine = machineName();
    text.append("127.0.0.1 localhost");
    if (machine != null) text.append(' ').append(machine);
    text.append('\n');
    for (int i = 0; i < hosts.size(); i++) {
      text.append(address(i)).append(' ').append(hosts.get(i)).append('\n');
    }
    file.getParentFile().mkdirs();
    Files.writeString(file.toPath(), text.toString(), StandardCharsets.UTF_8);
  }

  /** The kernel's host name, read without resolving it (resolution needs the file being written). */
  private static String machineName() throws IOException {
    Path proc = Path.of("/proc/sys/kernel/hostname");
    if (Files.isReadable(proc)) return Files.readString(proc, StandardCharsets.UTF_8).trim();
    String env = System.getenv("HOSTNAME");
    return env == null || env.isBlank() ? null : env.trim();
  }

  /**
   * Makes Hadoop in this JVM resolve every node name to its node's address. MiniDFSCluster registers each
   * DataNode host name it is given as an alias of {@code localhost} (Hadoop's static resolution, which
   * Hadoop consults before the JDK), so a client here would connect to 127.0.0.1, where no DataNode
   * listens; containers, which resolve through the hosts file alone, need nothing.
   */
  public void resolveInThisJvm() {
    for (int i = 0; i < hosts.size(); i++) {
      org.apache.hadoop.net.NetUtils.addStaticResolution(hosts.get(i), address(i));
    }
  }

  /**
   * Checks that this JVM resolves the names through {@code file}: the property must be given on the
   * command line, since the JDK reads it once, when name resolution starts.
   */
  public static void requireHostsFile(File file) {
    String given = System.getProperty(HOSTS_FILE_PROPERTY);
    if (given == null || !new File(given).getAbsoluteFile().equals(file.getAbsoluteFile())) {
      throw new IllegalStateException("start this JVM with -D" + HOSTS_FILE_PROPERTY + "=" + file.getAbsolutePath()
          + " (given: " + given + "): the cluster's node names resolve only through it");
    }
  }
}
