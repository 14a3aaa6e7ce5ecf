package dev.cif.impl.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

/** A block's bounds are what the column's own class orders as smallest and largest, boxed once. */
class BlockStatsBuilderTest {
  private static Schema optional(Schema.Type t) {
    return Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(t));
  }

  private static BlockStats gather(Schema column, Object... values) {
    BlockStatsBuilder b = new BlockStatsBuilder(column);
    for (Object v : values) b.add(v);
    return b.finish();
  }

  @Test
  void numberBoundsAreOfTheColumnsClassWhateverClassCameIn() {
    BlockStats s = gather(optional(Schema.Type.INT), 5, null, (short) -3, 7, null);
    assertEquals(2, s.nulls);
    assertEquals(Integer.valueOf(-3), s.min);
    assertEquals(Integer.valueOf(7), s.max);
    s = gather(Schema.create(Schema.Type.LONG), 1L << 40, -(1L << 41), 3);
    assertEquals(Long.valueOf(-(1L << 41)), s.min);
    assertEquals(Long.valueOf(1L << 40), s.max);
    s = gather(Schema.create(Schema.Type.FLOAT), 1.5f, 2.5d, -0.0f, 0.0f);
    assertEquals(Float.valueOf(-0.0f), s.min, "-0.0 sorts below 0.0, as Float.compareTo has it");
    assertEquals(Float.valueOf(2.5f), s.max);
    s = gather(Schema.create(Schema.Type.DOUBLE), 0.0d, -0.0d, 3, 1e300);
    assertEquals(Double.valueOf(-0.0d), s.min);
    assertEquals(Double.valueOf(1e300), s.max);
  }

  /** The bounds agree with sorting the values by their class's compareTo, for random values. */
  @Test
  void boundsAgreeWithCompareTo() {
    Random r = new Random(42);
    for (int round = 0; round < 200; round++) {
      Long[] longs = new Long[1 + r.nextInt(50)];
      Double[] doubles = new Double[longs.length];
      for (int i = 0; i < longs.length; i++) {
        longs[i] = r.nextLong() >> r.nextInt(64);
        doubles[i] = r.nextBoolean() ? (r.nextBoolean() ? 0.0 : -0.0) : r.nextGaussian();
      }
      BlockStats l = gather(Schema.create(Schema.Type.LONG), (Object[]) longs);
      BlockStats d = gather(Schema.create(Schema.Type.DOUBLE), (Object[]) doubles);
      Arrays.sort(longs);
      Arrays.sort(doubles);
      assertEquals(longs[0], l.min);
      assertEquals(longs[longs.length - 1], l.max);
      assertEquals(doubles[0], d.min);
      assertEquals(doubles[doubles.length - 1], d.max);
    }
  }

  @Test
  void aNaNLeavesTheBlockWithoutBounds() {
    BlockStats s = gather(Schema.create(Schema.Type.DOUBLE), 1.0, Double.NaN, 2.0, null);
    assertNull(s.min);
    assertNull(s.max);
    assertEquals(1, s.nulls);
    assertNull(gather(Schema.create(Schema.Type.FLOAT), Float.NaN).min);
  }

  @Test
  void stringBoundsAreCopiesOfTheirOwn() {
    Utf8 reused = new Utf8("mango");
    BlockStatsBuilder b = new BlockStatsBuilder(Schema.create(Schema.Type.STRING));
    b.add(reused);
    reused.set("apple");
    b.add(reused);
    reused.set("zebra");
    b.add(reused);
    reused.set("kiwi");
    b.add("banana");
    BlockStats s = b.finish();
    assertEquals(new Utf8("apple"), s.min);
    assertEquals(new Utf8("zebra"), s.max);
  }

  @Test
  void aLongStringLeavesTheBlockWithoutBounds() {
    String longString = "x".repeat(BlockStats.MAX_STRING_BYTES + 1);
    BlockStats s = gather(Schema.create(Schema.Type.STRING), "a", longString, "b");
    assertNull(s.min);
    assertNull(s.max);
    assertEquals(new Utf8("x".repeat(BlockStats.MAX_STRING_BYTES)), gather(Schema.create(Schema.Type.STRING),
        "x".repeat(BlockStats.MAX_STRING_BYTES)).max);
  }

  @Test
  void eachBlockStartsEmpty() {
    BlockStatsBuilder b = new BlockStatsBuilder(optional(Schema.Type.LONG));
    for (Object v : List.of(10L, 20L)) b.add(v);
    b.add(null);
    b.finish();
    b.add(15L);
    BlockStats s = b.finish();
    assertEquals(0, s.nulls);
    assertEquals(Long.valueOf(15), s.min);
    assertEquals(Long.valueOf(15), s.max);
    BlockStats empty = b.finish();
    assertNull(empty.min);
    assertEquals(0, empty.nulls);
  }

  @Test
  void typesWithoutAnOrderKeepOnlyNulls() {
    BlockStats s = gather(optional(Schema.Type.BOOLEAN), true, null, false);
    assertEquals(1, s.nulls);
    assertNull(s.min);
  }
}
