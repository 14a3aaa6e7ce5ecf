package dev.cif.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import java.util.Objects;
import javax.net.SocketFactory;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;

/**
 * The one-machine cluster's network: Hadoop sockets that leave from the node's own loopback address, so that
 * the NameNode and the DataNodes see each node as a host of its own, as on a cluster. It is Hadoop's RPC and
 * HDFS client socket factory ({@code hadoop.rpc.socket.factory.class.default}) of every DataNode and of every
 * container.
 *
 * <p>Why: a server knows a client by the address its connection comes from. With every socket leaving from
 * 127.0.0.1, the NameNode registered all DataNodes under one address and could not tell which node a reader
 * runs on, so it ordered a block's replicas for a reader as if the reader sat on a random DataNode, and a task
 * running on the node that holds its split read from another node about two times in three. With this factory
 * each DataNode registers from its node's address and each task's requests come from its node's: the NameNode
 * hands a task its own node's replica first, and the DataNodes tell local readers from remote ones.
 *
 * <p>The address is {@value #ADDRESS_KEY} (a DataNode's configuration, all DataNodes sharing one JVM) or else
 * the {@value #NODE_ADDRESS_ENV} environment variable (each NodeManager gives it to its
 * containers); without either, sockets are left unbound (a client on no node).
 *
 * <p>The class travels alone, in {@link OneMachineCluster#networkJar}, to containers and clients: it refers to
 * nothing but the JDK and Hadoop's {@code Configuration} ({@code NetworkJarTest} checks).
 */
public final class NodeAddressSocketFactory extends SocketFactory implements Configurable {
  /**
   * The node's address, for a JVM that hosts a node's daemon beside others (the DataNodes): a key of the
   * simulated cluster's own, set only by OneMachineCluster, so not one of CIF's settings (CifConf).
   */
  public static final String ADDRESS_KEY = "one-machine-cluster.node.address";
  /** The environment variable a NodeManager gives its containers: its node's loopback address. */
  public static final String NODE_ADDRESS_ENV = "CIF_NODE_ADDRESS";

  private Configuration conf;
  private String address;

  public NodeAddressSocketFactory() {
    address = System.getenv(NODE_ADDRESS_ENV);
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    String own = conf.getTrimmed(ADDRESS_KEY, "");
    if (!own.isEmpty()) address = own;
  }

  @Override
  public Configuration getConf() { return conf; }

  /** The address sockets leave from, or null (unbound). */
  String address() { return address == null || address.isEmpty() ? null : address; }

  @Override
  public Socket createSocket() throws IOException {
    // Hadoop's IPC and HDFS client use the socket's channel (timeouts), as StandardSocketFactory's have one.
    Socket socket = SocketChannel.open().socket();
    if (address() != null) socket.bind(new InetSocketAddress(address(), 0));
    return socket;
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    Socket socket = createSocket();
    socket.connect(new InetSocketAddress(host, port));
    return socket;
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    Socket socket = createSocket();
    socket.connect(new InetSocketAddress(host, port));
    return socket;
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
    throw new UnsupportedOperationException("sockets leave from the node's address, not " + localHost);
  }

  @Override
  public Socket createSocket(InetAddress host, int port, InetAddress localAddress, int localPort) throws IOException {
    throw new UnsupportedOperationException("sockets leave from the node's address, not " + localAddress);
  }

  /**
   * Hadoop's RPC keeps one client (and its connections) per factory, found by equality: the DataNodes of one
   * JVM must not share connections, so factories of different addresses differ.
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof NodeAddressSocketFactory other && Objects.equals(address(), other.address());
  }

  @Override
  public int hashCode() { return Objects.hash(NodeAddressSocketFactory.class, address()); }
}
