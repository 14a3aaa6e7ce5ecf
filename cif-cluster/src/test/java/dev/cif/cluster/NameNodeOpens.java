package dev.cif.cluster;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * The CIF files opened through the NameNode, from its audit log (one line per namespace call, naming the
 * command, the path and, with hadoop.caller.context.enabled, the caller's context: a Tez task sets its attempt
 * id, {@code tez_ta:attempt_...}): how many opens of column files, how many column files the query needs, and
 * how many opens of schema files. A query needs each column file once per task that reads it
 * (docs/scale-opens.md, "What opens = files needed means"): a split-directory read in row-range parts is read by a
 * task per part, each of which must open the projected files, as each of ORC's tasks opens its file; a table
 * scanned twice is read by the tasks of two scans. So the files needed are the distinct (task, column file)
 * pairs, and a column file opened outside any task (planning) that no task opened; with no task named in the
 * log, the distinct column files. A read that opens each file once per task has as many opens as files needed,
 * and a schema-file open is one a read of known columns does not need.
 */
final class NameNodeOpens extends AppenderSkeleton {
  private static final String LOGGER = "org.apache.hadoop.hdfs.server.namenode.FSNamesystem.audit";
  private static final Pattern OPEN = Pattern.compile("\\tcmd=open\\tsrc=(\\S+)\\t");
  private static final Pattern SCHEMA = Pattern.compile(".*/schema-\\d+\\.cif");
  /** The caller context of a Tez task attempt, as the audit log gives it. */
  private static final Pattern TASK = Pattern.compile("\\tcallerContext=(tez_ta:[^\\s:]+)");

  private long columnOpens;
  private long columnOpensInTasks;
  private long schemaOpens;
  /** (task, file) pairs the tasks opened, the files they opened, and the files opened outside any task. */
  private final Set<String> taskFiles = new HashSet<>();
  private final Set<String> filesOfTasks = new HashSet<>();
  private final Set<String> otherFiles = new HashSet<>();

  private static NameNodeOpens installed;

  /** The counter of this JVM's NameNode's audit log, counting from the first call on. */
  static synchronized NameNodeOpens counting() {
    if (installed == null) {
      installed = new NameNodeOpens();
      Logger audit = Logger.getLogger(LOGGER);
      audit.setLevel(Level.INFO);
      audit.setAdditivity(false);
      audit.addAppender(installed);
    }
    return installed;
  }

  @Override
  protected void append(LoggingEvent event) {
    count(event.getRenderedMessage());
  }

  /** Counts one audit-log line. */
  synchronized void count(String message) {
    if (message == null || !message.contains("cmd=open")) return;
    Matcher m = OPEN.matcher(message);
    if (!m.find() || !m.group(1).endsWith(".cif")) return;
    if (SCHEMA.matcher(m.group(1)).matches()) {
      schemaOpens++;
    } else {
      columnOpens++;
      Matcher task = TASK.matcher(message);
      if (task.find()) {
        columnOpensInTasks++;
        taskFiles.add(task.group(1) + " " + m.group(1));
        filesOfTasks.add(m.group(1));
      } else {
        otherFiles.add(m.group(1));
      }
    }
  }

  /** The column files needed: per task, and those opened outside tasks that no task opened. */
  private long filesNeeded() {
    long other = otherFiles.stream().filter(f -> !filesOfTasks.contains(f)).count();
    return taskFiles.size() + other;
  }

  /** Counts from now on start from zero (the distinct files are those of one query). */
  synchronized void reset() {
    columnOpens = columnOpensInTasks = schemaOpens = 0;
    taskFiles.clear();
    filesOfTasks.clear();
    otherFiles.clear();
  }

  /**
   * Opens of column files that name the Tez task attempt that made them: all of a query's opens, when the tasks set
   * Hadoop's caller context (the cluster's {@code TezCallerContextShim}) and planning opens nothing.
   */
  synchronized long columnOpensInTasks() { return columnOpensInTasks; }

  synchronized Snapshot now() { return new Snapshot(columnOpens, filesNeeded(), schemaOpens); }

  @Override
  public void close() {}

  @Override
  public boolean requiresLayout() { return false; }

  /** Opens of column files, the column files needed (per task), and opens of schema files. */
  record Snapshot(long columnOpens, long columnFiles, long schemaOpens) {}
}
