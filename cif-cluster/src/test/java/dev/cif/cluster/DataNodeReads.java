package dev.cif.cluster;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Bytes the cluster's DataNodes have served, summed over all of them, and how many went to a reader on
 * another node: each DataNode's own metrics ({@code BytesRead}, {@code RemoteBytesRead} of its
 * {@code DataNodeActivity} bean, in this JVM). A DataNode counts a read as local when the reader's socket
 * comes from its own address; containers read from their node's address (cluster.md, "How host names and
 * racks are faked"), the client JVM from 127.0.0.1, which is no node's (so its reads count as remote).
 */
record DataNodeReads(long bytes, long remoteBytes) {
  static DataNodeReads now() throws Exception {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    long bytes = 0;
    long remote = 0;
    for (ObjectName name : server.queryNames(new ObjectName("Hadoop:service=DataNode,name=DataNodeActivity-*"), null)) {
      bytes += ((Number) server.getAttribute(name, "BytesRead")).longValue();
      remote += ((Number) server.getAttribute(name, "RemoteBytesRead")).longValue();
    }
    return new DataNodeReads(bytes, remote);
  }

  DataNodeReads minus(DataNodeReads before) {
    return new DataNodeReads(bytes - before.bytes, remoteBytes - before.remoteBytes);
  }

  long localBytes() { return bytes - remoteBytes; }

  /** The node-local share of the bytes read, in percent (100 when nothing was read). */
  double localPercent() { return bytes == 0 ? 100 : 100.0 * localBytes() / bytes; }
}
