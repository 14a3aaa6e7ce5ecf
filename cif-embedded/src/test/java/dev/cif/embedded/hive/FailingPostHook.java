package dev.cif.embedded.hive;

import org.apache.hadoop.hive.ql.hooks.ExecuteWithHookContext;
import org.apache.hadoop.hive.ql.hooks.HookContext;

/**
 * A post-execution hook that fails the statement after its tasks ran (its files are written) and before Hive
 * commits its transaction, so Hive aborts a transaction whose data is on disk (hive.exec.post.hooks).
 */
public final class FailingPostHook implements ExecuteWithHookContext {
  @Override
  public void run(HookContext context) {
    throw new IllegalStateException("FailingPostHook: failing " + context.getQueryPlan().getQueryStr());
  }
}
