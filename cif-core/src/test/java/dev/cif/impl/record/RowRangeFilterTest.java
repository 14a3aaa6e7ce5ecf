package dev.cif.impl.record;

import dev.cif.BlockCodec;
import dev.cif.WriteOptions;
import dev.cif.impl.split.SplitDirectoryWriter;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.testing.TestFs;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;


/** A RowRangeFilter makes the reader visit only the rows it names, and leaves other blocks unread. */
class RowRangeFilterTest {
  private static final int ROWS = 100_000;
  private static final Schema SCHEMA = SchemaBuilder.record("r").fields()
      .optionalLong("k").optionalString("s").endRecord();
  private static TestFs t;
  private static List<Path> dirs;

  @BeforeAll
  static void write() throws Exception {
    t = new TestFs();
    dirs = List.of(t.path("a"), t.path("b"));
    // Uncompressed: about 30 blocks a file, so that reading one block is a small share of the file.
    for (int d = 0; d < dirs.size(); d++) {
      try (SplitDirectoryWriter w = new SplitDirectoryWriter(t.fs, dirs.get(d), SCHEMA,
          new WriteOptions().codec("*", BlockCodec.NONE).blockBytes(4096))) {
        for (long i = 0; i < ROWS; i++) {
          GenericData.Record r = new GenericData.Record(SCHEMA);
          r.put(0, d * ROWS + i);
          r.put(1, i % 7 == 0 ? null : "s" + i);
          w.write(r);
        }
      }
    }
  }

  /** The k of every row read (and its s, checked against what was written). */
  private static List<Long> read(String columns, RowRangeFilter filter) throws Exception {
    List<Long> ks = new ArrayList<>();
    try (SplitRecordReader r = new SplitRecordReader(t.fs, dirs, Projection.of(SCHEMA, columns), RecordType.LAZY, 1 << 20, filter)) {
      while (r.next()) {
        GenericRecord rec = r.current();
        long k = (Long) rec.get("k");
        ks.add(k);
        if (columns.contains("s")) {
          Object s = rec.get("s");
          assertEquals(k % ROWS % 7 == 0 ? null : "s" + k % ROWS, s == null ? null : s.toString());
        }
      }
    }
    return ks;
  }

  @Test
  void visitsExactlyTheNamedRanges() throws Exception {
    // First directory: rows 5..7 and the last row; second: none at all.
    RowRangeFilter filter = dir -> dir.path().getName().equals("a") ? new long[] {5, 8, ROWS - 1, ROWS} : new long[0];
    assertEquals(List.of(5L, 6L, 7L, (long) ROWS - 1), read("k,s", filter));
    // Null means every row; ranges may start at 0 and cover everything.
    assertEquals(2 * ROWS, read("k", dir -> null).size());
    assertEquals(2 * ROWS, read("k", dir -> new long[] {0, ROWS}).size());
    assertEquals(List.of(ROWS + 3L), read("s,k", dir -> dir.path().getName().equals("b") ? new long[] {3, 4} : new long[0]));
  }

  /** Bytes read from local files (the raw local file system's statistics: checksum files are not counted). */
  private static long bytesRead() {
    return org.apache.hadoop.fs.FileSystem.getStatistics("file", org.apache.hadoop.fs.RawLocalFileSystem.class).getBytesRead();
  }

  @Test
  void blocksOutsideTheRangesAreNotRead() throws Exception {
    long fileBytes = t.fs.getFileStatus(new Path(dirs.get(0), "0000-k.cif")).getLen()
        + t.fs.getFileStatus(new Path(dirs.get(1), "0000-k.cif")).getLen();
    long before = bytesRead();
    assertEquals(2 * ROWS, read("k", null).size());
    long all = bytesRead() - before;
    assertTrue(all >= fileBytes, all + " < " + fileBytes);

    before = bytesRead();
    assertEquals(List.of(100L, 101L, ROWS + 100L, ROWS + 101L), read("k", dir -> new long[] {100, 102}));
    long few = bytesRead() - before;
    // One block of about 30 per file, plus what opening a file through the checksummed local file
    // system costs whatever is read (about 20 KB here: its checksum file and read-ahead).
    assertTrue(few < all / 4, few + " bytes read of " + all);
  }
}
