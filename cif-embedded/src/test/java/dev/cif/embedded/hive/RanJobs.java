package dev.cif.embedded.hive;

import org.apache.hadoop.hive.ql.exec.ConditionalTask;
import org.apache.hadoop.hive.ql.exec.TaskRunner;
import org.apache.hadoop.hive.ql.hooks.ExecuteWithHookContext;
import org.apache.hadoop.hive.ql.hooks.HookContext;

/**
 * A post-execution hook that counts the jobs (MapReduce jobs, Tez DAGs) the last query ran, so that a test can
 * tell whether Hive's conditional merge stage ran its merge job.
 */
public final class RanJobs implements ExecuteWithHookContext {
  private static volatile int last = -1;

  @Override
  public void run(HookContext context) {
    int jobs = 0;
    for (TaskRunner r : context.getCompleteTaskList()) {
      // A conditional task says it is one when a branch is: only the branch it ran is a job.
      if (r.getTask().isMapRedTask() && !(r.getTask() instanceof ConditionalTask)) jobs++;
    }
    last = jobs;
  }

  /** The jobs the last query with this hook ran. */
  static int last() { return last; }
}
