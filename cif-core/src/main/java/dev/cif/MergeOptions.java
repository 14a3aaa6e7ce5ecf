package dev.cif;

import dev.cif.conf.CifConf;
import org.apache.hadoop.conf.Configuration;

/**
 * How {@link Cif#merge} merges small split-directories: the size a merged one may reach, and whether
 * to plan only. Small split-directories of one parent directory (a table or a partition) with the same
 * schema and column headers are grouped, in name order, up to the target size.
 */
public final class MergeOptions {
  private long targetBytes = (Long) CifConf.SPLIT_DIRECTORY_BYTES.defaultValue();
  private long maxValueBytes = (Long) CifConf.MAX_VALUE_BYTES.defaultValue();
  private boolean dryRun;

  /** The target is cif.split-directory.bytes (what a writer rolls at), the value cap cif.max.value.bytes. */
  public static MergeOptions fromConf(Configuration conf) {
    return new MergeOptions().targetBytes(CifConf.SPLIT_DIRECTORY_BYTES.getLong(conf))
        .maxValueBytes(CifConf.MAX_VALUE_BYTES.getLong(conf));
  }

  /** Split-directories of this size or more are left alone; a merged one holds at most this many bytes. */
  public MergeOptions targetBytes(long bytes) {
    if (bytes <= 0) throw new IllegalArgumentException("merge target size must be positive: " + bytes);
    targetBytes = bytes;
    return this;
  }

  /** Blocks longer than a reader would accept (twice this plus 1 MiB) are refused as corrupt. */
  public MergeOptions maxValueBytes(long bytes) {
    maxValueBytes = bytes;
    return this;
  }

  /** Plan and report, write nothing (a half-done merge is not finished either). */
  public MergeOptions dryRun(boolean plan) {
    dryRun = plan;
    return this;
  }

  public long targetBytes() { return targetBytes; }
  public long maxValueBytes() { return maxValueBytes; }
  public boolean dryRun() { return dryRun; }
}
