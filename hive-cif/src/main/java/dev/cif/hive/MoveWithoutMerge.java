package dev.cif.hive;

import java.io.Serializable;
import java.util.List;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.exec.Task;
import org.apache.hadoop.hive.ql.plan.ConditionalResolver;

/**
 * The choice of Hive's conditional merge stage for a query that writes only CIF tables, once CifMergeHook runs
 * as a pre-execution hook: Hive's own choice, made as if no output were small
 * ({@code hive.merge.smallfiles.avgsize} 0), so that Hive takes its move-only branch, dynamic partitions
 * included, and never the merge job that decodes and re-encodes every row. CifMergeHook then merges the
 * committed split-directories by concatenating their blocks, under the session's real settings.
 */
final class MoveWithoutMerge implements ConditionalResolver, Serializable {
  private static final long serialVersionUID = 1L;
  private final ConditionalResolver hives;

  MoveWithoutMerge(ConditionalResolver hives) {
    this.hives = hives;
  }

  @Override
  public List<Task<?>> getTasks(HiveConf conf, Object ctx) {
    HiveConf noneSmall = new HiveConf(conf);
    noneSmall.setLongVar(HiveConf.ConfVars.HIVE_MERGE_MAP_FILES_AVG_SIZE, 0);
    return hives.getTasks(noneSmall, ctx);
  }
}
