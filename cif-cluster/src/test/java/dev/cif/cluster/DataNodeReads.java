package dev.cif.cluster;

import java.lang.reflect.Field;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.metrics.DataNodeMetrics;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;

/**
 * Bytes the cluster's DataNodes have served, summed over all of them, and how many the DataNodes counted as
 * going to a remote reader: each DataNode's own metrics ({@code BytesRead}, {@code RemoteBytesRead}, in this
 * JVM). A DataNode counts a read as local when the reader's socket comes from the address it was reached at.
 * That measures node locality only if each container's reads leave from its node's address, which they do
 * not yet (the Hive client expands dfs.client.local.interfaces before shipping it; cluster.md, "Local and
 * remote reads"): until then the split is reported, not relied on.
 */
record DataNodeReads(long bytes, long remoteBytes) {
  static DataNodeReads now(MiniDFSCluster dfs) throws ReflectiveOperationException {
    long bytes = 0;
    long remote = 0;
    for (DataNode dn : dfs.getDataNodes()) {
      DataNodeMetrics m = dn.getMetrics();
      bytes += counter(m, "bytesRead");
      remote += counter(m, "remoteBytesRead");
    }
    return new DataNodeReads(bytes, remote);
  }

  /** DataNodeMetrics has no getters for these; its JMX beans are not registered in a mini cluster. */
  private static long counter(DataNodeMetrics m, String field) throws ReflectiveOperationException {
    Field f = DataNodeMetrics.class.getDeclaredField(field);
    f.setAccessible(true);
    return ((MutableCounterLong) f.get(m)).value();
  }

  DataNodeReads minus(DataNodeReads before) {
    return new DataNodeReads(bytes - before.bytes, remoteBytes - before.remoteBytes);
  }

  long localBytes() { return bytes - remoteBytes; }

  /** The node-local share of the bytes read, in percent (100 when nothing was read). */
  double localPercent() { return bytes == 0 ? 100 : 100.0 * localBytes() / bytes; }
}
