package dev.cif.impl.split;

import dev.cif.BlockCodec;
import dev.cif.WriteOptions;
import dev.cif.impl.evolve.ColumnAdder;
import dev.cif.impl.record.SplitRecordReader;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.testing.TestFs;
import dev.cif.testing.crawl.CrawlData;
import dev.cif.testing.crawl.CrawlShape;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


class ProjectionAndAddColumnTest {
  private static final int ROWS = 4000;
  /** Smaller pages than the paper's keep the datasets a few MB. */
  private static final CrawlData CRAWL = new CrawlData(1, CrawlShape.PAPER.content(2000, 5000));

  private static Path writeCrawl(TestFs t, String name, long splitBytes) throws Exception {
    Path dir = t.path(name);
    try (DatasetWriter w = new DatasetWriter(t.fs, dir, "part", CRAWL.schema(),
        // Uncompressed, so the scans below compare the columns' full sizes (content dominates), not LZ4's ratios.
        new WriteOptions().codec("*", BlockCodec.NONE).splitDirectoryBytes(splitBytes))) {
      for (int i = 0; i < ROWS; i++) w.write(CRAWL.row(i));
    }
    return dir;
  }

  private static long bytesRead() {
    long n = 0;
    for (FileSystem.Statistics s : FileSystem.getAllStatistics()) n += s.getBytesRead();
    return n;
  }

  private static long scan(TestFs t, Path dir, String columns) throws Exception {
    long before = bytesRead();
    Schema schema = SplitDirectory.open(t.fs, DatasetListing.splitDirectories(t.fs, dir).get(0)).schema();
    Projection p = Projection.of(schema, columns);
    try (SplitRecordReader r = new SplitRecordReader(t.fs, DatasetListing.splitDirectories(t.fs, dir), p, RecordType.LAZY, 1 << 26)) {
      while (r.next()) for (int i = 0; i < p.size(); i++) r.current().get(i);
    }
    return bytesRead() - before;
  }

  @Test
  void projectingUrlReadsUnderFivePercentOfAFullScan() throws Exception {
    TestFs t = new TestFs();
    Path dir = writeCrawl(t, "crawl", 4 << 20);
    long all = scan(t, dir, "");
    long url = scan(t, dir, "url");
    assertTrue(all > 10_000_000, "full scan read " + all);
    assertTrue(url * 20 < all, "url-only read " + url + " bytes, full scan " + all);
  }

  @Test
  void unprojectedColumnIsAClearError() throws Exception {
    TestFs t = new TestFs();
    Path dir = writeCrawl(t, "crawl", 1L << 30);
    try (SplitRecordReader r = new SplitRecordReader(t.fs, DatasetListing.splitDirectories(t.fs, dir),
        Projection.of(CRAWL.schema(), "url"), RecordType.LAZY, 1 << 26)) {
      assertTrue(r.next());
      AvroRuntimeException e = assertThrows(AvroRuntimeException.class, () -> r.current().get("metadata"));
      assertTrue(e.getMessage().contains("metadata") && e.getMessage().contains("[url]"), e.getMessage());
    }
  }

