package dev.cif.sqlbench;

import dev.cif.hive.EmbeddedHive;
import java.io.File;
import java.util.List;

/** Embedded Hive 4 (MR local, in this JVM), with CIF registered. */
final class EmbeddedSession implements SqlSession {
  private final EmbeddedHive hive;
  private final TaskFailureLog taskFailures;

  EmbeddedSession(File root) throws Exception {
    hive = new EmbeddedHive(root, false);
    // Map joins build their hash tables in this JVM, not in a child process (which lacks the flags).
    hive.set("hive.exec.submit.local.task.via.child", "false");
    // MR local jobs take seconds; Hive polls their progress every second by default.
    hive.set("hive.exec.counters.pull.interval", "100");
    taskFailures = TaskFailureLog.install();
  }

  @Override public void set(String key, String value) { hive.set(key, value); }

  @Override public List<String> run(String sql) throws Exception { return hive.run(sql); }

  @Override public String takeTaskFailure() { return taskFailures.take(); }

  @Override public boolean readsInProcess() { return true; }

  @Override public void close() throws Exception { hive.close(); }
}
