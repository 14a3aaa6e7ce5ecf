package dev.cif.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.WriteOptions;
import dev.cif.impl.evolve.ColumnAdder;
import dev.cif.impl.record.SplitRecordReader;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.DatasetWriter;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.testing.core.DatasetCheck;
import dev.cif.testing.RandomData;
import dev.cif.testing.TestFs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Readers share nothing but the files: many threads read one dataset at once and each gets every
 * value; readers running while ColumnAdder adds a column see each split-directory either without
 * the column or with all of its values, never part of it.
 */
class ConcurrentReadersTest {
  private static final Schema SCHEMA = FuzzDatasets.SCHEMA;
  private static final Function<GenericRecord, Object> ADDED = r -> (int) (((Long) r.get("id")) % 1000);
  private final TestFs t = new TestFs();
  private final List<GenericData.Record> rows = new ArrayList<>();
  private final ExecutorService pool = Executors.newFixedThreadPool(8);
  private final Path dataset = t.path("shared");

  ConcurrentReadersTest() throws IOException {
    RandomData data = new RandomData(3);
    for (int i = 0; i < 1200; i++) rows.add(data.record(SCHEMA));
    WriteOptions o = new WriteOptions().blockBytes(2048).splitDirectoryBytes(16 << 10).codec("*", BlockCodec.ZSTD)
        .layout("m", ColumnLayout.DCSL);
    try (DatasetWriter w = new DatasetWriter(t.fs, dataset, "p", SCHEMA, o)) {
      for (GenericData.Record r : rows) w.write(r);
    }
  }

  @AfterEach
  void stop() { pool.shutdownNow(); }

  @Test
  void manyReadersOfOneDataset() throws Exception {
    List<Object> want = DatasetCheck.normalized(rows);
    List<Future<List<Object>>> reads = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      RecordType type = i % 2 == 0 ? RecordType.LAZY : RecordType.EAGER;
      reads.add(pool.submit(() -> {
        List<Object> got = new ArrayList<>();
        try (SplitRecordReader r = new SplitRecordReader(t.fs, DatasetListing.splitDirectories(t.fs, dataset),
            Projection.of(SCHEMA, ""), type, 1 << 26)) {
          while (r.next()) got.add(RandomData.normalize(r.current()));
        }
        return got;
      }));
    }
    for (Future<List<Object>> f : reads) assertEquals(want, f.get(120, TimeUnit.SECONDS));
  }

  @Test
  void readersDuringAddColumnSeeEachSplitDirectoryWholeOrWithout() throws Exception {
    List<Path> dirs = DatasetListing.splitDirectories(t.fs, dataset);
    assertTrue(dirs.size() >= 5, "split-directories: " + dirs.size());
    AtomicBoolean adding = new AtomicBoolean(true);
    AtomicInteger with = new AtomicInteger();
    AtomicInteger without = new AtomicInteger();
    List<Future<?>> readers = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      readers.add(pool.submit(() -> {
        boolean lastPass = false;
        while (!lastPass) {
          lastPass = !adding.get();
          int first = 0;
          for (Path dir : dirs) {
            List<GenericData.Record> mine = rows.subList(first, first + (int) SplitDirectory.open(t.fs, dir).rows());
            first += mine.size();
            (readWithAddedColumn(dir, mine) ? with : without).incrementAndGet();
          }
        }
        return null;
      }));
    }
    Schema.Field field = new Schema.Field("added", Schema.create(Schema.Type.INT), null, (Object) null);
    assertEquals(dirs.size(), ColumnAdder.addColumn(t.fs, dataset, field, ADDED, new WriteOptions()));
    adding.set(false);
    for (Future<?> f : readers) f.get(120, TimeUnit.SECONDS);
    assertTrue(with.get() >= 4 * dirs.size(), "the last passes saw every column added: " + with);
  }

  /** Reads one split-directory whole; true if it had the added column (then checked on every row). */
  private boolean readWithAddedColumn(Path dir, List<GenericData.Record> expected) throws IOException {
    SplitDirectory sd = SplitDirectory.open(t.fs, dir);
    boolean has = sd.hasColumn("added");
    Schema schema = sd.schema();
    try (SplitRecordReader r = new SplitRecordReader(t.fs, List.of(dir), Projection.of(schema, ""), RecordType.EAGER, 1 << 26)) {
      int n = 0;
      while (r.next()) {
        GenericData.Record want = expected.get(n++);
        assertEquals(RandomData.normalize(want.get("m")), RandomData.normalize(r.current().get("m")));
        if (has) assertEquals(ADDED.apply(want), r.current().get("added"), dir + " row " + n);
      }
      assertEquals(expected.size(), n, dir.toString());
    }
    return has;
  }
}
