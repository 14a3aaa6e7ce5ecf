package dev.cif.impl.pushdown;

import dev.cif.pushdown.Predicate;
import dev.cif.pushdown.Literal;
import dev.cif.pushdown.SerializedPredicate;
import static dev.cif.pushdown.Comparison.Op.EQ;
import static dev.cif.pushdown.Comparison.Op.GE;
import static dev.cif.pushdown.Comparison.Op.GT;
import static dev.cif.pushdown.Comparison.Op.LT;
import static dev.cif.pushdown.Comparison.Op.NE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.ReadOptions;
import dev.cif.WriteOptions;
import dev.cif.impl.record.SplitRecordReader;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.impl.split.SplitDirectoryWriter;
import dev.cif.testing.TestFs;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The engine on a split-directory of 10,000 rows, k = 0..9999 ascending in small blocks, s null in
 * rows 5,000 to 5,999 and 'a' elsewhere: which runs of rows each predicate keeps, and that reading
 * with a predicate yields every matching row.
 */
class BlockStatisticsFilterTest {
  private static final int ROWS = 10_000;
  private static final Schema SCHEMA = SchemaBuilder.record("r").fields().requiredLong("k").optionalString("s").endRecord();
  private static TestFs t;
  private static SplitDirectory sd;

  @BeforeAll
  static void write() throws Exception {
    t = new TestFs();
    Path dir = t.path("d");
    try (SplitDirectoryWriter w = new SplitDirectoryWriter(t.fs, dir, SCHEMA, new WriteOptions().blockBytes(1024))) {
      for (long i = 0; i < ROWS; i++) {
        GenericData.Record r = new GenericData.Record(SCHEMA);
        r.put(0, i);
        r.put(1, i >= 5000 && i < 6000 ? null : "a");
        w.write(r);
      }
    }
    sd = SplitDirectory.open(t.fs, dir);
  }

  private static long[] rows(Predicate p) throws Exception { return new BlockStatisticsFilter(p, 1 << 20).rowsToRead(sd); }

  private static long count(long[] ranges) {
    long n = 0;
    for (int i = 0; i < ranges.length; i += 2) n += ranges[i + 1] - ranges[i];
    return n;
  }

  private static boolean covers(long[] ranges, long row) {
    for (int i = 0; i < ranges.length; i += 2) if (ranges[i] <= row && row < ranges[i + 1]) return true;
    return false;
  }

  @Test
  void aSelectiveComparisonKeepsOneBlockOfItsColumn() throws Exception {
    long[] r = rows(Predicate.compare("k", EQ, Literal.of(1234)));
    assertEquals(2, r.length);
    assertTrue(covers(r, 1234));
    assertTrue(count(r) < ROWS / 10, count(r) + " rows kept");
    assertEquals(0, rows(Predicate.compare("k", GT, Literal.of(ROWS))).length);
    assertFalse(new BlockStatisticsFilter(Predicate.compare("k", LT, Literal.of(-1)), 1 << 20).mayMatch(sd));
  }

  @Test
  void rangesInAndBetweenKeepTheBlocksThatMayHoldTheirValues() throws Exception {
    long[] r = rows(Predicate.or(Predicate.between("k", Literal.of(100), Literal.of(120)),
        Predicate.in("k", List.of(Literal.of(9000), Literal.of(7.0)))));
    for (long k : new long[] {100, 120, 9000, 7}) assertTrue(covers(r, k), "row " + k);
    assertFalse(covers(r, 5000));
    long[] ge = rows(Predicate.compare("k", GE, Literal.of(9990.5)));
    assertTrue(covers(ge, 9991) && !covers(ge, 9000));
  }

  @Test
  void nullsAndNegations() throws Exception {
    long[] isNull = rows(Predicate.isNull("s"));
    assertTrue(covers(isNull, 5000) && covers(isNull, 5999) && !covers(isNull, 100) && !covers(isNull, 8000));
    // Where s is always null, s = 'a' is null, and so is NOT (s = 'a'): neither is read there.
    long[] notA = rows(Predicate.not(Predicate.compare("s", EQ, Literal.of("a"))));
    assertEquals(0, notA.length);
    long[] ne = rows(Predicate.compare("s", NE, Literal.of("a")));
    assertEquals(0, ne.length);
    // NOT (k > 5) is true only where some k <= 5.
    assertFalse(covers(rows(Predicate.not(Predicate.compare("k", GT, Literal.of(5)))), 9999));
    // What statistics cannot judge keeps every row, under NOT too.
    assertArrayEquals(new long[] {0, ROWS}, rows(Predicate.not(Predicate.unknown())));
    assertArrayEquals(new long[] {0, ROWS}, rows(Predicate.compare("missing", EQ, Literal.of(1))));
    assertArrayEquals(new long[] {0, ROWS}, rows(Predicate.compare("k", EQ, Literal.of("1"))));
  }

  @Test
  void aPredicateTravelsInTheJobAndTheReaderSkipsWhatItRulesOut() throws Exception {
    Predicate p = Predicate.and(Predicate.compare("k", GE, Literal.of(2000)), Predicate.compare("k", LT, Literal.of(2100)),
        Predicate.not(Predicate.isNull("s")));
    assertEquals(p, SerializedPredicate.decode(SerializedPredicate.encode(p)));
    ReadOptions.setPredicate(t.conf, p);
    List<Long> ks = new ArrayList<>();
    try (dev.cif.RowReader r = ReadOptions.fromConf(t.conf).open(t.fs, List.of(sd.path()))) {
      while (r.next()) ks.add((Long) r.current().get("k"));
    }
    ReadOptions.setPredicate(t.conf, null);
    for (long k = 2000; k < 2100; k++) assertTrue(ks.contains(k), "k " + k);
    assertTrue(ks.size() < ROWS / 5, ks.size() + " rows read");
  }
}
