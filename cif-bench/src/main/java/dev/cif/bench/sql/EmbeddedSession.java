package dev.cif.bench.sql;

import dev.cif.embedded.console.TaskFailureLog;
import dev.cif.embedded.hive.EmbeddedHive;
import java.io.File;
import java.util.List;

/** Embedded Hive 4 (MR local or Tez local, in this JVM), with CIF registered. */
final class EmbeddedSession implements SqlSession {
  private final EmbeddedHive hive;
  private final TaskFailureLog taskFailures;

  EmbeddedSession(File root) throws Exception { this(root, Engine.MR); }

  EmbeddedSession(File root, Engine engine) throws Exception {
    hive = new EmbeddedHive(root, false);
    if (engine == Engine.TEZ) hive.useTezLocal();
    // MR local jobs take seconds; Hive polls their progress every second by default.
    hive.set("hive.exec.counters.pull.interval", "100");
    taskFailures = TaskFailureLog.install();
  }

  @Override public void set(String key, String value) { hive.set(key, value); }

  @Override public List<String> run(String sql) throws Exception { return hive.run(sql); }

  @Override public String takeTaskFailure() { return taskFailures.take(); }

  @Override public boolean readsInProcess() { return true; }

  @Override public long bytesRead() { return TableFileSystem.bytesRead(); }

  /** Tables live under benchtable:, so that reads of table data can be told from reads of jars and plans. */
  @Override
  public String databaseLocation(String database, File dir) {
    return TableFileSystem.SCHEME + "://" + new File(dir, "warehouse/" + database).getAbsolutePath();
  }

  @Override
  public long cpuNanos() { return TezDagCounters.processCpuNanos(); }

  @Override public void close() throws Exception { hive.close(); }
}
