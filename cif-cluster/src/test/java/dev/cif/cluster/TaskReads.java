package dev.cif.cluster;

import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * The HDFS bytes Tez and MapReduce tasks read, and how many of them came from a DataNode on the task's own
 * node, from the DataNodes' client trace (one line per block read, logged by every DataNode of the cluster in
 * this JVM). Each line names the DataNode's address, the reader's address and the reader's DFSClient. A task's
 * DFSClient is named after its attempt ({@code DFSClient_attempt_...}; other readers, the Hive client and the
 * Tez application master's split planning, are {@code DFSClient_NONMAPREDUCE_...}), and a container's reads
 * leave from its node's address (cluster.md, "Local and remote reads"): a task's block read is node-local when
 * the two addresses are the same.
 *
 * <p>Counting from the trace rather than from the DataNodes' {@code RemoteBytesRead} metric is what separates
 * the tasks' reads from the client's and the application master's, which on a real cluster run on no data node.
 */
final class TaskReads extends AppenderSkeleton {
  /** Hadoop's DataNode.DN_CLIENTTRACE_FORMAT, for a read: src is the DataNode, dest the reader. */
  private static final Pattern READ = Pattern.compile(
      "src: /([^:,]+):\\d+, dest: /([^:,]+):\\d+,.*?bytes: (\\d+), op: HDFS_READ, cliID: (\\S+?),");
  private static final String LOGGER = "org.apache.hadoop.hdfs.server.datanode.DataNode.clienttrace";

  private final AtomicLong taskBytes = new AtomicLong();
  private final AtomicLong taskLocalBytes = new AtomicLong();
  private final AtomicLong otherBytes = new AtomicLong();

  private static TaskReads installed;

  /**
   * The counter of this JVM's DataNodes, counting from the first call on: read traces are logged at DEBUG, and
   * go only here (not to the console).
   */
  static synchronized TaskReads counting() {
    if (installed == null) {
      installed = new TaskReads();
      Logger trace = Logger.getLogger(LOGGER);
      trace.setLevel(Level.DEBUG);
      trace.setAdditivity(false);
      trace.addAppender(installed);
    }
    return installed;
  }

  @Override
  protected void append(LoggingEvent event) {
    String message = event.getRenderedMessage();
    if (message == null || !message.contains("HDFS_READ")) return;
    Matcher m = READ.matcher(message);
    if (!m.find()) return;
    long bytes = Long.parseLong(m.group(3));
    if (m.group(4).startsWith("DFSClient_attempt_")) {
      taskBytes.addAndGet(bytes);
      if (m.group(1).equals(m.group(2))) taskLocalBytes.addAndGet(bytes);
    } else {
      otherBytes.addAndGet(bytes);
    }
  }

  /** What has been counted so far. */
  Snapshot now() { return new Snapshot(taskBytes.get(), taskLocalBytes.get(), otherBytes.get()); }

  @Override
  public void close() {}

  @Override
  public boolean requiresLayout() { return false; }

  /** Bytes read by tasks, by tasks from their own node, and by other readers (client, application master). */
  record Snapshot(long taskBytes, long taskLocalBytes, long otherBytes) {
    Snapshot minus(Snapshot before) {
      return new Snapshot(taskBytes - before.taskBytes, taskLocalBytes - before.taskLocalBytes, otherBytes - before.otherBytes);
    }

    /** The node-local share of the tasks' bytes, in percent (100 when the tasks read nothing). */
    double localPercent() { return taskBytes == 0 ? 100 : 100.0 * taskLocalBytes / taskBytes; }
  }
}
