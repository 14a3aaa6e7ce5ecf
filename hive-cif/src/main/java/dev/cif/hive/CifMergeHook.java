package dev.cif.hive;

import dev.cif.Cif;
import dev.cif.MergeOptions;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.hooks.Entity;
import org.apache.hadoop.hive.ql.hooks.ExecuteWithHookContext;
import org.apache.hadoop.hive.ql.hooks.HookContext;
import org.apache.hadoop.hive.ql.hooks.WriteEntity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hive's merge stage for CIF tables, at block level: a post-execution hook ({@code hive.exec.post.hooks}) that,
 * after an INSERT into a CIF table or partition has committed, merges its small split-directories by
 * concatenating their blocks ({@link Cif#merge}), under Hive's own settings: {@code hive.merge.tezfiles} on Tez,
 * {@code hive.merge.mapfiles} or {@code hive.merge.mapredfiles} on MapReduce, when the average split-directory
 * is smaller than {@code hive.merge.smallfiles.avgsize}, into split-directories of up to
 * {@code hive.merge.size.per.task}. Hive's own merge stage cannot do this: for a format other than ORC and RCFile
 * it rewrites rows through the input and output formats, one task per CIF split-directory (the input format
 * keeps split-directories apart), so it makes as many split-directories as it reads (docs/scale-merge.md).
 * A merge that fails is logged and leaves the table whole; the query has committed and keeps its result.
 */
public final class CifMergeHook implements ExecuteWithHookContext {
  private static final Logger LOG = LoggerFactory.getLogger(CifMergeHook.class);

  @Override
  public void run(HookContext context) throws Exception {
    HiveConf conf = context.getConf();
    boolean tez = "tez".equalsIgnoreCase(conf.get("hive.execution.engine"));
    boolean on = tez ? conf.getBoolean("hive.merge.tezfiles", false)
        : conf.getBoolean("hive.merge.mapfiles", true) || conf.getBoolean("hive.merge.mapredfiles", false);
    if (!on || context.getOutputs() == null) return;
    for (WriteEntity out : context.getOutputs()) {
      WriteEntity.WriteType type = out.getWriteType();
      if (type != WriteEntity.WriteType.INSERT && type != WriteEntity.WriteType.INSERT_OVERWRITE) continue;
      Path dir;
      if (out.getType() == Entity.Type.PARTITION && isCif(out.getPartition().getTable())) dir = out.getPartition().getDataLocation();
      else if (out.getType() == Entity.Type.TABLE && isCif(out.getTable()) && !out.getTable().isPartitioned()) dir = out.getTable().getDataLocation();
      else continue;
      merge(conf, dir);
    }
  }

  /** A CIF table that is not transactional (Hive lists an insert-only table's deltas itself: left alone). */
  private static boolean isCif(org.apache.hadoop.hive.ql.metadata.Table t) {
    return t != null && CifHiveInputFormat.class.isAssignableFrom(t.getInputFormatClass())
        && !"true".equalsIgnoreCase(t.getParameters().get("transactional"));
  }

  /** Merges dir's split-directories if their average size is under hive.merge.smallfiles.avgsize. */
  static void merge(HiveConf conf, Path dir) {
    try {
      FileSystem fs = dir.getFileSystem(conf);
      if (!fs.exists(dir)) return;
      List<Path> dirs = Cif.splitDirectories(fs, dir);
      if (dirs.size() < 2) return;
      long bytes = fs.getContentSummary(dir).getLength();
      if (bytes / dirs.size() >= conf.getLong("hive.merge.smallfiles.avgsize", 16_000_000L)) return;
      long target = conf.getLong("hive.merge.size.per.task", 256_000_000L);
      Cif.merge(fs, dir, Cif.mergeOptions(conf).targetBytes(target));
    } catch (IOException | RuntimeException e) {
      LOG.warn("CIF merge of " + dir + " failed; the table is whole and unmerged: " + e, e);
    }
  }
}
