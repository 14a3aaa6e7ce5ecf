package dev.cif.impl.layout.packed;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.VectorTarget;
import dev.cif.impl.column.BlockStats;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnFiles;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.CifFormatException;
import dev.cif.testing.TestFs;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


/**
 * Decimals of precision up to 18 in the PACKED layout (format version 4): unscaled longs. Row reads
 * give exactly what the SKIP_LIST layout gives for the same values (the minimal two's-complement
 * bytes), batches give the unscaled longs, values beyond the declared precision or scale are refused
 * on write and reported as corruption on read.
 */
class PackedDecimalTest {
  private static final Schema NULL = Schema.create(Schema.Type.NULL);

  private static Schema dec(int precision, int scale) {
    return LogicalTypes.decimal(precision, scale).addToSchema(Schema.create(Schema.Type.BYTES));
  }

  /** Runs of 1,500 rows drawn differently: sorted prices, random, the precision's extremes, 0, negatives, all-null. */
  private static Long unscaled(int precision, boolean nullable, int row, Random rnd) {
    long max = DecimalLongs.maxUnscaled(precision);
    int pattern = (row / 1500) % 7;
    if (nullable && (pattern == 5 || rnd.nextInt(9) == 0)) return null;
    switch (pattern) {
      case 0: return Math.min(max, 90_000L + row / 3);
      case 1: return (long) (rnd.nextDouble() * (2.0 * max)) - max;
      case 2: return rnd.nextBoolean() ? max : -max;
      case 3: return 0L;
      case 4: return -(rnd.nextLong() & Long.MAX_VALUE) % (max + 1);
      default: return rnd.nextInt(11) % (max + 1);
    }
  }

  /** The same unscaled value in each form a writer may hand over. */
  private static Object asWritten(Long u, int scale, int row) {
    if (u == null) return null;
    byte[] b = BigInteger.valueOf(u).toByteArray();
    switch (row % 3) {
      case 0: return BigDecimal.valueOf(u, scale);
      case 1: return ByteBuffer.wrap(b);
      default: return b;
    }
  }

  private static Object asRead(Long u) { return u == null ? null : ByteBuffer.wrap(BigInteger.valueOf(u).toByteArray()); }