  @Test
  void addColumnWritesOneFilePerSplitDirectoryAndRewritesNothing() throws Exception {
    TestFs t = new TestFs();
    Path dir = writeCrawl(t, "crawl", 1 << 20);
    List<Path> dirs = DatasetListing.splitDirectories(t.fs, dir);
    assertTrue(dirs.size() > 2);
    Map<Path, Long> before = new HashMap<>();
    for (Path d : dirs) for (FileStatus st : t.fs.listStatus(d)) before.put(st.getPath(), st.getModificationTime() ^ st.getLen());

    Schema.Field urlLength = new Schema.Field("urlLength", Schema.create(Schema.Type.INT), null, (Object) null);
    assertEquals(dirs.size(), ColumnAdder.addColumn(t.fs, dir, urlLength, r -> r.get("url").toString().length(), new WriteOptions()));
    Schema.Field flag = new Schema.Field("flag", Schema.create(Schema.Type.STRING), null, "none");
    ColumnAdder.addColumn(t.fs, dir, flag, null, new WriteOptions());
    assertEquals(0, ColumnAdder.addColumn(t.fs, dir, flag, null, new WriteOptions()), "idempotent");

    for (Path d : dirs) {
      List<Path> added = new ArrayList<>();
      for (FileStatus st : t.fs.listStatus(d)) {
        Long old = before.get(st.getPath());
        if (old == null) added.add(st.getPath());
        else assertEquals(old, st.getModificationTime() ^ st.getLen(), "rewrote " + st.getPath());
      }
      assertEquals(4, added.size(), "two column files and two schema generations: " + added);
    }
    Schema now = SplitDirectory.open(t.fs, dirs.get(0)).schema();
    try (SplitRecordReader r = new SplitRecordReader(t.fs, dirs, Projection.of(now, "urlLength,flag,url"), RecordType.EAGER, 1 << 26)) {
      int n = 0;
      while (r.next()) {
        GenericRecord g = r.current();
        assertEquals(CRAWL.row(n).get("url").toString().length(), g.get("urlLength"));
        assertEquals("none", g.get("flag").toString());
        n++;
      }
      assertEquals(ROWS, n);
    }
  }

  @Test
  void splitDirectoriesLackingAColumnReadItsDefault() throws Exception {
    TestFs t = new TestFs();
    Path dir = writeCrawl(t, "crawl", 1L << 30);
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : CRAWL.schema().getFields()) fields.add(new Schema.Field(f, f.schema()));
    fields.add(new Schema.Field("score", Schema.create(Schema.Type.DOUBLE), null, 0.5));
    fields.add(new Schema.Field("note", Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING)), null, Schema.Field.NULL_DEFAULT_VALUE));
    Schema reader = Schema.createRecord("URLInfo", null, null, false, fields);
    try (SplitRecordReader r = new SplitRecordReader(t.fs, DatasetListing.splitDirectories(t.fs, dir),
        Projection.of(reader, "score,note,url"), RecordType.LAZY, 1 << 26)) {
      assertTrue(r.next());
      assertEquals(0.5, r.current().get("score"));
      assertNull(r.current().get("note"));
      assertEquals(CRAWL.row(0).get("url").toString(), r.current().get("url").toString());
    }
  }

  @Test
  void badRecordIsRefusedWithTheColumnNamed() throws Exception {
    TestFs t = new TestFs();
    Path dir = t.path("bad");
    try (DatasetWriter w = new DatasetWriter(t.fs, dir, "p", CRAWL.schema(), new WriteOptions())) {
      GenericData.Record r = CRAWL.row(0);
      r.put("url", null);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(r));
      assertTrue(e.getMessage().contains("column url"), e.getMessage());
      w.write(CRAWL.row(1));
    }
    assertEquals(1, SplitDirectory.open(t.fs, DatasetListing.splitDirectories(t.fs, dir).get(0)).rows());
  }

  @Test
  void valuesThatWouldBeNarrowedAreRefusedAndTheRowLeftOut() throws Exception {
    TestFs t = new TestFs();
    Schema s = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"N\",\"fields\":["
        + "{\"name\":\"i\",\"type\":\"int\"},{\"name\":\"f\",\"type\":\"float\"},{\"name\":\"z\",\"type\":\"null\"}]}");
    Path dir = t.path("narrow");
    try (DatasetWriter w = new DatasetWriter(t.fs, dir, "p", s, new WriteOptions())) {
      GenericData.Record r = new GenericData.Record(s);
      r.put("i", 1L << 40);
      r.put("f", 1.5f);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(r));
      assertTrue(e.getMessage().contains("column i"), e.getMessage());
      for (int k = 0; k < 200_000; k++) {
        r.put("i", k);
        w.write(r);
      }
    }
    Path sd = DatasetListing.splitDirectories(t.fs, dir).get(0);
    assertEquals(200_000, SplitDirectory.open(t.fs, sd).rows());
    try (dev.cif.impl.column.ColumnFileReader z = SplitDirectory.open(t.fs, sd).openColumn("z", 1 << 26)) {
      assertTrue(z.blockCount() >= 3, "a null column's blocks end by row count: " + z.blockCount());
    }
  }
}
