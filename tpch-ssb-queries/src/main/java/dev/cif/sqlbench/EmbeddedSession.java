package dev.cif.sqlbench;

import dev.cif.hive.EmbeddedHive;
import java.io.File;
import java.util.List;

/** Embedded Hive 4 (MR local or Tez local, in this JVM), with CIF registered. */
final class EmbeddedSession implements SqlSession {
  private final EmbeddedHive hive;
  private final TaskFailureLog taskFailures;

  EmbeddedSession(File root) throws Exception { this(root, Engine.MR); }

  EmbeddedSession(File root, Engine engine) throws Exception {
    hive = new EmbeddedHive(root, false);
    if (engine == Engine.TEZ) useTezLocal();
    // Map joins build their hash tables in this JVM, not in a child process (which lacks the flags).
    hive.set("hive.exec.submit.local.task.via.child", "false");
    // Hive stops a map join's hash-table build when the heap's used bytes pass a share of its maximum
    // (0.55 if a GROUP BY follows, else 0.90). In this JVM "used" counts the whole session's data and its
    // uncollected garbage, not the hash table: TPC-H Q5 at SF 1 failed so ("Map local work exhausted
    // memory" at 0.786 of a 4 GB heap whose live set after a full GC was 0.5 GB). Used never exceeds the
    // maximum, so at 1 the check is off and the JVM's own OutOfMemoryError is the limit.
    hive.set("hive.mapjoin.localtask.max.memory.usage", "1");
    hive.set("hive.mapjoin.followby.gby.localtask.max.memory.usage", "1");
    // MR local jobs take seconds; Hive polls their progress every second by default.
    hive.set("hive.exec.counters.pull.interval", "100");
    taskFailures = TaskFailureLog.install();
  }

  /**
   * Tez in local mode: the DAG's tasks run on threads of this JVM, one at a time (Tez's default for
   * inline tasks), as MR local runs one map task at a time. Hive sizes map-join hash tables and sort
   * buffers from the container size; here every task shares this JVM's heap, so it is set to a share
   * of it that a single task may use.
   */
  private void useTezLocal() {
    long taskMb = Math.max(256, Runtime.getRuntime().maxMemory() / 2 / (1 << 20));
    hive.useTezLocal(taskMb, Math.min(256, taskMb / 4));
    hive.set("tez.task.scale.memory.enabled", "false");
  }

  @Override public void set(String key, String value) { hive.set(key, value); }

  @Override public List<String> run(String sql) throws Exception { return hive.run(sql); }

  @Override public String takeTaskFailure() { return taskFailures.take(); }

  @Override public boolean readsInProcess() { return true; }

  @Override
  public long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  @Override public void close() throws Exception { hive.close(); }
}
