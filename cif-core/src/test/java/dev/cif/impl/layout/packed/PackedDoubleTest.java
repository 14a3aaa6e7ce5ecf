package dev.cif.impl.layout.packed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.BlockCodec;
import dev.cif.CifFormatException;
import dev.cif.ColumnLayout;
import dev.cif.VectorTarget;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnFiles;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.testing.TestFs;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Doubles in the PACKED layout (format version 7): every double reads back with the same IEEE bits,
 * row by row, under skips and in batches, whether its block stores decimals of a scale or raw bits;
 * decimals take a fraction of PLAIN's bytes; corrupt scales and values are refused naming file,
 * column and offset.
 */
class PackedDoubleTest {
  private static final Schema DOUBLE = Schema.create(Schema.Type.DOUBLE);
  private static final Schema NULLABLE = Schema.createUnion(Schema.create(Schema.Type.NULL), DOUBLE);

  /** The doubles no scale holds, and those at the edges of one. */
  private static final double[] ODD = {Double.NaN, Double.longBitsToDouble(0x7ff8_0000_dead_beefL), Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY, -0.0, Double.MIN_VALUE, -Double.MAX_VALUE, 0.1 + 0.2, 1e-300, Math.PI, 9007199254740993.0 - 1,
      1e18, 123456789.123456789, 0.000_000_000_000_000_001, 1.5e-18};

  /** Runs of 1,500 rows each drawn differently: prices, quantities, rates, integers, long decimals, odd doubles, constants. */
  private static Double value(int row, Random rnd, boolean nullable) {
    int pattern = (row / 1500) % 8;
    if (nullable && (pattern == 6 || rnd.nextInt(9) == 0)) return null;
    switch (pattern) {
      case 0: return (90_000 + row / 3 + rnd.nextInt(100)) / 100.0;  // sorted prices, 2 places
      case 1: return (double) (1 + rnd.nextInt(50));                   // quantities, scale 0
      case 2: return rnd.nextInt(11) / 100.0;                          // discounts
      case 3: return -rnd.nextInt(1_000_000_000) / 1e6;                 // 6 places, negative
      case 4: return rnd.nextInt(50) == 0 ? ODD[rnd.nextInt(ODD.length)] : rnd.nextInt(1000) / 10.0; // raw blocks
      case 5: return rnd.nextGaussian() * 1e6;                         // computed doubles: raw
      default: return 42.5;
    }
  }

  private static long bits(Object v) { return Double.doubleToRawLongBits((Double) v); }

  private static void assertSame(Object want, Object got, String what) {
    if (want == null || got == null) assertEquals(want, got, what);
    else assertEquals(bits(want), bits(got), what + ": " + want + " read as " + got);
  }

