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
 * command and the path): how many opens of column files, how many distinct column files they were, and how
 * many opens of schema files. A query's column files needed are the distinct ones: a read that opens each once
 * has as many opens as distinct files, and a schema-file open is one a read of known columns does not need.
 */
final class NameNodeOpens extends AppenderSkeleton {
  private static final String LOGGER = "org.apache.hadoop.hdfs.server.namenode.FSNamesystem.audit";
  private static final Pattern OPEN = Pattern.compile("\\tcmd=open\\tsrc=(\\S+)\\t");
  private static final Pattern SCHEMA = Pattern.compile(".*/schema-\\d+\\.cif");

  private long columnOpens;
  private long schemaOpens;
  private final Set<String> columnFiles = new HashSet<>();

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
  protected synchronized void append(LoggingEvent event) {
    String message = event.getRenderedMessage();
    if (message == null || !message.contains("cmd=open")) return;
    Matcher m = OPEN.matcher(message);
    if (!m.find() || !m.group(1).endsWith(".cif")) return;
    if (SCHEMA.matcher(m.group(1)).matches()) {
      schemaOpens++;
    } else {
      columnOpens++;
      columnFiles.add(m.group(1));
    }
  }

  /** Counts from now on start from zero (the distinct files are those of one query). */
  synchronized void reset() {
    columnOpens = schemaOpens = 0;
    columnFiles.clear();
  }

  synchronized Snapshot now() { return new Snapshot(columnOpens, columnFiles.size(), schemaOpens); }

  @Override
  public void close() {}

  @Override
  public boolean requiresLayout() { return false; }

  /** Opens of column files, the distinct column files opened, and opens of schema files. */
  record Snapshot(long columnOpens, long columnFiles, long schemaOpens) {}
}
