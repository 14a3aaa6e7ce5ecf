package dev.cif.spark;

import org.apache.hadoop.fs.Path;

/**
 * Where a write job's tasks put their split-directories before the job commits, all below one hidden
 * directory of the table ({@code .cif-staging-<job>}, which readers never list): each task attempt
 * writes {@code attempt-<partition>-<task id>}, renamed to {@code committed-<partition>-<task id>} when
 * Spark lets that attempt commit; the job commit moves only the committed directories its commit
 * messages name into the table, and removes the staging directory with whatever failed, aborted or
 * speculated attempts left in it.
 */
final class WriteStaging {
  static final String PREFIX = ".cif-staging-";

  private WriteStaging() {}

  static Path staging(Path table, String job) { return new Path(table, PREFIX + job); }

  static Path attempt(Path table, String job, int partition, long taskId) {
    return new Path(staging(table, job), "attempt-" + partition + "-" + taskId);
  }

  static Path committed(Path table, String job, int partition, long taskId) {
    return new Path(staging(table, job), "committed-" + partition + "-" + taskId);
  }

  /** The name of the split-directory task partition of job writes in each partition directory. */
  static String splitDirectoryName(String job, int partition) {
    return "part-" + job + "-" + String.format("%05d", partition);
  }
}
