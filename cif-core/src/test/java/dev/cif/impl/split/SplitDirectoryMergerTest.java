package dev.cif.impl.split;

import dev.cif.BlockCodec;
import dev.cif.Cif;
import dev.cif.MergeOptions;
import dev.cif.MergeResult;
import dev.cif.ReadOptions;
import dev.cif.RowReader;
import dev.cif.WriteOptions;
import dev.cif.impl.evolve.ColumnAdder;
import dev.cif.testing.FaultyFileSystem;
import dev.cif.testing.crawl.CrawlData;
import dev.cif.testing.crawl.CrawlShape;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The block-concatenating merge: rows read back identically, only compatible siblings merge, and a kill at any step leaves the table whole. */
class SplitDirectoryMergerTest {
  private static final CrawlData CRAWL = new CrawlData(7, CrawlShape.PAPER.content(300, 900));
  private static final int ROWS_PER_DIR = 60;

  /** A local directory on the raw local file system (no checksum files, no chmod forked per file: quick). */
  private static final class TestFs {
    final FileSystem fs;
    final Path root;

    TestFs() throws IOException {
      root = FaultyFileSystem.path(dev.cif.testing.TempDirs.create("cif-merge"));
      fs = root.getFileSystem(FaultyFileSystem.conf());
    }

    Path path(String name) { return new Path(root, name); }
  }

  /** Small blocks, so every column file has several, and DCSL keyed blocks with side segments. */
  private static WriteOptions options(BlockCodec codec) {
    return new WriteOptions().codec("*", codec).blockBytes(8 << 10).splitDirectoryBytes(1L << 40);
  }

  /** Writes n split-directories of ROWS_PER_DIR rows each under dir, rows numbered from first. */
  private static void write(TestFs t, Path dir, String prefix, int n, long first, WriteOptions o) throws IOException {
    for (int d = 0; d < n; d++) {
      try (SplitDirectoryWriter w = new SplitDirectoryWriter(t.fs, new Path(dir, prefix + d), CRAWL.schema(), o)) {
        for (int i = 0; i < ROWS_PER_DIR; i++) w.write(CRAWL.row(first + d * ROWS_PER_DIR + i));
      }
    }
  }

  /** Every row of the dataset as text, sorted (a merge keeps rows, not the order of split-directories). */
  private static List<String> rows(TestFs t, Path dataset) throws IOException {
    List<String> out = new ArrayList<>();
    try (RowReader r = Cif.createReader(t.fs, dataset, new ReadOptions()).rows()) {
      while (r.next()) {
        GenericRecord rec = r.current();
        StringBuilder sb = new StringBuilder();
        for (Schema.Field f : rec.getSchema().getFields()) sb.append(GenericData.get().toString(rec.get(f.pos()))).append('|');
        out.add(sb.toString());
      }
    }
    Collections.sort(out);
    return out;
  }

  private static List<String> names(TestFs t, Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    for (FileStatus st : t.fs.listStatus(dir)) out.add(st.getPath().getName());
    Collections.sort(out);
    return out;
  }

