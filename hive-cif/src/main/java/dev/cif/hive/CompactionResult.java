package dev.cif.hive;

import java.io.IOException;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The directory a Hive compaction of an insert-only table writes into (its {@code base_N_vM}, for a
 * minor compaction its {@code delta_N_M_vT}), seen from the compactor's temporary table, whose location it
 * is. Once the compaction's INSERT has filled it, Hive's query-based compactor deletes that directory if
 * {@code FileSystem.listFiles(dir, false)} finds no file in it ({@code QueryCompactor.Util.cleanupEmptyDir},
 * Hive 4.1 and 4.2): it takes a directory with no file directly inside for an empty result. A CIF
 * result holds split-directories only, so without a file beside them Hive threw the compacted rows away
 * and marked the compaction done. Each task that writes a split-directory there therefore also leaves
 * {@link #MARKER}, an empty file whose hidden name ('_') Hive's readers, its Cleaner and CIF's listing
 * all pass over.
 */
final class CompactionResult {
  /** The empty file left in a compaction's result directory, beside the split-directories. */
  static final String MARKER = "_cif_split_directories";

  /**
   * The names Hive gives a compaction's result: base_N or delta_N_M with the compactor's transaction as
   * visibility suffix {@code _vT}, which no INSERT's own base or delta carries.
   */
  private static final Pattern NAME = Pattern.compile("(base_\\d+|delta_\\d+_\\d+)_v\\d+");

  private CompactionResult() {}

  /** Whether a table located here is a compactor's temporary table writing a compaction's result. */
  static boolean isCompactionResult(String tableLocation) {
    return tableLocation != null && NAME.matcher(new Path(tableLocation).getName()).matches();
  }

  /** Leaves the marker in the result directory (several tasks may race to; one file remains). */
  static void mark(FileSystem fs, Path resultDir) throws IOException {
    Path marker = new Path(resultDir, MARKER);
    try {
      fs.createNewFile(marker);
    } catch (IOException e) {
      // Another task created it between this one's existence check and create.
      if (!fs.exists(marker)) throw new IOException("cannot create " + marker, e);
    }
  }
}
