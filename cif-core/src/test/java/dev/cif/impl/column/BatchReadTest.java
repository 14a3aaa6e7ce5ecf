package dev.cif.impl.column;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.VectorTarget;
import dev.cif.CifFormatException;
import dev.cif.impl.layout.plain.ValueCodecs;
import dev.cif.testing.TestFs;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


/**
 * Batch reads ({@link ColumnFileReader#readBatch}) give exactly the values row reads give, for every
 * type with an array form, nullable or not, in every layout and codec, across blocks, after skips;
 * byte references stay valid after later blocks are read. Strings and bytes are also written with
 * few distinct values, so DICT columns have dictionary blocks as well as inline ones. A PACKED
 * decimal's batch holds its unscaled longs where the other layouts give its bytes.
 */
class BatchReadTest {
  private static final Schema NULL = Schema.create(Schema.Type.NULL);

  private static Schema nullable(Schema s) { return Schema.createUnion(NULL, s); }

  private static List<Schema> types() {
    List<Schema> l = new ArrayList<>();
    for (Schema.Type t : new Schema.Type[] {Schema.Type.BOOLEAN, Schema.Type.INT, Schema.Type.LONG, Schema.Type.FLOAT,
        Schema.Type.DOUBLE, Schema.Type.STRING, Schema.Type.BYTES}) {
      l.add(Schema.create(t));
      l.add(nullable(Schema.create(t)));
    }
    l.add(Schema.createFixed("f4", null, "t", 4));
    l.add(nullable(LogicalTypes.decimal(12, 2).addToSchema(Schema.create(Schema.Type.BYTES))));
    return l;
  }

  /** @param few draw strings and bytes from a handful of values (a DICT column's dictionary blocks) */
  private static Object value(Schema s, Random rnd, int row, boolean few) {
    if (s.getType() == Schema.Type.UNION) return row % 7 == 3 ? null : value(s.getTypes().get(1), rnd, row, few);
    if (few && s.getType() == Schema.Type.STRING) return new Utf8("city-" + rnd.nextInt(12));
    if (few && s.getType() == Schema.Type.BYTES) return ByteBuffer.wrap(new byte[] {(byte) rnd.nextInt(5), 7});
    if (s.getLogicalType() instanceof LogicalTypes.Decimal) {
      // Within decimal(12, 2): up to 10^12 - 1 either way, and small values.
      long u = rnd.nextBoolean() ? (long) ((rnd.nextDouble() * 2 - 1) * 999_999_999_999L) : rnd.nextInt(200) - 100;
      return ByteBuffer.wrap(java.math.BigInteger.valueOf(u).toByteArray());
    }
    switch (s.getType()) {
      case BOOLEAN: return rnd.nextBoolean();
      case INT: return rnd.nextInt(3) == 0 ? rnd.nextInt() : rnd.nextInt(100);
      case LONG: return rnd.nextBoolean() ? rnd.nextLong() : (long) rnd.nextInt(1000);
      case FLOAT: return rnd.nextFloat();
      // Decimals of two places (PACKED blocks of scale 2), then doubles that are none (raw blocks).
      case DOUBLE: return row % 1000 < 600 ? (rnd.nextInt(2_000_000) - 1_000_000) / 100.0 : rnd.nextGaussian();
      case STRING: return new Utf8("s" + rnd.nextInt(row + 1) + "x".repeat(rnd.nextInt(40)));
      case BYTES: {
        byte[] b = new byte[rnd.nextInt(9)];
        rnd.nextBytes(b);
        return ByteBuffer.wrap(b);
      }
      case FIXED: {
        byte[] b = new byte[4];
        rnd.nextBytes(b);
        return new org.apache.avro.generic.GenericData.Fixed(s, b);
      }
      default: throw new AssertionError(s);
    }
  }

  /** What a row read gives, in the form a batch read gives it (a packed decimal: its unscaled long). */
  private static Object expected(Object v, boolean packed) {
    if (v == null) return null;
    if (packed && v instanceof ByteBuffer) return new java.math.BigInteger(((ByteBuffer) v).array()).longValue();
    if (v instanceof Boolean) return ((Boolean) v) ? 1L : 0L;
    if (v instanceof Integer) return (long) (Integer) v;
    if (v instanceof Float) return (double) (Float) v;
    if (v instanceof Utf8) return ((Utf8) v).toString();
    if (v instanceof ByteBuffer) {
      ByteBuffer b = ((ByteBuffer) v).duplicate();
      byte[] a = new byte[b.remaining()];
      b.get(a);
      return new String(a, StandardCharsets.ISO_8859_1);
    }
    if (v instanceof org.apache.avro.generic.GenericFixed) {
      return new String(((org.apache.avro.generic.GenericFixed) v).bytes(), StandardCharsets.ISO_8859_1);
    }
    return v;
  }