  @Test
  void mergesSiblingsByBlocksAndReadsBackIdentically() throws Exception {
    TestFs t = new TestFs();
    Path table = t.path("table");
    write(t, new Path(table, "dt=1"), "a-", 4, 0, options(BlockCodec.LZ4));
    write(t, new Path(table, "dt=2"), "a-", 3, 10_000, options(BlockCodec.LZ4));
    write(t, new Path(table, "dt=2"), "z-", 2, 20_000, options(BlockCodec.ZSTD)); // another codec: another group
    List<String> before = rows(t, table);

    MergeResult plan = Cif.merge(t.fs, table, new MergeOptions().dryRun(true));
    assertEquals(9, plan.splitDirectoriesBefore());
    assertEquals(3, plan.splitDirectoriesAfter());
    assertEquals(9, DatasetListing.splitDirectories(t.fs, table).size(), "a dry run writes nothing");

    MergeResult done = Cif.merge(t.fs, table, new MergeOptions());
    assertEquals(3, done.merges().size());
    List<Path> dirs = DatasetListing.splitDirectories(t.fs, table);
    assertEquals(3, dirs.size(), dirs.toString());
    assertEquals(before, rows(t, table));
    assertEquals(before.size(), Cif.createReader(t.fs, table, new ReadOptions()).verify());
    for (Path d : dirs) {
      assertTrue(d.getName().startsWith("merged-"), d.toString());
      for (String n : names(t, d)) assertTrue(n.endsWith(".cif"), "markers are gone: " + n);
      // Every column holds the blocks of its inputs: several per file, none re-encoded.
      SplitDirectory sd = SplitDirectory.open(t.fs, d);
      try (dev.cif.impl.column.ColumnFileReader r = sd.openColumn("content", 1 << 26)) {
        assertTrue(r.blockCount() > 3, "blocks: " + r.blockCount());
      }
    }
    assertEquals(List.of(), names(t, new Path(table, "dt=1")).stream().filter(n -> !n.startsWith("merged-")).toList());

    // A target smaller than two split-directories merges nothing.
    assertEquals(0, Cif.merge(t.fs, table, new MergeOptions().targetBytes(1)).merges().size());
  }

  @Test
  void groupsUpToTheTargetAndLeavesAnAddedColumnsDirectoryAlone() throws Exception {
    TestFs t = new TestFs();
    Path table = t.path("table");
    write(t, table, "p-", 5, 0, options(BlockCodec.LZ4));
    long one = 0;
    for (FileStatus st : t.fs.listStatus(new Path(table, "p-0"))) one += st.getLen();
    Schema.Field extra = new Schema.Field("extra", Schema.create(Schema.Type.INT), null, 7);
    ColumnAdder.addColumn(t.fs, new Path(table, "p-4"), extra, null, options(BlockCodec.LZ4));
    List<String> before = rows(t, table);

    // Room for two: p-0+p-1, p-2+p-3; p-4 has another schema (an added column) and stays.
    MergeResult r = Cif.merge(t.fs, table, new MergeOptions().targetBytes(2 * one + one / 2));
    assertEquals(2, r.merges().size(), r.merges().toString());
    assertEquals(3, DatasetListing.splitDirectories(t.fs, table).size());
    assertTrue(t.fs.exists(new Path(table, "p-4")));
    assertEquals(before, rows(t, table));
  }

