package dev.cif;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/** What {@link Cif#merge} did (or, in a dry run, would do). */
public final class MergeResult {
  private final int before;
  private final Map<Path, List<Path>> merges;
  private final long bytesMerged;
  private final int finished;

  /**
   * @param before split-directories visible before the merge
   * @param merges each new split-directory and the ones it replaces, in order
   * @param bytesMerged bytes of the split-directories replaced
   * @param finished half-done merges (killed after their switch) that this one finished
   */
  public MergeResult(int before, Map<Path, List<Path>> merges, long bytesMerged, int finished) {
    this.before = before;
    this.merges = Collections.unmodifiableMap(new LinkedHashMap<>(merges));
    this.bytesMerged = bytesMerged;
    this.finished = finished;
  }

  public int splitDirectoriesBefore() { return before; }

  public int splitDirectoriesAfter() {
    int after = before;
    for (List<Path> old : merges.values()) after -= old.size() - 1;
    return after;
  }

  /** Each merged split-directory and the split-directories it replaces. */
  public Map<Path, List<Path>> merges() { return merges; }

  public long bytesMerged() { return bytesMerged; }

  public int finishedHalfDoneMerges() { return finished; }
}
