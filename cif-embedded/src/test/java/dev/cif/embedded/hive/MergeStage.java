package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.Cif;
import dev.cif.ReadOptions;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Hive's merge stage (hive.merge.*) on a CIF table, on either engine: an INSERT with three reducers writes three
 * split-directories; Hive's own merge stage rewrites them through the SerDe and still leaves one per task, with
 * the right rows; with CifMergeHook as a post-execution hook they become one, by block concatenation, and the
 * table's numFiles and totalSize count the files after the merge, as after Hive's own merge stage. With
 * CifMergeHook as a pre-execution hook too, Hive's merge job does not run at all (one job, not two).
 */
final class MergeStage {
  private MergeStage() {}

  static void run(EmbeddedHive hive, String engine) throws Exception {
    String src = "ms_src_" + engine, plain = "ms_plain_" + engine, merged = "ms_merged_" + engine;
    hive.runAll("CREATE TABLE " + src + " (k INT, v STRING) STORED AS TEXTFILE",
        "INSERT INTO " + src + " SELECT 1, 'a' UNION ALL SELECT 2, 'b' UNION ALL SELECT 3, NULL UNION ALL SELECT 4, 'd'"
            + " UNION ALL SELECT 5, 'e' UNION ALL SELECT 6, 'f'",
        "CREATE TABLE " + plain + " (k INT, v STRING) STORED AS CIF", "CREATE TABLE " + merged + " (k INT, v STRING) STORED AS CIF");
    List<String> expected = EmbeddedHive.sorted(hive.run("SELECT * FROM " + src));
    hive.set("mapreduce.job.reduces", "3");
    hive.set("hive.merge.mapfiles", "true");
    hive.set("hive.merge.mapredfiles", "true");
    hive.set("hive.merge.tezfiles", "true");
    hive.set("hive.merge.smallfiles.avgsize", "16000000");
    try {
      hive.set("hive.exec.post.hooks", RanJobs.class.getName());
      hive.run("INSERT INTO " + plain + " SELECT k, v FROM " + src + " DISTRIBUTE BY k");
      assertEquals(2, RanJobs.last(), "the insert and Hive's merge job");
      assertEquals(expected, EmbeddedHive.sorted(hive.run("SELECT * FROM " + plain)), "Hive's own merge stage");
      assertTrue(splitDirectories(hive, plain) > 1, "Hive's own merge stage keeps one split-directory per task");
      assertFileStatsMatchTheFiles(hive, plain);

      hive.set("hive.exec.pre.hooks", "dev.cif.hive.CifMergeHook");
      hive.set("hive.exec.post.hooks", "dev.cif.hive.CifMergeHook," + RanJobs.class.getName());
      hive.run("INSERT INTO " + merged + " SELECT k, v FROM " + src + " DISTRIBUTE BY k");
      assertEquals(1, RanJobs.last(), "the insert only: Hive's merge job left to the block merge");
      assertEquals(1, splitDirectories(hive, merged));
      assertEquals(expected, EmbeddedHive.sorted(hive.run("SELECT * FROM " + merged)));
      Path dir = hive.location(merged);
      assertEquals(expected.size(), Cif.createReader(dir.getFileSystem(hive.conf()), dir, new ReadOptions()).verify());
      // Hive's stats task counted the split-directories the hook then merged away: the hook counts again.
      assertFileStatsMatchTheFiles(hive, merged);
      // numRows and rawDataSize are as Hive's stats task left them for the same insert without the hook.
      for (String stat : List.of("numRows", "rawDataSize")) {
        String show = "SHOW TBLPROPERTIES %s('" + stat + "')";
        assertEquals(hive.run(String.format(show, plain)), hive.run(String.format(show, merged)), stat);
      }
    } finally {
      hive.set("hive.exec.pre.hooks", "");
      hive.set("hive.exec.post.hooks", "");
      hive.set("mapreduce.job.reduces", "-1");
      hive.set("hive.merge.tezfiles", "false");
      hive.set("hive.merge.mapredfiles", "false");
    }
  }

  /** The table's numFiles and totalSize (Hive's basic statistics) are those of the files under its location. */
  private static void assertFileStatsMatchTheFiles(EmbeddedHive hive, String table) throws Exception {
    Path dir = hive.location(table);
    FileSystem fs = dir.getFileSystem(hive.conf());
    long files = 0;
    long bytes = 0;
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(dir, true);
    while (it.hasNext()) {
      LocatedFileStatus st = it.next();
      files++;
      bytes += st.getLen();
    }
    assertEquals(List.of("numFiles\t" + files), hive.run("SHOW TBLPROPERTIES " + table + "('numFiles')"), table);
    assertEquals(List.of("totalSize\t" + bytes), hive.run("SHOW TBLPROPERTIES " + table + "('totalSize')"), table);
  }

  private static int splitDirectories(EmbeddedHive hive, String table) throws Exception {
    Path dir = hive.location(table);
    FileSystem fs = dir.getFileSystem(hive.conf());
    return Cif.splitDirectories(fs, dir).size();
  }
}
