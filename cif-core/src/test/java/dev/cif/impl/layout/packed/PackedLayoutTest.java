package dev.cif.impl.layout.packed;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.VectorTarget;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnFiles;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.CifFormatException;
import dev.cif.testing.TestFs;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


/**
 * The PACKED layout: booleans, ints and longs (dates, timestamps), nullable or not, with every codec,
 * on sorted, random, constant, extreme and all-null runs, read row by row, under skips and in
 * batches across blocks; corrupt runs are refused with errors naming file, column and offset.
 */
class PackedLayoutTest {
  private static final Schema NULL = Schema.create(Schema.Type.NULL);

  private static List<Schema> types() {
    List<Schema> l = new ArrayList<>();
    for (Schema t : new Schema[] {Schema.create(Schema.Type.BOOLEAN), Schema.create(Schema.Type.INT), Schema.create(Schema.Type.LONG),
        LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT)),
        LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG))}) {
      l.add(t);
      l.add(Schema.createUnion(NULL, t));
    }
    l.add(Schema.createUnion(Schema.create(Schema.Type.LONG), NULL));
    return l;
  }

  /** Runs of 1,500 rows each drawn differently, so 1024-value runs see every pattern and mixes of two. */
  private static Object value(Schema s, int row, Random rnd) {
    if (s.getType() == Schema.Type.UNION) {
      Schema t = s.getTypes().get(s.getTypes().get(0) == NULL ? 1 : 0);
      boolean allNull = (row / 1500) % 7 == 5;
      return allNull || rnd.nextInt(9) == 0 ? null : value(t, row, rnd);
    }
    int pattern = (row / 1500) % 7;
    if (s.getType() == Schema.Type.BOOLEAN) return pattern == 3 || rnd.nextBoolean();
    long v;
    switch (pattern) {
      case 0: v = 8035 + row / 3; break;                     // sorted dates
      case 1: v = 1 + rnd.nextInt(150_000); break;            // random keys
      case 2: v = rnd.nextLong(); break;                      // full range: width 64 (32 for int)
      case 3: v = 42; break;                                  // constant: width 0
      case 4: v = rnd.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE; break;
      default: v = -rnd.nextInt(50); break;
    }
    return s.getType() == Schema.Type.INT ? (Object) (int) v : (Object) v;
  }

  private static Path write(TestFs t, String name, Schema type, ColumnLayout layout, BlockCodec codec, List<Object> values) throws Exception {
    return ColumnFiles.write(t, name, type, layout, codec, 1 << 10, values);
  }

  private static Object asLong(Object v) {
    if (v instanceof Boolean) return (Boolean) v ? 1L : 0L;
    if (v instanceof Integer) return (long) (Integer) v;
    return v;
  }

  @Test
  void rowReadsSkipsAndBatchesRoundTrip() throws Exception {
    TestFs t = new TestFs();
    int rows = 11_000;
    for (Schema type : types()) {
      for (BlockCodec codec : BlockCodec.values()) {
        String what = type + " " + codec;
        Random rnd = new Random(what.hashCode());
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < rows; i++) values.add(value(type, i, rnd));
        Path p = write(t, "p" + Math.abs(what.hashCode()), type, ColumnLayout.PACKED, codec, values);
        PackedReadBack.check(t, p, values, rnd, what, 2, VectorTarget.Kind.LONG, PackedLayoutTest::asLong, Assertions::assertEquals);
      }
    }
  }

  /**
   * Every bit width from 0 to 64, for ints (whose values the reader checks against the type's range) and
   * longs: random values over the width's whole span, so a batch decodes each width's runs, both the
   * runs a byte-aligned read serves (up to 56 bits, away from the block's end) and those the word-aligned
   * loop serves (wider, or the block's last run); an int run whose span passes the type's range but whose
   * values do not takes the checked loop.
   */
  @Test
  void everyBitWidthReadsBackInBatches() throws Exception {
    TestFs t = new TestFs();
    for (Schema type : new Schema[] {Schema.create(Schema.Type.INT), Schema.create(Schema.Type.LONG)}) {
      int widest = type.getType() == Schema.Type.INT ? 32 : 64;
      for (int width = 0; width <= widest; width++) {
        String what = type + " width " + width;
        Random rnd = new Random(what.hashCode());
        long span = width == 64 ? -1L : (1L << width) - 1;
        // Ints of odd widths end at the type's maximum: most of their runs' spans pass it.
        long base = type.getType() == Schema.Type.INT ? (width % 2 == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE - span) : width == 64 ? 0 : -span / 3;
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
          long v = base + (i % 1024 == 7 ? span : rnd.nextLong() & span);
          values.add(type.getType() == Schema.Type.INT ? (Object) (int) v : (Object) v);
        }
        // Blocks of 8 KiB: several runs to a block below 32 bits, so most runs are not a block's last.
        Path p = ColumnFiles.write(t, "w" + Math.abs(what.hashCode()), type, ColumnLayout.PACKED, BlockCodec.NONE, 1 << 13, values);
        PackedReadBack.check(t, p, values, rnd, what, 1, VectorTarget.Kind.LONG, PackedLayoutTest::asLong, Assertions::assertEquals);
      }
    }
  }

  @Test
  void packedTakesFewerBytesThanVarintsOnDatesKeysAndFlags() throws Exception {
    TestFs t = new TestFs();
    Random rnd = new Random(3);
    Schema date = Schema.createUnion(NULL, LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT)));
    List<Object> dates = new ArrayList<>();
    for (int i = 0; i < 50_000; i++) dates.add(i % 20 == 0 ? null : 8035 + i / 20);
    Schema flag = Schema.create(Schema.Type.BOOLEAN);
    List<Object> flags = new ArrayList<>();
    for (int i = 0; i < 50_000; i++) flags.add(rnd.nextBoolean());
    for (Object[] c : new Object[][] {{date, dates, 0.3}, {flag, flags, 0.2}}) {
      @SuppressWarnings("unchecked") List<Object> values = (List<Object>) c[1];
      long packed = t.fs.getFileStatus(write(t, "packed" + c[0].hashCode(), (Schema) c[0], ColumnLayout.PACKED, BlockCodec.NONE, values)).getLen();
      long plain = t.fs.getFileStatus(write(t, "plain" + c[0].hashCode(), (Schema) c[0], ColumnLayout.PLAIN, BlockCodec.NONE, values)).getLen();
      assertTrue(packed < plain * (double) c[2], c[0] + ": PACKED " + packed + " bytes, PLAIN " + plain);
    }
  }

  /** Writes int values, lets damage change the payload, fixes the block CRC, and returns the error reading them (row by row and in a batch). */
  private static CifFormatException corruptRead(Schema type, int[] values, java.util.function.Consumer<byte[]> damage, int payloadLength) throws Exception {
    List<Integer> ints = new ArrayList<>();
    for (int v : values) ints.add(v);
    return corruptRead(type, ints, damage, payloadLength);
  }

  /** Writes values in PACKED, lets damage change the payload, fixes the block CRC, and returns the error reading them (row by row and in a batch). */
  static CifFormatException corruptRead(Schema type, List<?> values, java.util.function.Consumer<byte[]> damage, int payloadLength) throws Exception {
    TestFs t = new TestFs();
    Path p = ColumnFiles.write(t, "corrupt", new ColumnSpec("qty", type, ColumnLayout.PACKED, BlockCodec.NONE, new int[0]), 1 << 10, 1 << 20, values);
    ColumnFiles.damagePayload(t, p, payloadLength, damage);
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      CifFormatException e = assertThrows(CifFormatException.class, () -> {
        for (int i = 0; i < values.size(); i++) r.next();
      });
      assertTrue(e.getMessage().contains("[file " + p + ", column qty, offset "), e.getMessage());
      // A batch read, which decodes a run at a time, finds the same fault.
      try (ColumnFileReader batch = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
        VectorTarget v = VectorTarget.allocate(batch.vectorKind(), values.size());
        assertEquals(e.getMessage(), assertThrows(CifFormatException.class, () -> batch.readBatch(v, 0, values.size())).getMessage());
      }
      return e;
    }
  }

  @Test
  void corruptRunsAreRefusedWithFileColumnAndOffset() throws Exception {
    Schema intType = Schema.create(Schema.Type.INT);
    // 5, 6, 7: min 5 (zig-zag 0a), width 2, one word holding 0 1 2.
    int[] v = {5, 6, 7};
    // Width over 64 and not 65 (which marks a run of repeats, format version 5).
    CifFormatException e = corruptRead(intType, v, b -> {
      List<Integer> payload = new ArrayList<>();
      for (byte x : b) payload.add(x & 0xFF);
      assertEquals(List.of(0x0a, 2, 0x24, 0, 0, 0, 0, 0, 0, 0), payload, "the example of docs/FORMAT.md §6.5");
      b[1] = 66;
    }, 10);
    assertTrue(e.getMessage().contains("bit width 66 over 64"), e.getMessage());
    // A null bitmap in a column that is not nullable.
    e = corruptRead(intType, v, b -> b[1] = (byte) (2 | 0x80), 10);
    assertTrue(e.getMessage().contains("null bitmap in a column that is not nullable"), e.getMessage());
    // A value beyond an int: MAX - 2, MAX - 1, MAX is min MAX - 2 (5 varint bytes), width 2, word 0b10_01_00; make the first 3.
    e = corruptRead(intType, new int[] {Integer.MAX_VALUE - 2, Integer.MAX_VALUE - 1, Integer.MAX_VALUE}, b -> {
      assertEquals(List.of(2, 0x24), List.of(b[5] & 0xFF, b[6] & 0xFF));
      b[6] |= 3;
    }, 14);
    assertTrue(e.getMessage().contains("value 2147483648 of row 0 in the block is outside the int range"), e.getMessage());
    // Widen the bit width so the packed words would run past the block.
    e = corruptRead(intType, v, b -> b[1] = 64, 10);
    assertTrue(e.getMessage().contains("runs past the block end"), e.getMessage());
  }

  /**
   * A value refused before the codec records it (a String in an int column) must not make the codec
   * forget the value before it: the codec and the block would disagree on the block's rows.
   */
  @Test
  void aRefusedValueLeavesTheRunAsItWas() throws Exception {
    TestFs t = new TestFs();
    Path p = t.path("refused");
    List<Object> want = new ArrayList<>();
    try (org.apache.hadoop.fs.FSDataOutputStream out = t.fs.create(p);
        ColumnFileWriter w = new ColumnFileWriter(out, new ColumnSpec("n", Schema.create(Schema.Type.INT), ColumnLayout.PACKED, BlockCodec.NONE, new int[0]), 1 << 16, 1 << 20)) {
      for (int i = 0; i < 2100; i++) {
        // At 0, at the run boundary 1024 and in the middle of a run.
        if (i == 0 || i == 1024 || i == 1500) assertThrows(IllegalArgumentException.class, () -> w.write("seven"));
        w.write(i * 3);
        want.add(i * 3);
      }
    }
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      assertEquals(want.size(), r.rowCount());
      for (int i = 0; i < want.size(); i++) assertEquals(want.get(i), r.next(), "row " + i);
    }
  }

  @Test
  void packedFitsBooleansIntsLongsDoublesAndNarrowDecimalsOnly() {
    for (Schema.Type bad : new Schema.Type[] {Schema.Type.STRING, Schema.Type.FLOAT, Schema.Type.BYTES}) {
      assertThrows(IllegalArgumentException.class, () -> new ColumnSpec("c", Schema.create(bad), ColumnLayout.PACKED, BlockCodec.NONE, new int[0]));
    }
  }
}
