package dev.cif.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.impl.split.DatasetListing;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Which table locations are a compaction's result, and the marker left there (the compaction itself runs in
 * cif-embedded's InsertOnlyTransactionalTest).
 */
class CompactionResultTest {

  @Test
  void onlyTheCompactorsBaseAndDeltaNamesAreResults() {
    String table = "file:/w/warehouse/mm/";
    assertTrue(CompactionResult.isCompactionResult(table + "base_0000003_v0000006"));
    assertTrue(CompactionResult.isCompactionResult(table + "delta_0000001_0000003_v0000010"));
    // What INSERT OVERWRITE and INSERT write, and ordinary table or partition directories.
    assertFalse(CompactionResult.isCompactionResult(table + "base_0000004"));
    assertFalse(CompactionResult.isCompactionResult(table + "delta_0000001_0000001_0000"));
    assertFalse(CompactionResult.isCompactionResult("file:/w/warehouse/mm"));
    assertFalse(CompactionResult.isCompactionResult("file:/w/warehouse/t/dt=base_1_v1x"));
    assertFalse(CompactionResult.isCompactionResult(null));
  }

  @Test
  void markerIsOneHiddenFileThatListingsPassOver() throws Exception {
    File tmp = dev.cif.testing.TempDirs.create("compaction-result").toFile();
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path result = new Path(tmp.getAbsolutePath(), "base_0000003_v0000006");
    CompactionResult.mark(fs, result);
    CompactionResult.mark(fs, result); // a second task: no error, still one file
    assertTrue(fs.listFiles(result, false).hasNext(), "Hive's emptiness check must find a file");
    assertEquals(1, fs.listStatus(result, p -> !p.getName().startsWith(".")).length);
    assertTrue(DatasetListing.splitDirectories(fs, result).isEmpty());
  }
}
