package dev.cif.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hive.ql.exec.Task;
import org.apache.hadoop.hive.ql.exec.tez.TezTask;
import org.apache.hadoop.hive.ql.hooks.ExecuteWithHookContext;
import org.apache.hadoop.hive.ql.hooks.HookContext;
import org.apache.tez.common.counters.CounterGroup;
import org.apache.tez.common.counters.TezCounter;
import org.apache.tez.common.counters.TezCounters;

/**
 * A Hive post-execution hook ({@code hive.exec.post.hooks}) that keeps the DAG counters of the last
 * statement's Tez tasks, summed by counter name: CPU_MILLISECONDS, HDFS_BYTES_READ, HDFS_OP_OPEN,
 * DATA_LOCAL_TASKS, ... as the Tez application master reported them.
 */
public final class TezCountersHook implements ExecuteWithHookContext {
  private static volatile Map<String, Long> last = Map.of();

  @Override
  public void run(HookContext context) {
    Map<String, Long> sums = new TreeMap<>();
    List<Task<?>> pending = new ArrayList<>(context.getQueryPlan().getRootTasks());
    while (!pending.isEmpty()) {
      Task<?> task = pending.remove(pending.size() - 1);
      if (task instanceof TezTask tez && tez.getTezCounters() != null) {
        add(tez.getTezCounters(), sums);
      }
      if (task.getChildTasks() != null) pending.addAll(task.getChildTasks());
    }
    last = sums;
  }

  private static void add(TezCounters counters, Map<String, Long> sums) {
    for (CounterGroup group : counters) {
      for (TezCounter c : group) {
        sums.merge(c.getName(), c.getValue(), Long::sum);
      }
    }
  }

  /** The counters of the last statement that ran Tez tasks (empty if it ran none). */
  static Map<String, Long> last() { return last; }

  static void reset() { last = Map.of(); }
}