  private static Object batchValue(VectorTarget t, VectorTarget.Kind kind, int row, boolean utf8) {
    if (t.isNull[row]) return null;
    switch (kind) {
      case LONG: return t.longs[row];
      case DOUBLE: return t.doubles[row];
      default:
        return new String(t.buffers[row], t.starts[row], t.lengths[row], utf8 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
    }
  }

  @Test
  void batchReadsEqualRowReadsForEveryTypeLayoutAndCodec() throws Exception {
    TestFs t = new TestFs();
    int rows = 3_000;
    for (Schema type : types()) {
      for (ColumnLayout layout : ColumnLayout.values()) {
        if (!layout.fits(type) || layout == ColumnLayout.DCSL) continue;
        for (BlockCodec codec : new BlockCodec[] {BlockCodec.NONE, BlockCodec.LZ4, BlockCodec.ZSTD}) {
          for (boolean few : new boolean[] {false, true}) {
          if (few && !ColumnLayout.DICT.fits(type)) continue;
          String what = type + " " + layout + " " + codec + (few ? " few values" : " many values");
          Path p = t.path("c-" + Math.abs(what.hashCode()));
          ColumnSpec spec = new ColumnSpec("c", type, layout, codec, new int[] {100, 10});
          Random rnd = new Random(what.hashCode());
          List<Object> want = new ArrayList<>();
          // Small blocks: a batch crosses many of them (packed values take a few bits: smaller still).
          long blockBytes = layout == ColumnLayout.PACKED ? 128 : 1 << 10;
          try (FSDataOutputStream out = t.fs.create(p); ColumnFileWriter w = new ColumnFileWriter(out, spec, blockBytes, 1 << 20)) {
            for (int i = 0; i < rows; i++) {
              Object v = value(type, rnd, i, few);
              w.write(v);
              want.add(expected(v, layout == ColumnLayout.PACKED));
            }
          }
          try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
            assertTrue(r.blockCount() >= 2, what);
            VectorTarget.Kind kind = r.vectorKind();
            assertEquals(layout == ColumnLayout.PACKED && !type.toString().contains("double") ? VectorTarget.Kind.LONG
                : ValueCodecs.forSchema(type.getType() == Schema.Type.UNION ? type.getTypes().get(1) : type).vectorKind(), kind, what);
            boolean utf8 = type.toString().contains("string");
            VectorTarget all = VectorTarget.allocate(kind, rows);
            // Runs of odd sizes with gaps (skipped rows) between them.
            Random runs = new Random(7);
            boolean[] batched = new boolean[rows];
            int row = 0;
            while (row < rows) {
              if (runs.nextInt(4) == 0) row = Math.min(rows, row + runs.nextInt(300));
              int n = Math.min(rows - row, 1 + runs.nextInt(1500));
              if (n == 0) break;
              r.skipTo(row);
              r.readBatch(all, row, n);
              for (int i = row; i < row + n; i++) batched[i] = true;
              row += n;
            }
            int compared = 0;
            boolean sawNull = false;
            // Checked only now, after every later block was read: references must still hold.
            for (int i = 0; i < rows; i++) {
              if (!batched[i]) continue;
              assertEquals(want.get(i), batchValue(all, kind, i, utf8), what + " row " + i);
              compared++;
              sawNull |= want.get(i) == null;
            }
            assertTrue(compared > rows / 2, what);
            assertEquals(!sawNull, all.noNulls, what);
            assertEquals(rows, r.position(), what);
            assertThrows(CifFormatException.class, () -> r.readBatch(all, 0, 1), what);
          }
          }
        }
      }
    }
  }

  @Test
  void typesWithoutAnArrayFormSayNoAndRefuseBatches() throws Exception {
    TestFs t = new TestFs();
    Schema map = nullable(Schema.createMap(Schema.create(Schema.Type.INT)));
    Schema union = Schema.createUnion(NULL, Schema.create(Schema.Type.INT), Schema.create(Schema.Type.STRING));
    for (Schema type : new Schema[] {map, union, Schema.createArray(Schema.create(Schema.Type.INT))}) {
      ColumnLayout layout = ColumnLayout.defaultFor(type);
      ColumnSpec spec = new ColumnSpec("c", type, layout, BlockCodec.NONE, new int[] {100, 10});
      Path p = t.path("n-" + Math.abs(type.toString().hashCode()));
      try (FSDataOutputStream out = t.fs.create(p); ColumnFileWriter w = new ColumnFileWriter(out, spec, 2 << 10, 1 << 20)) {
        w.write(type == union ? (Object) 5 : type == map ? null : List.of(1, 2));
      }
      try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
        assertNull(r.vectorKind(), type.toString());
        assertThrows(UnsupportedOperationException.class, () -> r.readBatch(VectorTarget.allocate(VectorTarget.Kind.LONG, 1), 0, 1));
      }
    }
  }
}
