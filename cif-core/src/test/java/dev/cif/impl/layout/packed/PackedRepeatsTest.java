package dev.cif.impl.layout.packed;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.VectorTarget;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.column.ColumnFiles;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.impl.io.ByteSource;
import dev.cif.CifFormatException;
import dev.cif.impl.io.FileFraming;
import dev.cif.testing.TestFs;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;


/**
 * PACKED runs of repeats (format version 5, docs/FORMAT.md §6.5): groups of equal consecutive values
 * stored once each. Round trips of every packable type with nulls inside groups and at run edges,
 * all-null, constant, alternating and extreme runs, read row by row, under skips, across blocks and
 * in batches; the writer's choice of form; and crafted runs a reader must refuse or accept.
 */
class PackedRepeatsTest {
  private static final Schema NULL = Schema.create(Schema.Type.NULL);
  private static final int RUN = PackedType.RUN;

  private static Schema decimal() { return LogicalTypes.decimal(12, 2).addToSchema(Schema.create(Schema.Type.BYTES)); }

  private static List<Schema> types() {
    List<Schema> l = new ArrayList<>();
    for (Schema t : new Schema[] {Schema.create(Schema.Type.LONG), Schema.create(Schema.Type.INT), Schema.create(Schema.Type.BOOLEAN),
        LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT)), decimal()}) {
      l.add(t);
      l.add(Schema.createUnion(NULL, t));
    }
    return l;
  }

  /** The smallest and largest value of a type, as the packed long. */
  private static long[] range(Schema type) {
    switch (type.getType()) {
      case BOOLEAN: return new long[] {0, 1};
      case INT: return new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
      case BYTES: return new long[] {-999_999_999_999L, 999_999_999_999L};
      default: return new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
    }
  }

  /**
   * Rows in stretches of 1024 (a run each when a block holds them all) of eight patterns: groups of 1
   * to 7 equal 15-bit values, a constant, two alternating values, groups of the type's two extremes,
   * groups of 1 to 50, all null (or groups of 1 to 7 if not nullable), values that never repeat, and
   * groups of 1 to 7 again. A nullable column has nulls inside groups and on every run's first and
   * last slot.
   */
  private static List<Long> values(Schema column, int rows, Random rnd) {
    boolean nullable = column.getType() == Schema.Type.UNION;
    long[] range = range(nullable ? column.getTypes().get(1) : column);
    long lo = range[0];
    long span = Long.compareUnsigned(range[1] - range[0], 1 << 15) < 0 ? range[1] - range[0] : 1 << 15; // a long's range exceeds 2^63
    List<Long> l = new ArrayList<>();
    while (l.size() < rows) {
      int i = l.size();
      int pattern = (i / RUN) % 8;
      int length;
      long v;
      switch (pattern) {
        case 1: length = RUN; v = lo + span / 2; break;
        case 2: length = 1; v = i % 2 == 0 ? lo : lo + span; break;
        case 3: length = 1 + rnd.nextInt(7); v = rnd.nextBoolean() ? range[0] : range[1]; break;
        case 4: length = 1 + rnd.nextInt(50); v = lo + rnd.nextInt((int) span + 1); break;
        case 6: length = 1; v = lo + rnd.nextInt((int) span + 1); break;
        default: length = 1 + rnd.nextInt(7); v = lo + rnd.nextInt((int) span + 1);
      }
      for (int k = 0; k < length && l.size() < rows && l.size() / RUN == i / RUN; k++) {
        int slot = l.size() % RUN;
        boolean isNull = nullable && (pattern == 5 || slot == 0 || slot == RUN - 1 || rnd.nextInt(6) == 0);
        l.add(isNull ? null : v);
      }
    }
    return l;
  }

  /** A packed long as the writer takes it and the row reader gives it. */
  private static Object asValue(Schema column, Long v) {
    if (v == null) return null;
    Schema t = column.getType() == Schema.Type.UNION ? column.getTypes().get(1) : column;
    switch (t.getType()) {
      case BOOLEAN: return v == 1;
      case INT: return (int) (long) v;
      case BYTES: return ByteBuffer.wrap(BigInteger.valueOf(v).toByteArray());
      default: return v;
    }
  }

  private static Object asWritten(Schema column, Long v) {
    Object o = asValue(column, v);
    return o instanceof ByteBuffer ? BigDecimal.valueOf(v, 2) : o;
  }

  private static Path write(TestFs t, String name, Schema type, BlockCodec codec, long blockBytes, List<Long> values) throws Exception {
    List<Object> in = new ArrayList<>();
    for (Long v : values) in.add(asWritten(type, v));
    return ColumnFiles.write(t, name, new ColumnSpec("qty", type, ColumnLayout.PACKED, codec, new int[0]), blockBytes, 1 << 20, in);
  }

  @Test
  void repeatRunsRoundTripInRowsSkipsAndBatches() throws Exception {
    TestFs t = new TestFs();
    int rows = 8 * RUN * 2 + 300;
    for (Schema type : types()) {
      for (BlockCodec codec : new BlockCodec[] {BlockCodec.NONE, BlockCodec.ZSTD}) {
        // One block (runs start at multiples of 1024) and blocks of 1 KiB (runs start where blocks do).
        for (long blockBytes : new long[] {1 << 20, 1 << 10}) {
          String what = type + " " + codec + " blocks of " + blockBytes;
          Random rnd = new Random(what.hashCode());
          List<Long> values = values(type, rows, rnd);
          Path p = write(t, "r" + Math.abs(what.hashCode()), type, codec, blockBytes, values);
          try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
            assertTrue(blockBytes == 1 << 20 ? r.blockCount() == 1 : r.blockCount() >= 2, what + ": " + r.blockCount() + " blocks");
            for (int i = 0; i < rows; i++) assertEquals(asValue(type, values.get(i)), r.next(), what + " row " + i);
          }
          // Every k-th row through skipTo, within runs, across runs and across blocks.
          for (int k : new int[] {2, 3, 7, 100, 1500}) {
            try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
              for (int row = k / 2; row < rows; row += k) {
                r.skipTo(row);
                assertEquals(asValue(type, values.get(row)), r.next(), what + " every " + k + "th, row " + row);
              }
            }
          }
          // Batches of uneven sizes, some single values, equal the row reads.
          try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
            VectorTarget v = VectorTarget.allocate(VectorTarget.Kind.LONG, rows);
            for (int row = 0; row < rows; ) {
              int n = Math.min(rows - row, rnd.nextInt(4) == 0 ? 1 : 1 + rnd.nextInt(2500));
              r.readBatch(v, row, n);
              row += n;
            }
            for (int i = 0; i < rows; i++) assertEquals(values.get(i), v.isNull[i] ? null : v.longs[i], what + " batch row " + i);
          }
          if (codec == BlockCodec.NONE && blockBytes == 1 << 20) checkForms(type, p);
        }
      }
    }
  }

  /** The writer's choice per run, by pattern (see values()). */
  private static void checkForms(Schema type, Path p) throws Exception {
    List<int[]> runs = runs(p);
    boolean nullable = type.getType() == Schema.Type.UNION;
    boolean bool = (nullable ? type.getTypes().get(1) : type).getType() == Schema.Type.BOOLEAN;
    for (int r = 0; r < 16; r++) {
      int width = runs.get(r)[0];
      String what = type + " run " + r + " (pattern " + r % 8 + ")";
      switch (r % 8) {
        case 1: assertEquals(0, width, what + ": a constant run has no words to save"); break;
        case 2:
          // With nulls, the null takes the value before it, which the value after it equals: groups of 3 then pay.
          if (!nullable) assertNotEquals(PackedRepeats.WIDTH, width, what + ": alternating values keep the frame of reference");
          break;
        case 3:
          // Groups of a long's two extremes: a value width of 64. (A boolean's groups of 1 to 7 cost more than its 1 bit a value.)
          if (bool) break;
          assertEquals(PackedRepeats.WIDTH, width, what);
          if (range(nullable ? type.getTypes().get(1) : type)[0] == Long.MIN_VALUE) assertEquals(64, runs.get(r)[1], what);
          break;
        case 4: assertEquals(PackedRepeats.WIDTH, width, what); break;
        case 5: if (nullable) assertEquals(0, width, what + ": all null"); break;
        case 0: if (!bool) assertEquals(PackedRepeats.WIDTH, width, what); break; // as in case 3
        default: break;
      }
    }
  }

  /** Each run's width (bits 0-6 of its width byte) and, for a repeats run, its value width, over the file's blocks (no codec). */
  static List<int[]> runs(Path p) throws Exception {
    byte[] b = Files.readAllBytes(java.nio.file.Path.of(p.toUri()));
    int at = FileFraming.headerLength(b, p.toString(), b.length);
    int bodyEnd = b.length - FileFraming.TAIL_BYTES - ByteBuffer.wrap(b, b.length - FileFraming.TAIL_BYTES, 4).getInt();
    List<int[]> runs = new ArrayList<>();
    while (at < bodyEnd) {
      ByteBuffer h = ByteBuffer.wrap(b, at, dev.cif.impl.io.BlockHeader.BYTES);
      int rows = h.getInt();
      int raw = h.getInt();
      assertEquals(raw, h.getInt(), "an uncompressed block");
      ByteSource in = new ByteSource(b, at + dev.cif.impl.io.BlockHeader.BYTES, raw);
      for (int first = 0; first < rows; first += RUN) {
        int n = Math.min(RUN, rows - first);
        in.readVarLong();
        int w = in.readByte();
        if ((w & 0x80) != 0) in.skipBytes((n + 7) / 8);
        w &= 0x7F;
        if (w == PackedRepeats.WIDTH) {
          int groups = in.readUVarInt();
          int valueWidth = in.readByte();
          int lengthWidth = in.readByte();
          in.skipBytes(8 * (PackedRepeats.words(groups, valueWidth) + PackedRepeats.words(groups, lengthWidth)));
          runs.add(new int[] {w, valueWidth});
        } else {
          in.skipBytes(8 * PackedRepeats.words(n, w));
          runs.add(new int[] {w, -1});
        }
      }
      assertEquals(0, in.remaining());
      at += dev.cif.impl.io.BlockHeader.BYTES + raw;
    }
    return runs;
  }

  @Test
  void writerPicksTheSmallerForm() throws Exception {
    TestFs t = new TestFs();
    Random rnd = new Random(5);
    Schema type = Schema.create(Schema.Type.LONG);
    int rows = 50 * RUN;
    List<Long> repeated = new ArrayList<>();
    List<Long> distinct = new ArrayList<>();
    while (repeated.size() < rows) {
      long v = (1 << 19) + rnd.nextInt(1 << 19); // 20 bits, so a run's span needs 19-20
      for (int k = 0; k < 4; k++) repeated.add(v);
      for (int k = 0; k < 4; k++) distinct.add((1L << 19) + rnd.nextInt(1 << 19));
    }
    long withRepeats = t.fs.getFileStatus(write(t, "repeated", type, BlockCodec.NONE, 256 << 10, repeated)).getLen();
    long without = t.fs.getFileStatus(write(t, "distinct", type, BlockCodec.NONE, 256 << 10, distinct)).getLen();
    long frameOfReference = (long) rows * 19 / 8;
    assertTrue(without >= frameOfReference, "values that do not repeat keep the frame of reference: " + without + " bytes");
    // Groups of 4: a quarter of the values, and 2 bits of length each.
    assertTrue(withRepeats < 0.35 * without, "runs of 4 equal values: " + withRepeats + " bytes, " + without + " without repeats");
    for (int[] run : runs(write(t, "repeated2", type, BlockCodec.NONE, 256 << 10, repeated))) assertEquals(PackedRepeats.WIDTH, run[0]);
  }

  /**
   * 510 ints 5 + k in groups of 4 (the last of 2), k = 0..127: a repeats run (one block of 1 KiB),
   * laid out as {@code 0a 41 80 01 07 02}, 112 bytes of group values (7 bits each), then 32 bytes of
   * lengths minus 1 (2 bits each: 3, ..., 3, 1).
   */
  private static List<Integer> groupsOfFour() {
    List<Integer> v = new ArrayList<>();
    for (int i = 0; i < 510; i++) v.add(5 + i / 4);
    return v;
  }

  private static final int LENGTHS = 6 + 112;

  private static CifFormatException refused(java.util.function.Consumer<byte[]> damage, String message) throws Exception {
    CifFormatException e = PackedLayoutTest.corruptRead(Schema.create(Schema.Type.INT), groupsOfFour(), b -> {
      List<Integer> head = new ArrayList<>();
      for (int i = 0; i < 6; i++) head.add(b[i] & 0xFF);
      assertEquals(List.of(0x0a, 0x41, 0x80, 0x01, 7, 2), head, "the crafted run's layout");
      assertEquals(0xFF, b[LENGTHS] & 0xFF);
      assertEquals(0x7F, b[LENGTHS + 31] & 0xFF);
      damage.accept(b);
    }, LENGTHS + 32);
    assertTrue(e.getMessage().contains(message), e.getMessage());
    return e;
  }

  @Test
  void hostileRepeatRunsAreRefusedWithFileColumnAndOffset() throws Exception {
    // Lengths that stop short of the run's values (the first group of 1, not 4) or pass them (the last of 4, not 2).
    refused(b -> b[LENGTHS] = (byte) 0xFC, "repeat run's 128 group lengths add up to 507, not its 510 values");
    refused(b -> b[LENGTHS + 31] = (byte) 0xFF, "repeat run's group lengths pass its 510 values at group 127 of 128");
    // Group counts of 0 (a non-canonical varint) and 2048.
    refused(b -> b[3] = 0, "repeat run of 510 values claims 0 groups");
    refused(b -> b[3] = 0x10, "repeat run of 510 values claims 2048 groups");
    refused(b -> b[5] = 11, "repeat run's length width 11 over 10");
    refused(b -> b[4] = 65, "repeat run's value width 65 over 64");
    refused(b -> b[1] = 66, "bit width 66 over 64");
    refused(b -> b[1] = 127, "bit width 127 over 64");
    // Wider values whose words would run past the block.
    refused(b -> b[4] = 64, "runs past the block end");
    // A group value beyond an int: 800 ints MAX - 199 + i / 4 are groups of values 0..199 over the
    // minimum (5 varint bytes), one byte each from offset 10; 255 over it is past Integer.MAX_VALUE.
    List<Integer> high = new ArrayList<>();
    for (int i = 0; i < 800; i++) high.add(Integer.MAX_VALUE - 199 + i / 4);
    CifFormatException e = PackedLayoutTest.corruptRead(Schema.create(Schema.Type.INT), high, b -> {
      assertEquals(List.of(0x41, 0xC8, 0x01, 8, 2, 0, 1), List.of(b[5] & 0xFF, b[6] & 0xFF, b[7] & 0xFF, b[8] & 0xFF, b[9] & 0xFF, b[10] & 0xFF, b[11] & 0xFF));
      b[10] = (byte) 0xFF;
    }, 5 + 5 + 200 + 56);
    assertTrue(e.getMessage().contains("value 2147483703 of row 0 in the block is outside the int range"), e.getMessage());
  }

  /**
   * A run that is one group of all its 1024 values (length 1023 in 10 bits, the widest a length may
   * be) is read like any other. No writer makes it, since a constant run's frame of reference has
   * width 0 and no words: it is crafted from 512 fives and 512 260s (two groups, lengths in 9 bits).
   */
  @Test
  void oneGroupOfAWholeRunReadsBack() throws Exception {
    TestFs t = new TestFs();
    List<Integer> values = new ArrayList<>();
    for (int i = 0; i < RUN; i++) values.add(i < 512 ? 5 : 260);
    Path p = ColumnFiles.write(t, "one-group", new ColumnSpec("qty", Schema.create(Schema.Type.INT), ColumnLayout.PACKED, BlockCodec.NONE, new int[0]),
        1 << 20, 1 << 20, values);
    assertEquals(List.of(0x0a, 0x41, 2, 8, 9, 0, 0xFF, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0x03, 0, 0, 0, 0, 0), ColumnFiles.payload(p, 21),
        "Min 5, repeats, 2 groups of values 0 and 255 (8 bits), lengths 511 and 511 (9 bits)");
    ColumnFiles.damagePayload(t, p, 21, b -> {
      b[2] = 1;
      b[4] = 10;
      b[5] = 7;
      b[6] = 0;
      b[14] = 0x03;
      b[15] = 0;
    });
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      for (int i = 0; i < RUN; i++) assertEquals(12, r.next(), "row " + i);
    }
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      r.skipTo(1000);
      assertEquals(12, r.next());
    }
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      VectorTarget v = VectorTarget.allocate(VectorTarget.Kind.LONG, RUN);
      r.readBatch(v, 0, RUN);
      for (int i = 0; i < RUN; i++) assertEquals(12, v.longs[i], "batch row " + i);
    }
  }
}