  @Test
  void everyDoubleReadsBackWithItsBits() throws Exception {
    TestFs t = new TestFs();
    int rows = 13_000;
    for (Schema type : new Schema[] {DOUBLE, NULLABLE}) {
      for (BlockCodec codec : new BlockCodec[] {BlockCodec.NONE, BlockCodec.LZ4, BlockCodec.ZSTD}) {
        String what = type + " " + codec;
        Random rnd = new Random(what.hashCode());
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < rows; i++) values.add(value(i, rnd, type == NULLABLE));
        for (double odd : ODD) values.add(odd);
        Path p = ColumnFiles.write(t, "d" + Math.abs(what.hashCode()), type, ColumnLayout.PACKED, codec, 2 << 10, values);
        PackedReadBack.check(t, p, values, rnd, what, 4, VectorTarget.Kind.DOUBLE, v -> v, PackedDoubleTest::assertSame);
      }
    }
  }

  @Test
  void aBlockTakesTheScaleItsValuesNeedAndRawBitsForOtherDoubles() throws Exception {
    TestFs t = new TestFs();
    // 1.5, 2.25, 3: scale 2 (150, 225, 300), min 150 (zig-zag 2c 02), width 8 (150 = 0x96 apart).
    Path p = ColumnFiles.write(t, "scale", new ColumnSpec("c", DOUBLE, ColumnLayout.PACKED, BlockCodec.NONE, new int[0]), 1 << 10, 1 << 20,
        List.of(1.5, 2.25, 3.0));
    assertEquals(List.of(2, 0xac, 0x02, 8, 0, 75, 150, 0, 0, 0, 0, 0), ColumnFiles.payload(p, 12));
    // One value that is no decimal makes the block raw: 255, then the IEEE bits as longs.
    p = ColumnFiles.write(t, "raw", new ColumnSpec("c", DOUBLE, ColumnLayout.PACKED, BlockCodec.NONE, new int[0]), 1 << 10, 1 << 20,
        List.of(1.5, 0.1 + 0.2, 3.0));
    assertEquals(255, ColumnFiles.payload(p, 1).get(0));
    // Integers take scale 0; a 19th decimal place is beyond the scales, so raw.
    p = ColumnFiles.write(t, "ints", new ColumnSpec("c", DOUBLE, ColumnLayout.PACKED, BlockCodec.NONE, new int[0]), 1 << 10, 1 << 20,
        List.of(7.0, -3.0));
    assertEquals(0, ColumnFiles.payload(p, 1).get(0));
    assertEquals(ScaledDoubles.RAW, ScaledDoubles.scaleAbove(1e-19, -1));
    assertEquals(18, ScaledDoubles.scaleAbove(1e-18, -1));
    assertEquals(ScaledDoubles.NO, ScaledDoubles.scaled(-0.0, 3));
    assertEquals(ScaledDoubles.NO, ScaledDoubles.scaled(Math.pow(2, 53) + 2, 0));
  }

  /**
   * A value needing more places than the block's earlier ones raises the block's scale and writes them
   * again; one whose earlier values would then pass 2^53 makes the block raw. Both read back exactly.
   */
  @Test
  void raisingTheScaleRewritesTheBlockOrMakesItRaw() throws Exception {
    TestFs t = new TestFs();
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 3000; i++) values.add(i == 2500 ? 0.125 : (double) i);
    values.add(9.0e15);
    values.add(0.5); // 9e15 at scale 1 is 9e16, beyond 2^53: the block goes raw
    Path p = ColumnFiles.write(t, "raise", new ColumnSpec("c", NULLABLE, ColumnLayout.PACKED, BlockCodec.NONE, new int[0]), 1 << 20, 1 << 20,
        values);
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      assertEquals(1, r.blockCount());
      for (int i = 0; i < values.size(); i++) assertSame(values.get(i), r.next(), "row " + i);
    }
    assertEquals(ScaledDoubles.RAW, ColumnFiles.payload(p, 1).get(0));
    values = values.subList(0, 3000);
    p = ColumnFiles.write(t, "raise3", new ColumnSpec("c", DOUBLE, ColumnLayout.PACKED, BlockCodec.NONE, new int[0]), 1 << 20, 1 << 20, values);
    assertEquals(3, ColumnFiles.payload(p, 1).get(0));
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      for (int i = 0; i < values.size(); i++) assertSame(values.get(i), r.next(), "row " + i);
    }
  }

  /**
   * A value takes no bytes of its own in PACKED, so cif.max.value.bytes bounds no PACKED value, even when one
   * widens its run's words or makes its block raw: the block grows by much more than the value, and the
   * value is still written.
   */
  @Test
  void aValueThatRegrowsTheBlockIsNotTooLarge() throws Exception {
    TestFs t = new TestFs();
    List<Object> doubles = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) doubles.add(i % 50 + 1.0);
    doubles.add(Math.PI); // its block (4 KiB of 6-bit values) goes raw: 64 bits each, about 40 KiB
    List<Object> longs = new ArrayList<>();
    for (int i = 0; i < 1023; i++) longs.add((long) (i % 2));
    longs.add(Long.MAX_VALUE); // the run goes from width 1 to 64
    Object[][] cases = {{DOUBLE, doubles}, {Schema.create(Schema.Type.LONG), longs}};
    for (Object[] c : cases) {
      @SuppressWarnings("unchecked") List<Object> values = (List<Object>) c[1];
      Path p = ColumnFiles.write(t, "regrow" + values.size(), new ColumnSpec("c", (Schema) c[0], ColumnLayout.PACKED, BlockCodec.NONE, new int[0]),
          4 << 10, 4 << 10, values);
      try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
        for (int i = 0; i < values.size(); i++) assertEquals(values.get(i), r.next(), "row " + i);
      }
    }
  }

  @Test
  void decimalsTakeAFractionOfPlainsBytes() throws Exception {
    TestFs t = new TestFs();
    Random rnd = new Random(5);
    List<Object> prices = new ArrayList<>();
    List<Object> discounts = new ArrayList<>();
    for (int i = 0; i < 50_000; i++) {
      prices.add((90_000 + rnd.nextInt(10_000_000)) / 100.0);
      discounts.add(rnd.nextInt(11) / 100.0);
    }
    for (Object[] c : new Object[][] {{prices, 0.45}, {discounts, 0.1}}) {
      @SuppressWarnings("unchecked") List<Object> values = (List<Object>) c[0];
      long packed = t.fs.getFileStatus(ColumnFiles.write(t, "packed" + c[1], DOUBLE, ColumnLayout.PACKED, BlockCodec.NONE, 256 << 10, values)).getLen();
      long plain = t.fs.getFileStatus(ColumnFiles.write(t, "plain" + c[1], DOUBLE, ColumnLayout.PLAIN, BlockCodec.NONE, 256 << 10, values)).getLen();
      assertTrue(packed < plain * (double) c[1], "PACKED " + packed + " bytes, PLAIN " + plain);
    }
  }

  @Test
  void corruptScalesAndValuesAreRefusedWithFileColumnAndOffset() throws Exception {
    List<Double> v = List.of(1.5, 2.25, 3.0);
    CifFormatException e = PackedLayoutTest.corruptRead(DOUBLE, v, b -> b[0] = 19, 12);
    assertTrue(e.getMessage().contains("double block scale 19 is neither 0 to 18 nor 255 (raw)"), e.getMessage());
    // 9e15 at scale 0: the minimum's zig-zag varint takes bytes 1-8 (56 bits), width 0. Bit 6 of its last
    // byte adds 2^54 to the value, past 2^53.
    e = PackedLayoutTest.corruptRead(DOUBLE, List.of(9.0e15), b -> {
      assertEquals(List.of(0, 0), List.of((int) b[0], b[9] & 0xFF));
      b[8] |= 0x40;
    }, 10);
    assertTrue(e.getMessage().contains("is beyond ±2^53 (block scale 0)"), e.getMessage());
  }

  @Test
  void doublesDefaultToPackedAndFloatsStayPlain() {
    assertEquals(ColumnLayout.PACKED, ColumnLayout.defaultFor(DOUBLE));
    assertEquals(ColumnLayout.PACKED, ColumnLayout.defaultFor(NULLABLE));
    assertEquals(ColumnLayout.PLAIN, ColumnLayout.defaultFor(Schema.create(Schema.Type.FLOAT)));
  }
}
