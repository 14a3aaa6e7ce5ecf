package dev.cif.impl.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.ColumnReader;
import dev.cif.ReadBytes;
import dev.cif.ReadOptions;
import dev.cif.RowReader;
import dev.cif.RowRuns;
import dev.cif.SelectedKeysBatch;
import dev.cif.WriteOptions;
import dev.cif.impl.split.SplitDirectoryWriter;
import dev.cif.pushdown.Comparison;
import dev.cif.pushdown.Literal;
import dev.cif.pushdown.MapKeys;
import dev.cif.pushdown.Predicate;
import dev.cif.record.Projection;
import dev.cif.testing.TestFs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A split-directory read as parts k of n (ReadOptions#part): for every n from 2 to past the driver's
 * block count, every projection, a pushed predicate, lazy records and the batch path with selected map
 * keys, the parts' rows one after another are the whole read's rows, in order, none twice; and each
 * part reads only its share of the blocks (counted block bytes, not answers alone).
 */
class SplitDirectoryPartTest {
  private static final int ROWS = 12_000;
  private static final Schema SCHEMA = SchemaBuilder.record("r").fields()
      .requiredLong("k").optionalString("s").optionalDouble("d")
      .name("m").type().optional().map().values().stringType().endRecord();
  private static TestFs t;
  private static Path dir;

  @BeforeAll
  static void write() throws Exception {
    t = new TestFs();
    dir = t.path("sd");
    // Uncompressed small blocks: the columns' blocks hold different row counts (s's values are longest),
    // so a cut at the driver's block boundary falls inside the other columns' blocks.
    try (SplitDirectoryWriter w = new SplitDirectoryWriter(t.fs, dir, SCHEMA,
        new WriteOptions().codec("*", BlockCodec.NONE).blockBytes(8192).layout("m", ColumnLayout.DCSL)
            .layout("d", ColumnLayout.PLAIN))) {
      for (long i = 0; i < ROWS; i++) {
        GenericData.Record r = new GenericData.Record(SCHEMA);
        r.put("k", i);
        r.put("s", i % 11 == 0 ? null : "value-" + i + "-" + "x".repeat((int) (i % 23)));
        r.put("d", i * 0.5);
        r.put("m", i % 13 == 0 ? null : Map.of("a", "a" + i, "b", "b" + (i % 5), "c" + (i % 3), "z"));
        w.write(r);
      }
    }
  }

  /** One read: the rows as strings and the bytes read by column. */
  private record Read(List<String> rows, Map<String, ReadBytes> bytes) {
    long total() { return bytes.values().stream().mapToLong(ReadBytes::total).sum(); }
    long of(String column) { return bytes.containsKey(column) ? bytes.get(column).total() : 0; }
  }

  private static ReadOptions options(List<String> columns, Predicate p) {
    return new ReadOptions().columns(columns).predicate(p);
  }

  /** Reads through records; columns asked of each lazy record are only those named in ask. */
  private static Read rows(ReadOptions o, List<String> ask) throws Exception {
    List<String> out = new ArrayList<>();
    try (RowReader r = o.open(t.fs, List.of(dir))) {
      while (r.next()) {
        GenericRecord rec = r.current();
        StringBuilder b = new StringBuilder();
        for (String c : ask) b.append(c).append('=').append(rec.get(c)).append(' ');
        out.add(b.toString());
      }
      return new Read(out, r.bytesRead());
    }
  }

  private static final Map<String, Integer> BLOCKS = new java.util.HashMap<>();

  /** Block count of a column in the split-directory. */
  private static int blocks(String column) throws Exception {
    Integer known = BLOCKS.get(column);
    if (known != null) return known;
    try (ColumnReader r = dev.cif.Cif.openColumn(t.fs, new Path(dir, dev.cif.impl.split.SplitDirectory.open(t.fs, dir)
        .schemaFile().fileOf(column)), 1 << 20)) {
      BLOCKS.put(column, r.blockCount());
      return r.blockCount();
    }
  }

  private static void partsReadTheWhole(List<String> columns, Predicate p, List<String> ask) throws Exception {
    Read whole = rows(options(columns, p), ask);
    List<String> stored = columns == null ? List.of("k", "s", "d", "m") : columns;
    String driver = SplitDirectoryPart.driver(dev.cif.impl.split.SplitDirectory.open(t.fs, dir), stored);
    int b = driver == null ? 0 : blocks(driver);
    assertTrue(driver == null || b >= 2, driver + " has " + b + " blocks");
    // What reading a block more than once may cost: one block of each other column at each cut.
    long straddle = 0;
    for (String c : whole.bytes().keySet()) {
      if (!c.equals(driver)) straddle += 2 * whole.of(c) / blocks(c);
    }
    for (int n : new int[] {2, 3, 7, b, b + 3}) {
      if (n < 2) continue;
      List<String> joined = new ArrayList<>();
      long sum = 0;
      long driverSum = 0;
      for (int k = 0; k < n; k++) {
        Read part = rows(options(columns, p).part(k, n), ask);
        joined.addAll(part.rows());
        sum += part.total();
        if (driver != null) driverSum += part.of(driver);
        if (driver != null && p == null) {
          // The driver reads its share of the blocks; every other column at most one more block at each end.
          long share = (long) Math.ceil((double) b / n);
          long driverBlock = (long) Math.ceil((double) whole.of(driver) / b);
          assertTrue(part.of(driver) <= share * driverBlock * 3 / 2 + driverBlock,
              columns + " part " + k + " of " + n + ": driver " + driver + " read " + part.of(driver) + " of " + whole.of(driver));
          for (String c : part.bytes().keySet()) {
            if (c.equals(driver) || p != null) continue;
            long cb = blocks(c);
            long block = (long) Math.ceil((double) whole.of(c) / cb);
            assertTrue(part.of(c) <= (Math.ceil((double) cb / n) + 2) * block * 3 / 2,
                columns + " part " + k + " of " + n + ": " + c + " read " + part.of(c) + " of " + whole.of(c));
          }
        }
      }
      assertEquals(whole.rows(), joined, columns + " " + p + " in " + n + " parts");
      if (driver != null) {
        // No driver block is read by two parts; other columns read a straddling block twice at most.
        assertEquals(whole.of(driver), driverSum, columns + " in " + n + " parts: the driver's bytes");
        assertTrue(sum - whole.total() <= (n - 1) * straddle,
            columns + " in " + n + " parts read " + sum + " bytes, whole " + whole.total());
      } else {
        assertEquals(0, sum);
      }
    }
  }

  @Test
  void everyProjectionInPartsReadsTheWholeOnceAndAShareEach() throws Exception {
    for (List<String> columns : Arrays.asList(null, List.of("k"), List.of("s"), List.of("s", "k"), List.of("m", "d"),
        List.of("d", "s", "m", "k"))) {
      List<String> ask = columns == null ? List.of("k", "s", "d", "m") : columns;
      partsReadTheWhole(columns, null, ask);
    }
  }

  @Test
  void aCountInPartsCountsEveryRowOnceAndReadsNothing() throws Exception {
    partsReadTheWhole(List.of(), null, List.of());
  }

  @Test
  void lazyRecordsDecodeOnlyWhatIsAskedInTheirPart() throws Exception {
    // s and m are projected but only k is asked: the parts still cut by the largest projected file.
    partsReadTheWhole(List.of("k", "s", "m"), null, List.of("k"));
  }

  @Test
  void aPredicateSkipsBlocksWithinEachPart() throws Exception {
    // On d (k / 2, PLAIN so in 12 blocks; PACKED would take 3), a column not projected: its blocks' statistics leave out most rows.
    Predicate p = Predicate.or(Predicate.between("d", Literal.of(1500.0), Literal.of(1750.0)),
        Predicate.compare("d", Comparison.Op.GE, Literal.of((ROWS - 700) / 2.0)));
    partsReadTheWhole(List.of("k", "s"), p, List.of("k", "s"));
    // Parts wholly outside the predicate's blocks read no block of s at all.
    Read whole = rows(options(List.of("k", "s"), p), List.of("k"));
    assertTrue(whole.rows().size() < ROWS / 2, whole.rows().size() + " rows");
    Read first = rows(options(List.of("k", "s"), p).part(0, 8), List.of("k", "s"));
    assertEquals(List.of(), first.rows());
    assertEquals(0, first.of("s"));
  }

  @Test
  void runsOfPartsFillBatchesWithSelectedMapKeys() throws Exception {
    Projection projection = Projection.of(SCHEMA, List.of("k", "m"));
    MapKeys keys = MapKeys.of(Map.of("m", Set.of("a")));
    List<String> whole = runs(new ReadOptions().mapKeys(keys), projection);
    assertEquals(ROWS, whole.size());
    for (int n : new int[] {2, 5, 40}) {
      List<String> joined = new ArrayList<>();
      for (int k = 0; k < n; k++) joined.addAll(runs(new ReadOptions().mapKeys(keys).part(k, n), projection));
      assertEquals(whole, joined, n + " parts");
    }
  }

  /** k and m['a'] of every row, read a run at a time as a vectorized reader does. */
  private static List<String> runs(ReadOptions o, Projection projection) throws Exception {
    List<String> out = new ArrayList<>();
    try (RowRuns runs = o.runs(t.fs, List.of(dir), projection)) {
      SelectedKeysBatch batch = null;
      int n;
      while ((n = runs.advanceRun(1024)) > 0) {
        ColumnReader k = runs.column(0);
        long[] ks = new long[n];
        for (int i = 0; i < n; i++) ks[i] = (Long) k.next();
        ColumnReader m = runs.column(1);
        if (batch == null) batch = m.selectedKeysBatch(1024, null);
        m.readSelectedKeys(batch, 0, n);
        for (int i = 0; i < n; i++) {
          out.add(ks[i] + ":" + (batch.isNull[i] ? "null" : batch.has[0][i] ? String.valueOf(batch.values[0][i]) : "-"));
        }
      }
    }
    return out;
  }
}
