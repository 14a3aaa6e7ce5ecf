package dev.cif.impl.record;

import dev.cif.WriteOptions;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.DatasetWriter;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.record.RowPredicate;
import dev.cif.testing.RandomData;
import dev.cif.testing.TestFs;
import dev.cif.testing.crawl.CrawlData;
import dev.cif.testing.crawl.CrawlShape;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


/**
 * A row predicate passes over the rows that fail it, serves its column's values for the rows that
 * pass from the bytes it tested, and agrees with filtering the records afterwards: for both record
 * types, projected or not, on a nullable column, across blocks and split-directories.
 */
class RowPredicateTest {
  private static final int ROWS = 4000;
  /** A quarter of the pages are crawl seeds, so srcUrl is a nullable column with nulls in every block. */
  private static final CrawlData CRAWL = new CrawlData(7, CrawlShape.PAPER.content(2000, 5000).seedPages(250));

  private static RowPredicate contains(String column, String text, boolean nulls) {
    byte[] needle = text.getBytes(StandardCharsets.UTF_8);
    return new RowPredicate() {
      @Override public String column() { return column; }

      @Override public boolean test(byte[] b, int off, int len) {
        return new String(b, off, len, StandardCharsets.UTF_8).contains(new String(needle, StandardCharsets.UTF_8));
      }

      @Override public boolean testNull() { return nulls; }
    };
  }

  private static Path write(TestFs t) throws Exception {
    Path dir = t.path("crawl");
    WriteOptions o = new WriteOptions().splitDirectoryBytes(3 << 20).blockBytes(8 << 10);
    try (DatasetWriter w = new DatasetWriter(t.fs, dir, "part", CRAWL.schema(), o)) {
      for (int i = 0; i < ROWS; i++) w.write(CRAWL.row(i));
    }
    return dir;
  }

  /** Reads with the predicate and checks every record against the rows that pass, in order. */
  private static void check(TestFs t, Path dir, String columns, RowPredicate p, Predicate<GenericData.Record> passes) throws Exception {
    List<GenericData.Record> want = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) if (passes.test(CRAWL.row(i))) want.add(CRAWL.row(i));
    assertTrue(want.size() > 10 && want.size() < ROWS, want.size() + " of " + ROWS + " rows pass");
    List<Path> dirs = DatasetListing.splitDirectories(t.fs, dir);
    assertTrue(dirs.size() > 1, dirs.size() + " split-directories");
    Projection projection = Projection.of(CRAWL.schema(), columns);
    for (RecordType type : RecordType.values()) {
      try (SplitRecordReader r = new SplitRecordReader(t.fs, dirs, projection, type, 1 << 26, null, p)) {
        int n = 0;
        while (r.next()) {
          GenericRecord g = r.current();
          GenericData.Record w = want.get(n++);
          for (org.apache.avro.Schema.Field f : projection.schema().getFields()) {
            Object v = g.get(f.name());
            if (v instanceof Map) assertEquals(RandomData.normalize(((Map<?, ?>) w.get(f.name())).get(new org.apache.avro.util.Utf8("content-type"))),
                RandomData.normalize(((Map<?, ?>) v).get("content-type")), type + " record " + n);
            assertEquals(RandomData.normalize(w.get(f.name())), RandomData.normalize(v), type + " record " + n + " " + f.name());
          }
        }
        assertEquals(want.size(), n, type + ": records handed out");
      }
    }
  }

  @Test
  void projectedAndUnprojectedColumnsAndNulls() throws Exception {
    TestFs t = new TestFs();
    Path dir = write(t);
    check(t, dir, "url, metadata", contains("url", "ibm.com/jp", false), r -> r.get("url").toString().contains("ibm.com/jp"));
    check(t, dir, "metadata, fetchTime", contains("url", "ibm.com/jp", false), r -> r.get("url").toString().contains("ibm.com/jp"));
    // srcUrl is nullable: nulls fail by default, pass when the predicate says so.
    check(t, dir, "srcUrl, url", contains("srcUrl", "w3.ibm.com", false), r -> r.get("srcUrl") != null && r.get("srcUrl").toString().contains("w3.ibm.com"));
    check(t, dir, "srcUrl", contains("srcUrl", "w3.ibm.com", true), r -> r.get("srcUrl") == null || r.get("srcUrl").toString().contains("w3.ibm.com"));
  }

  @Test
  void onlyStringAndBytesColumnsCanBeTested() throws Exception {
    TestFs t = new TestFs();
    Path dir = write(t);
    List<Path> dirs = DatasetListing.splitDirectories(t.fs, dir);
    try (SplitRecordReader r = new SplitRecordReader(t.fs, dirs, Projection.of(CRAWL.schema(), "url"), RecordType.LAZY, 1 << 26,
        null, contains("fetchTime", "1", false))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::next);
      assertTrue(e.getMessage().contains("fetchTime"), e.getMessage());
    }
  }
}
