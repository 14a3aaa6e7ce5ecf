package dev.cif.bench.sql;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hive.ql.exec.Task;
import org.apache.hadoop.hive.ql.exec.tez.TezTask;
import org.apache.hadoop.hive.ql.hooks.ExecuteWithHookContext;
import org.apache.hadoop.hive.ql.hooks.HookContext;
import org.apache.tez.common.counters.CounterGroup;
import org.apache.tez.common.counters.TezCounter;
import org.apache.tez.common.counters.TezCounters;

/**
 * A Hive post-execution hook ({@code hive.exec.post.hooks}) that keeps the counters of each statement's Tez
 * DAGs as the application master reported them, summed by counter name (CPU_MILLISECONDS, HDFS_BYTES_READ,
 * HDFS_OP_OPEN, DATA_LOCAL_TASKS, ...): the last statement's, and the running total of every statement since
 * the JVM started. On a cluster the tasks run in containers, so these are what tells their CPU and reads.
 */
public final class TezDagCounters implements ExecuteWithHookContext {
  private static volatile Map<String, Long> last = Map.of();
  private static volatile long lastAt;
  private static volatile long lastCpuAt;
  private static final Map<String, Long> TOTAL = new ConcurrentHashMap<>();

  @Override
  public void run(HookContext context) {
    Map<String, Long> sums = new TreeMap<>();
    List<Task<?>> pending = new ArrayList<>(context.getQueryPlan().getRootTasks());
    while (!pending.isEmpty()) {
      Task<?> task = pending.remove(pending.size() - 1);
      if (task instanceof TezTask tez && tez.getTezCounters() != null) add(tez.getTezCounters(), sums);
      if (task.getChildTasks() != null) pending.addAll(task.getChildTasks());
    }
    sums.forEach((k, v) -> TOTAL.merge(k, v, Long::sum));
    last = sums;
    lastCpuAt = processCpuNanos();
    lastAt = System.nanoTime();
  }

  private static void add(TezCounters counters, Map<String, Long> sums) {
    for (CounterGroup group : counters) {
      for (TezCounter c : group) sums.merge(c.getName(), c.getValue(), Long::sum);
    }
  }

  /** The counters of the last statement that ran Tez tasks (empty if it ran none). */
  public static Map<String, Long> last() { return last; }

  /**
   * When this hook last ran ({@link System#nanoTime}): after the statement's DAGs and Hive's own stages (its move,
   * its merge stage, its statistics), before the post-execution hooks listed after it.
   */
  public static long lastAt() { return lastAt; }

  /**
   * This JVM's CPU time ({@code getProcessCpuTime}, ns) when this hook last ran: with {@link #lastAt}, what the JVM
   * (on the one-machine cluster also its HDFS and YARN daemons) spent before and after the statement's stages ended.
   */
  public static long lastCpuAt() { return lastCpuAt; }

  /** The CPU time this JVM has used so far, all its threads (ns). */
  public static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  /** Forgets the last statement's counters (not the totals). */
  public static void reset() { last = Map.of(); }

  /** A counter summed over every statement so far (0 if none reported it). */
  public static long total(String name) { return TOTAL.getOrDefault(name, 0L); }
}