  @Test
  void rowReadsSkipsAndBatchesAgreeWithTheBytesLayout() throws Exception {
    TestFs t = new TestFs();
    int rows = 11_000;
    Object[][] columns = {{dec(18, 2), 18, 2}, {dec(1, 0), 1, 0}, {dec(15, 15), 15, 15},
        {Schema.createUnion(NULL, dec(12, 2)), 12, 2}, {Schema.createUnion(dec(4, 2), NULL), 4, 2}};
    for (Object[] c : columns) {
      Schema type = (Schema) c[0];
      int precision = (Integer) c[1];
      int scale = (Integer) c[2];
      boolean nullable = type.getType() == Schema.Type.UNION;
      assertEquals(ColumnLayout.PACKED, ColumnLayout.defaultFor(type), type.toString());
      for (BlockCodec codec : new BlockCodec[] {BlockCodec.NONE, BlockCodec.LZ4, BlockCodec.ZSTD}) {
        String what = type + " " + codec;
        Random rnd = new Random(what.hashCode());
        List<Long> want = new ArrayList<>();
        List<Object> packedIn = new ArrayList<>();
        List<Object> bytesIn = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
          Long u = unscaled(precision, nullable, i, rnd);
          want.add(u);
          packedIn.add(asWritten(u, scale, i));
          // A nullable bytes column resolves its union with Avro, which knows no BigDecimal: bytes there.
          bytesIn.add(nullable || u == null ? asRead(u) : asWritten(u, scale, i));
        }
        Path packed = ColumnFiles.write(t, "p" + Math.abs(what.hashCode()), type, ColumnLayout.PACKED, codec, 1 << 10, packedIn);
        Path bytes = ColumnFiles.write(t, "b" + Math.abs(what.hashCode()), type, ColumnLayout.SKIP_LIST, codec, 1 << 10, bytesIn);
        try (ColumnFileReader p = ColumnFileReader.open(t.fs, packed, -1, 1 << 20); ColumnFileReader b = ColumnFileReader.open(t.fs, bytes, -1, 1 << 20)) {
          assertTrue(p.blockCount() >= 2, what + ": " + p.blockCount() + " blocks");
          for (int i = 0; i < rows; i++) {
            Object v = p.next();
            assertEquals(b.next(), v, what + " row " + i + " differs from SKIP_LIST's");
            assertEquals(asRead(want.get(i)), v, what + " row " + i);
          }
          long nulls = 0;
          for (BlockStats s : p.blockStats()) {
            nulls += s.nulls;
            assertNull(s.min, "decimals keep no min/max, in any layout");
          }
          assertEquals(want.stream().filter(u -> u == null).count(), nulls, what);
        }
        try (ColumnFileReader r = ColumnFileReader.open(t.fs, packed, -1, 1 << 20)) {
          for (long row = rnd.nextInt(5); row < rows; row += 1 + rnd.nextInt(rnd.nextBoolean() ? 7 : 2000)) {
            r.skipTo(row);
            assertEquals(asRead(want.get((int) row)), r.next(), what + " skip to " + row);
          }
        }
        try (ColumnFileReader r = ColumnFileReader.open(t.fs, packed, -1, 1 << 20)) {
          assertEquals(VectorTarget.Kind.LONG, r.vectorKind());
          // Batches with gaps between them: the reader seeks within and across blocks.
          VectorTarget v = VectorTarget.allocate(VectorTarget.Kind.LONG, rows);
          for (int row = rnd.nextInt(3); row < rows; ) {
            int n = Math.min(rows - row, 1 + rnd.nextInt(3000));
            r.skipTo(row);
            r.readBatch(v, row, n);
            for (int i = row; i < row + n; i++) assertEquals(want.get(i), v.isNull[i] ? null : v.longs[i], what + " batch after a skip, row " + i);
            row += n + (rnd.nextInt(4) == 0 ? rnd.nextInt(1500) : 0);
          }
        }
        try (ColumnFileReader r = ColumnFileReader.open(t.fs, packed, -1, 1 << 20)) {
          VectorTarget v = VectorTarget.allocate(VectorTarget.Kind.LONG, rows);
          for (int row = 0; row < rows; ) {
            int n = Math.min(rows - row, 1 + rnd.nextInt(3000));
            r.readBatch(v, row, n);
            row += n;
          }
          for (int i = 0; i < rows; i++) assertEquals(want.get(i), v.isNull[i] ? null : v.longs[i], what + " batch row " + i);
          assertEquals(!want.contains(null), v.noNulls, what);
        }
      }
    }
  }

  @Test
  void valuesBeyondTheDeclaredPrecisionOrScaleAreRefusedAndLeaveNoTrace() throws Exception {
    TestFs t = new TestFs();
    Schema type = Schema.createUnion(NULL, dec(4, 2));
    Path p = t.path("refused");
    try (org.apache.hadoop.fs.FSDataOutputStream out = t.fs.create(p);
        ColumnFileWriter w = new ColumnFileWriter(out, new ColumnSpec("disc", type, ColumnLayout.PACKED, BlockCodec.NONE, new int[0]), 1 << 10, 1 << 20)) {
      w.write(new BigDecimal("-99.99"));
      Object[] bad = {new BigDecimal("100.00"), new BigDecimal("1.234"), BigInteger.TEN.pow(20).toByteArray(), new byte[0],
          ByteBuffer.wrap(BigInteger.valueOf(10_000).toByteArray()), "1.00", 7L};
      String[] why = {"does not fit decimal(4,2)", "Rounding necessary", "does not fit decimal(4,2)", "0 bytes",
          "does not fit decimal(4,2)", "decimal column got java.lang.String", "decimal column got java.lang.Long"};
      for (int i = 0; i < bad.length; i++) {
        Object v = bad[i];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(v), String.valueOf(v));
        assertTrue(e.getMessage().contains("column disc") && e.getMessage().contains(why[i]), e.getMessage());
      }
      w.write(null);
      w.write(new BigDecimal("99.9"));
    }
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      assertEquals(3, r.rowCount());
      assertEquals(asRead(-9999L), r.next());
      assertNull(r.next());
      assertEquals(asRead(9990L), r.next());
    }
  }

  @Test
  void theDefaultForDecimalsUpToPrecisionEighteenAndOnlyFromVersionFour() {
    assertEquals(ColumnLayout.PACKED, ColumnLayout.defaultFor(dec(18, 4)));
    assertEquals(ColumnLayout.SKIP_LIST, ColumnLayout.defaultFor(dec(19, 4)));
    assertEquals(ColumnLayout.SKIP_LIST, ColumnLayout.defaultFor(Schema.createUnion(NULL, dec(38, 10))));
    assertEquals(ColumnLayout.SKIP_LIST, ColumnLayout.defaultFor(Schema.create(Schema.Type.BYTES)));
    Schema fixed = LogicalTypes.decimal(9, 2).addToSchema(Schema.createFixed("f", null, null, 4));
    assertEquals(ColumnLayout.PLAIN, ColumnLayout.defaultFor(fixed));
    assertThrows(IllegalArgumentException.class, () -> new ColumnSpec("c", dec(19, 0), ColumnLayout.PACKED, BlockCodec.NONE, new int[0]));
    assertThrows(IllegalArgumentException.class, () -> new ColumnSpec("c", fixed, ColumnLayout.PACKED, BlockCodec.NONE, new int[0]));
  }

  @Test
  void aValueBeyondThePrecisionReadsAsCorruption() throws Exception {
    // 99.7, 99.8, 99.9 as decimal(3,1): min 997 (zig-zag 1994: ca 0f), width 2, word 0b10_01_00; make the first 3: 1000.
    List<Object> values = List.of(new BigDecimal("99.7"), new BigDecimal("99.8"), new BigDecimal("99.9"));
    CifFormatException e = PackedLayoutTest.corruptRead(dec(3, 1), values, b -> {
      assertEquals(List.of(0xca, 0x0f, 2, 0x24), List.of(b[0] & 0xFF, b[1] & 0xFF, b[2] & 0xFF, b[3] & 0xFF));
      b[3] |= 3;
    }, 11);
    assertTrue(e.getMessage().contains("value 1000 of row 0 in the block is beyond decimal(3,1)"), e.getMessage());
  }

  @Test
  void minimalBytesAreBigIntegersOwn() {
    for (long v : new long[] {0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, -32768, 999_999_999_999_999_999L,
        -999_999_999_999_999_999L, Long.MAX_VALUE, Long.MIN_VALUE}) {
      assertEquals(ByteBuffer.wrap(BigInteger.valueOf(v).toByteArray()), ByteBuffer.wrap(DecimalLongs.bytes(v)), Long.toString(v));
    }
  }
}
