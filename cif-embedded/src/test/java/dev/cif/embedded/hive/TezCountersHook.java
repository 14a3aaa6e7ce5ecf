package dev.cif.embedded.hive;

import org.apache.hadoop.hive.ql.exec.Task;
import org.apache.hadoop.hive.ql.exec.tez.TezTask;
import org.apache.hadoop.hive.ql.hooks.ExecuteWithHookContext;
import org.apache.hadoop.hive.ql.hooks.HookContext;

/**
 * A post-execution hook (hive.exec.post.hooks) that keeps the DAG counters of the last statement's Tez
 * tasks: Hive on Tez records none in the session's MapRedStats, which EmbeddedHive#lastStatementCounter reads.
 */
public final class TezCountersHook implements ExecuteWithHookContext {
  /** TOTAL_LAUNCHED_TASKS of the DAGs of the last statement run with this hook. */
  static volatile long launchedTasks;

  @Override
  public void run(HookContext context) {
    long n = 0;
    for (Task<?> t : context.getQueryPlan().getRootTasks()) {
      if (t instanceof TezTask && ((TezTask) t).getTezCounters() != null) {
        n += ((TezTask) t).getTezCounters().findCounter("org.apache.tez.common.counters.DAGCounter", "TOTAL_LAUNCHED_TASKS").getValue();
      }
    }
    launchedTasks = n;
  }
}
