package dev.cif.impl.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.impl.column.BlockStats;
import dev.cif.pushdown.Comparison;
import dev.cif.pushdown.Literal;
import dev.cif.pushdown.Predicate;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

/** A split-directory's statistics as its extended attribute holds them (docs/FORMAT.md §4.4). */
class DirectoryStatisticsTest {
  private static final Schema INT = Schema.create(Schema.Type.INT);
  private static final Schema STRING = Schema.create(Schema.Type.STRING);

  @SuppressWarnings("unchecked")
  private static BlockStats block(long nulls, Object min, Object max) {
    BlockStats b = new BlockStats();
    b.nulls = nulls;
    b.min = (Comparable<Object>) min;
    b.max = (Comparable<Object>) max;
    return b;
  }

  @Test
  void summedBoundsRuleOutOnlyWhatNoBlockHolds() {
    DirectoryStatistics.Builder b = new DirectoryStatistics.Builder(300)
        .add("k", INT, List.of(block(0, 10, 20), block(100, null, null), block(5, 30, 40)), List.of(100, 100, 100))
        .add("s", STRING, List.of(block(0, new Utf8("b"), new Utf8("m"))), List.of(300));
    DirectoryStatistics d = DirectoryStatistics.decode(b.encode());
    assertNotNull(d);
    assertEquals(300, d.rows());
    assertTrue(d.mayMatch(Predicate.compare("k", Comparison.Op.EQ, Literal.of(35))));
    assertFalse(d.mayMatch(Predicate.compare("k", Comparison.Op.GT, Literal.of(40))));
    assertFalse(d.mayMatch(Predicate.compare("k", Comparison.Op.LT, Literal.of(10))));
    assertTrue(d.mayMatch(Predicate.isNull("k")), "105 nulls");
    assertFalse(d.mayMatch(Predicate.isNull("s")), "no nulls");
    assertFalse(d.mayMatch(Predicate.compare("s", Comparison.Op.GT, Literal.of("z"))));
    assertTrue(d.mayMatch(Predicate.compare("other", Comparison.Op.EQ, Literal.of(1))), "a column not kept cannot be judged");
  }

  @Test
  void aBlockWithoutBoundsLeavesTheColumnWithoutBounds() {
    DirectoryStatistics d = DirectoryStatistics.decode(new DirectoryStatistics.Builder(200)
        .add("k", INT, List.of(block(0, 10, 20), block(0, null, null)), List.of(100, 100)).encode());
    assertTrue(d.mayMatch(Predicate.compare("k", Comparison.Op.GT, Literal.of(1000))));
    assertFalse(d.mayMatch(Predicate.isNull("k")), "the null count is still kept");
  }

  @Test
  void longStringBoundsAreLeftOutAndTheValueFitsTheNameNodesLimit() {
    DirectoryStatistics.Builder b = new DirectoryStatistics.Builder(1);
    String longValue = "x".repeat(DirectoryStatistics.MAX_STRING_BYTES + 1);
    b.add("long", STRING, List.of(block(0, new Utf8("a"), new Utf8(longValue))), List.of(1));
    for (int i = 0; i < 10_000; i++) b.add("column_number_" + i, INT, List.of(block(0, i, i)), List.of(1));
    byte[] value = b.encode();
    assertTrue(value.length + DirectoryStatistics.XATTR.length() <= 16_384, value.length + " bytes");
    DirectoryStatistics d = DirectoryStatistics.decode(value);
    assertTrue(d.mayMatch(Predicate.compare("long", Comparison.Op.GT, Literal.of("zzz"))), "no bound kept");
    assertFalse(d.mayMatch(Predicate.compare("column_number_0", Comparison.Op.GT, Literal.of(0))));
  }

  @Test
  void anAttributeThatDoesNotParseIsAbsent() {
    byte[] good = new DirectoryStatistics.Builder(5).add("k", INT, List.of(block(0, 1, 2)), List.of(5)).encode();
    List<byte[]> bad = new ArrayList<>();
    bad.add(new byte[0]);
    bad.add(new byte[] {2}); // another version
    bad.add(java.util.Arrays.copyOf(good, good.length - 1));
    byte[] trailing = java.util.Arrays.copyOf(good, good.length + 1);
    bad.add(trailing);
    for (byte[] v : bad) assertNull(DirectoryStatistics.decode(v), java.util.Arrays.toString(v));
  }

  @Test
  void onlyAPredicateStatisticsCouldRuleOutIsWorthACall() {
    Predicate gt = Predicate.compare("k", Comparison.Op.GT, Literal.of(40));
    Predicate notNull = Predicate.not(Predicate.isNull("k"));
    Predicate unknown = Predicate.unknown();
    assertTrue(DirectoryStatistics.canRuleOut(gt));
    assertTrue(DirectoryStatistics.canRuleOut(Predicate.isNull("k")), "a split-directory without nulls");
    assertTrue(DirectoryStatistics.canRuleOut(Predicate.not(gt)), "every value above the literal");
    assertTrue(DirectoryStatistics.canRuleOut(Predicate.and(notNull, unknown, gt)), "one conjunct suffices");
    assertTrue(DirectoryStatistics.canRuleOut(Predicate.or(gt, Predicate.isNull("s"))));
    assertTrue(DirectoryStatistics.canRuleOut(Predicate.not(Predicate.or(notNull, gt))), "k IS NULL AND NOT k > 40");
    // Hive's pushed filter on a joined fact table: its join keys not null and the semijoin filters it cannot translate.
    assertFalse(DirectoryStatistics.canRuleOut(Predicate.and(notNull, Predicate.not(Predicate.isNull("j")), unknown)));
    assertFalse(DirectoryStatistics.canRuleOut(unknown));
    assertFalse(DirectoryStatistics.canRuleOut(Predicate.or(gt, unknown)), "one disjunct statistics cannot judge");
    assertFalse(DirectoryStatistics.canRuleOut(Predicate.not(Predicate.and(gt, unknown))));
    assertFalse(DirectoryStatistics.canRuleOut(Predicate.and()), "true everywhere");
    // What canRuleOut promises: where it says no, no statistics make mayMatch false.
    DirectoryStatistics allNull = DirectoryStatistics.decode(new DirectoryStatistics.Builder(10)
        .add("k", INT, List.of(block(10, null, null)), List.of(10)).encode());
    assertFalse(allNull.mayMatch(notNull), "the one case given up: a column null in every row");
  }
}