  /** A narrow schema that is quick to read back after each kill: an int, a string, a map. */
  private static final Schema SMALL = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"r\",\"fields\":["
      + "{\"name\":\"id\",\"type\":\"int\"},{\"name\":\"s\",\"type\":\"string\"},"
      + "{\"name\":\"m\",\"type\":{\"type\":\"map\",\"values\":\"string\"}}]}");

  private static GenericData.Record small(int i) {
    GenericData.Record r = new GenericData.Record(SMALL);
    r.put(0, i);
    r.put(1, "s" + i % 97);
    r.put(2, java.util.Map.of("k" + i % 5, "v" + i, "c", "x"));
    return r;
  }

  /** Kills the merge (an Error no cleanup catches) at the k-th step; returns whether step k was reached. */
  private static boolean mergeKilledAt(TestFs t, Path table, int k) throws IOException {
    int[] seen = {0};
    SplitDirectoryMerger m = new SplitDirectoryMerger(t.fs, new MergeOptions(), step -> {
      if (++seen[0] == k) throw new Error("killed at " + step);
    });
    try {
      m.run(table);
      return false;
    } catch (Error killed) {
      return true;
    }
  }

  @Test
  void aMergeKilledAtAnyStepLeavesTheTableWholeAndTheNextOneFinishesIt() throws Exception {
    int steps = 0;
    TestFs t = new TestFs();
    Path original = t.path("original");
    for (int d = 0; d < 3; d++) {
      try (SplitDirectoryWriter w = new SplitDirectoryWriter(t.fs, new Path(original, "p-" + d), SMALL, options(BlockCodec.LZ4))) {
        for (int i = 0; i < 2000; i++) w.write(small(d * 2000 + i));
      }
    }
    List<String> before = rows(t, original);
    for (int k = 1; ; k++) {
      Path table = t.path("table" + k);
      org.apache.hadoop.fs.FileUtil.copy(t.fs, original, t.fs, table, false, new org.apache.hadoop.conf.Configuration());
      if (!mergeKilledAt(t, table, k)) break;
      steps++;
      assertEquals(before, rows(t, table), "after a kill at step " + k);
      Cif.merge(t.fs, table, new MergeOptions());
      assertEquals(before, rows(t, table), "after the merge that followed a kill at step " + k);
      List<String> left = names(t, table);
      assertEquals(1, left.size(), "step " + k + ": " + left);
      assertTrue(left.get(0).startsWith("merged-"), left.toString());
      for (String n : names(t, new Path(table, left.get(0)))) assertTrue(n.endsWith(".cif"), "step " + k + ": " + n);
    }
    // 3 columns, markers, written, switched, 3 deletions, cleaned.
    assertEquals(SMALL.getFields().size() + 7, steps);
  }

  @Test
  void aSplitDirectoryWrittenLaterUnderAFreedNameIsNotHidden() throws Exception {
    TestFs t = new TestFs();
    Path table = t.path("table");
    write(t, table, "p-", 2, 0, options(BlockCodec.LZ4));
    assertTrue(mergeKilledAt(t, table, CRAWL.schema().getFields().size() + 4)); // after deleting p-0, before p-1
    assertFalse(t.fs.exists(new Path(table, "p-0")));
    List<String> merged = rows(t, table);
    Thread.sleep(20);
    write(t, table, "p-", 1, 50_000, options(BlockCodec.LZ4)); // a writer reuses the freed name p-0
    assertEquals(merged.size() + ROWS_PER_DIR, rows(t, table).size(), "the new p-0 is read, the old p-1 is not");
    Cif.merge(t.fs, table, new MergeOptions());
    assertEquals(merged.size() + ROWS_PER_DIR, rows(t, table).size());
  }

  @Test
  void aCorruptBlockIsRefusedAndNothingChanges() throws Exception {
    TestFs t = new TestFs();
    Path table = t.path("table");
    write(t, table, "p-", 2, 0, options(BlockCodec.NONE));
    Path file = new Path(new Path(table, "p-1"), SplitDirectoryLayout.columnFileName(0, CRAWL.schema().getFields().get(0).name()));
    java.nio.file.Path local = java.nio.file.Paths.get(file.toUri().getPath());
    byte[] b = java.nio.file.Files.readAllBytes(local);
    int headerLength = 10 + java.nio.ByteBuffer.wrap(b, 6, 4).getInt() + 4;
    b[headerLength + 17 + 2] ^= 1; // a byte of the first block's payload
    java.nio.file.Files.write(local, b);
    IOException e = assertThrows(IOException.class, () -> Cif.merge(t.fs, table, new MergeOptions()));
    assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
    assertEquals(List.of("p-0", "p-1"), names(t, table));
  }

  @Test
  void aKillAtTheSwitchingRenameLeavesTheOldSplitDirectories() throws Exception {
    TestFs t = new TestFs();
    Path table = t.path("table");
    write(t, table, "p-", 2, 0, options(BlockCodec.LZ4));
    List<String> before = rows(t, table);
    FaultyFileSystem.arm("rename", 2, true); // 1: the schema file into the hidden directory; 2: the switch
    try {
      assertThrows(Error.class, () -> Cif.merge(t.fs, table, new MergeOptions()));
    } finally {
      FaultyFileSystem.disarm();
    }
    assertEquals(List.of("_cif-merging.", "p-0", "p-1"), names(t, table).stream().map(n -> n.startsWith("_cif-merging.") ? "_cif-merging." : n).toList());
    assertEquals(before, rows(t, table));
    Cif.merge(t.fs, table, new MergeOptions());
    assertEquals(1, names(t, table).size(), names(t, table).toString());
    assertEquals(before, rows(t, table));
  }
}
