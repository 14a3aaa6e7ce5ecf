package dev.cif.hive;

import dev.cif.Cif;
import dev.cif.MergeOptions;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hive.common.StatsSetupConst;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.ql.exec.ConditionalTask;
import org.apache.hadoop.hive.ql.exec.Task;
import org.apache.hadoop.hive.ql.hooks.Entity;
import org.apache.hadoop.hive.ql.hooks.ExecuteWithHookContext;
import org.apache.hadoop.hive.ql.hooks.HookContext;
import org.apache.hadoop.hive.ql.hooks.WriteEntity;
import org.apache.hadoop.hive.ql.metadata.Hive;
import org.apache.hadoop.hive.ql.plan.ConditionalResolverMergeFiles;
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
 * After a merge it sets the table's (or partition's) numFiles and totalSize as Hive's own merge stage leaves
 * them, from the files after the merge. A merge that fails is logged and leaves the table whole; the query has
 * committed and keeps its result.
 *
 * <p>Registered also as a pre-execution hook ({@code hive.exec.pre.hooks}), it keeps Hive's own merge stage from
 * running on a query whose every written table is CIF ({@link MoveWithoutMerge}): that stage would decode and
 * re-encode every row only to leave as many split-directories as before, and the block merge after the commit
 * does the merging instead.
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
    if (context.getHookType() == HookContext.HookType.PRE_EXEC_HOOK) {
      if (writesOnlyCif(context)) leaveMergingToTheBlockMerge(context.getQueryPlan().getRootTasks(), new HashSet<>());
      return;
    }
    for (WriteEntity out : context.getOutputs()) {
      WriteEntity.WriteType type = out.getWriteType();
      if (type != WriteEntity.WriteType.INSERT && type != WriteEntity.WriteType.INSERT_OVERWRITE) continue;
      if (out.getType() == Entity.Type.PARTITION && isCif(out.getPartition().getTable())) {
        if (merge(conf, out.getPartition().getDataLocation())) updateFileStats(conf, out.getPartition());
      } else if (out.getType() == Entity.Type.TABLE && isCif(out.getTable()) && !out.getTable().isPartitioned()) {
        if (merge(conf, out.getTable().getDataLocation())) updateFileStats(conf, out.getTable());
      }
    }
  }

  /** Whether the query inserts into at least one table or partition, and only into CIF ones. */
  private static boolean writesOnlyCif(HookContext context) {
    boolean any = false;
    for (WriteEntity out : context.getOutputs()) {
      WriteEntity.WriteType type = out.getWriteType();
      if (type != WriteEntity.WriteType.INSERT && type != WriteEntity.WriteType.INSERT_OVERWRITE) continue;
      org.apache.hadoop.hive.ql.metadata.Table t = out.getType() == Entity.Type.PARTITION ? out.getPartition().getTable()
          : out.getType() == Entity.Type.TABLE ? out.getTable() : null;
      if (!isCif(t)) return false;
      any = true;
    }
    return any;
  }

  /** Makes every merge stage of Hive's among tasks (and the tasks after them) take its move-only branch. */
  private static void leaveMergingToTheBlockMerge(List<Task<?>> tasks, Set<Task<?>> seen) {
    if (tasks == null) return;
    for (Task<?> t : tasks) {
      if (!seen.add(t)) continue;
      if (t instanceof ConditionalTask) {
        ConditionalTask c = (ConditionalTask) t;
        if (c.getResolver() instanceof ConditionalResolverMergeFiles) c.setResolver(new MoveWithoutMerge(c.getResolver()));
        leaveMergingToTheBlockMerge(c.getListTasks(), seen);
      }
      leaveMergingToTheBlockMerge(t.getChildTasks(), seen);
    }
  }

  /**
   * Hive's basic statistics numFiles and totalSize of a merged table, as Hive's own merge stage leaves them:
   * counted over the files under its location after the merge (Hive's stats task ran before this hook, on
   * the split-directories the merge replaced). numRows and rawDataSize stay: a merge keeps every row.
   */
  private static void updateFileStats(HiveConf conf, org.apache.hadoop.hive.ql.metadata.Table written) {
    updateFileStats(conf, written.getFullyQualifiedName(), db -> {
      org.apache.hadoop.hive.ql.metadata.Table t = db.getTable(written.getDbName(), written.getTableName());
      if (countFiles(conf, t.getDataLocation(), t.getParameters())) db.alterTable(t.getFullyQualifiedName(), t, statsKept(), true);
    });
  }

  private static void updateFileStats(HiveConf conf, org.apache.hadoop.hive.ql.metadata.Partition written) {
    updateFileStats(conf, written.getName(), db -> {
      org.apache.hadoop.hive.ql.metadata.Table t = db.getTable(written.getTable().getDbName(), written.getTable().getTableName());
      org.apache.hadoop.hive.ql.metadata.Partition p = db.getPartition(t, written.getSpec(), false);
      if (p != null && countFiles(conf, p.getDataLocation(), p.getParameters())) db.alterPartition(t.getFullyQualifiedName(), p, statsKept(), true);
    });
  }

  /** A read and write of the metastore. */
  private interface MetastoreUpdate {
    void apply(Hive db) throws Exception;
  }

  /** Runs update past Hive's per-query metastore cache; a failure is logged (the query has committed). */
  private static void updateFileStats(HiveConf conf, String what, MetastoreUpdate update) {
    String queryId = null;
    HiveConf session = null;
    try {
      Hive db = Hive.get(conf);
      session = db.getConf();
      queryId = uncached(session);
      update.apply(db);
    } catch (Exception e) {
      LOG.warn("numFiles and totalSize of " + what + " not updated after its CIF merge: " + e, e);
    } finally {
      if (queryId != null) session.set(QUERY_ID, queryId);
    }
  }

  private static final String QUERY_ID = HiveConf.ConfVars.HIVE_QUERY_ID.varname;

  /**
   * Turns off, until the query id is set back, the metastore reads Hive caches for the query (keyed by
   * hive.query.id): its cached table is the one from before the insert, and writing it back would undo the
   * statistics Hive's stats task has just written (numRows). Returns the query id to set back.
   */
  private static String uncached(HiveConf session) {
    String queryId = session.get(QUERY_ID);
    if (queryId != null) session.unset(QUERY_ID);
    return queryId;
  }

  /** Sets numFiles and totalSize from the visible files under dir; false if Hive keeps neither for it. */
  static boolean countFiles(HiveConf conf, Path dir, java.util.Map<String, String> params) throws IOException {
    if (params == null || !params.containsKey(StatsSetupConst.NUM_FILES)) return false;
    FileSystem fs = dir.getFileSystem(conf);
    long files = 0;
    long bytes = 0;
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(dir, true);
    while (it.hasNext()) {
      LocatedFileStatus st = it.next();
      if (hidden(dir, st.getPath())) continue;
      files++;
      bytes += st.getLen();
    }
    params.put(StatsSetupConst.NUM_FILES, Long.toString(files));
    params.put(StatsSetupConst.TOTAL_SIZE, Long.toString(bytes));
    return true;
  }

  /** Below dir, a name starting with '_' or '.' (Hive's hidden files: staging, markers) on the way to path. */
  private static boolean hidden(Path dir, Path path) {
    int depth = dir.depth();
    for (Path p = path; p != null && p.depth() > depth; p = p.getParent()) {
      if (p.getName().startsWith("_") || p.getName().startsWith(".")) return true;
    }
    return false;
  }

  /** Tells the metastore the statistics are set here and not to be recomputed or marked stale by the alter. */
  private static EnvironmentContext statsKept() {
    EnvironmentContext ec = new EnvironmentContext();
    ec.putToProperties(StatsSetupConst.DO_NOT_UPDATE_STATS, StatsSetupConst.TRUE);
    return ec;
  }

  /** A CIF table that is not transactional (Hive lists an insert-only table's deltas itself: left alone). */
  private static boolean isCif(org.apache.hadoop.hive.ql.metadata.Table t) {
    return t != null && CifHiveInputFormat.class.isAssignableFrom(t.getInputFormatClass())
        && !"true".equalsIgnoreCase(t.getParameters().get("transactional"));
  }

  /** Merges dir's split-directories if their average size is under hive.merge.smallfiles.avgsize; true if it did. */
  static boolean merge(HiveConf conf, Path dir) {
    try {
      FileSystem fs = dir.getFileSystem(conf);
      if (!fs.exists(dir)) return false;
      List<Path> dirs = Cif.splitDirectories(fs, dir);
      if (dirs.size() < 2) return false;
      long bytes = fs.getContentSummary(dir).getLength();
      if (bytes / dirs.size() >= conf.getLong("hive.merge.smallfiles.avgsize", 16_000_000L)) return false;
      long target = conf.getLong("hive.merge.size.per.task", 256_000_000L);
      Cif.merge(fs, dir, Cif.mergeOptions(conf).targetBytes(target));
      return true;
    } catch (IOException | RuntimeException e) {
      LOG.warn("CIF merge of " + dir + " failed; the table is whole and unmerged: " + e, e);
      return false;
    }
  }
}
