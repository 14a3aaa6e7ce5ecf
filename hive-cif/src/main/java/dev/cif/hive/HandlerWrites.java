package dev.cif.hive;

import dev.cif.Cif;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where the tasks of an INSERT into a {@link CifStorageHandler} table write, and how the query's
 * commit makes their split-directories visible.
 *
 * <p>Hive 4.1 calls the handler's commit hook ({@link CifInsertHook}) only after a Tez job. On Tez each
 * task attempt writes {@code <table>/.cif-staging-<query id>/<task>.<attempt>}: a hidden name, which no
 * reader lists. The commit keeps one split-directory per task (the lowest attempt number; every staged
 * one is complete, since cif-core's writer renames it into place only on close), removes the others,
 * on INSERT OVERWRITE deletes every visible entry of the table directory, and renames each kept one to
 * {@code <table>/part-<query id>-<task>}. A query that fails before its commit leaves only its hidden
 * staging directory. On MapReduce, which has no commit step for these tables, a task writes
 * {@code part-<query id>-<task>.<attempt>} straight into the table directory, and INSERT OVERWRITE is
 * refused ({@link CifInsertHook#preInsertTable}).
 */
final class HandlerWrites {
  static final String STAGING_PREFIX = ".cif-staging-";
  static final String PART_PREFIX = "part-";

  private HandlerWrites() {}

  /** Whether Hive runs the handler's commit hook after the job (Tez) — otherwise nothing commits. */
  static boolean committedByHook(Configuration conf) {
    return "tez".equalsIgnoreCase(conf.get("hive.execution.engine", "mr"));
  }

  static String queryId(Configuration conf) {
    String id = conf.get("hive.query.id");
    if (id == null || id.isEmpty()) throw new IllegalStateException("hive.query.id is not set");
    return id;
  }

  static Path stagingDirectory(Path table, String queryId) { return new Path(table, STAGING_PREFIX + queryId); }

  /** The split-directory a task attempt of this query writes below the table directory. */
  static Path splitDirectory(Path table, Configuration conf) {
    TaskAttempt a = TaskAttempt.fromConf(conf);
    String queryId = queryId(conf);
    if (committedByHook(conf)) return new Path(stagingDirectory(table, queryId), a.task() + "." + a.attempt());
    return new Path(table, PART_PREFIX + queryId + "-" + a.task() + "." + a.attempt());
  }

  /** The query's commit: de-duplicates attempts, applies OVERWRITE, makes the staged output visible. */
  static void commit(FileSystem fs, Path table, String queryId, boolean overwrite) throws IOException {
    Path staging = stagingDirectory(table, queryId);
    Map<String, Path> kept = new LinkedHashMap<>();
    List<Path> duplicates = new ArrayList<>();
    for (Path dir : staged(fs, staging)) {
      String name = dir.getName();
      String task = name.substring(0, name.lastIndexOf('.'));
      Path other = kept.get(task);
      if (other == null) {
        kept.put(task, dir);
      } else if (attempt(dir) < attempt(other)) {
        kept.put(task, dir);
        duplicates.add(other);
      } else {
        duplicates.add(dir);
      }
    }
    for (Path d : duplicates) fs.delete(d, true);
    if (overwrite) {
      for (FileStatus st : fs.listStatus(table)) {
        if (!st.getPath().getName().startsWith(".") && !st.getPath().getName().startsWith("_")) fs.delete(st.getPath(), true);
      }
    }
    for (Map.Entry<String, Path> e : kept.entrySet()) {
      Path target = new Path(table, PART_PREFIX + queryId + "-" + e.getKey());
      if (!fs.rename(e.getValue(), target)) throw new IOException("could not rename " + e.getValue() + " to " + target);
    }
    fs.delete(staging, true);
  }

  /** Drops what the query staged; the table stays as it was. */
  static void discard(FileSystem fs, Path table, String queryId) throws IOException {
    fs.delete(stagingDirectory(table, queryId), true);
  }

  private static List<Path> staged(FileSystem fs, Path staging) throws IOException {
    try {
      return Cif.splitDirectories(fs, staging);
    } catch (FileNotFoundException e) {
      return List.of(); // no task wrote anything (e.g. no rows and no task ran)
    }
  }

  private static int attempt(Path dir) {
    String name = dir.getName();
    return Integer.parseInt(name.substring(name.lastIndexOf('.') + 1));
  }
}
