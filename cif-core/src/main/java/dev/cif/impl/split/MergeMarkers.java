package dev.cif.impl.split;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The markers by which a merged split-directory replaces others (docs/FORMAT.md §4.5): a zero-length
 * file {@code _replaces.<name>} inside it for each sibling split-directory it holds the rows of. Once
 * the merged directory is visible, a listing skips each sibling it names, so readers see the old
 * split-directories or the merged one, never both; the merge then deletes the old ones and the
 * markers. A sibling whose newest schema file is younger than the merged one's is not skipped: it
 * was written after the merge under a name the merge had freed (Hive reuses {@code 000000_0}).
 * The listing already holds every split-directory's children, so this costs no NameNode call.
 */
public final class MergeMarkers {
  public static final String PREFIX = "_replaces.";

  private MergeMarkers() {}

  /** The split-directories of found that no visible merged sibling replaces, in their order. */
  static List<DatasetListing.Listed> visible(List<DatasetListing.Listed> found) {
    Map<Path, Long> replaced = null;
    for (DatasetListing.Listed l : found) {
      for (FileStatus f : l.files) {
        String name = f.getPath().getName();
        if (!name.startsWith(PREFIX) || name.length() == PREFIX.length()) continue;
        if (replaced == null) replaced = new HashMap<>();
        replaced.merge(new Path(l.dir.getParent(), name.substring(PREFIX.length())), newestSchemaTime(l.files), Math::max);
      }
    }
    if (replaced == null) return found;
    List<DatasetListing.Listed> out = new ArrayList<>(found.size());
    for (DatasetListing.Listed l : found) {
      Long mergedAt = replaced.get(l.dir);
      if (mergedAt == null || newestSchemaTime(l.files) > mergedAt) out.add(l);
    }
    return out;
  }

  /** Whether a split-directory listed as files is one that a merged directory written at mergedAt replaces. */
  static boolean replacedBy(FileStatus[] files, long mergedAt) { return newestSchemaTime(files) <= mergedAt; }

  /** The modification time of the newest schema file among files (a split-directory's listing). */
  static long newestSchemaTime(FileStatus[] files) {
    long t = Long.MIN_VALUE;
    for (FileStatus f : files) {
      if (f.isFile() && SplitDirectoryLayout.schemaGeneration(f.getPath().getName()) >= 0) t = Math.max(t, f.getModificationTime());
    }
    return t;
  }

  /** The names of the split-directories a merged one's listing says it replaces. */
  static List<String> replacedNames(FileStatus[] files) {
    List<String> out = new ArrayList<>();
    for (FileStatus f : files) {
      String name = f.getPath().getName();
      if (name.startsWith(PREFIX) && name.length() > PREFIX.length()) out.add(name.substring(PREFIX.length()));
    }
    java.util.Collections.sort(out); // listings of some file systems are not sorted
    return out;
  }
}
