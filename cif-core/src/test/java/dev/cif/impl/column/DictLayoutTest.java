package dev.cif.impl.column;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.VectorTarget;
import dev.cif.CifFormatException;
import dev.cif.testing.RandomData;
import dev.cif.testing.TestFs;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


/**
 * The DICT layout: strings and bytes, nullable either way round or not, with every codec, with few
 * distinct values (dictionary blocks), unique values (inline blocks after the first) and data that
 * changes between the two, read row by row, under skips and in batches; its fallback costs next to
 * nothing on unique values; corrupt ids and oversized values are refused with clear errors.
 */
class DictLayoutTest {
  private static final Schema STRING = Schema.create(Schema.Type.STRING);
  private static final Schema NULL = Schema.create(Schema.Type.NULL);

  private static Schema javaString() {
    Schema s = Schema.create(Schema.Type.STRING);
    s.addProp("avro.java.string", "String");
    return s;
  }

  private static List<Schema> types() {
    Schema bytes = Schema.create(Schema.Type.BYTES);
    return List.of(STRING, Schema.createUnion(NULL, STRING), Schema.createUnion(STRING, NULL), javaString(),
        Schema.createUnion(NULL, javaString()), bytes, Schema.createUnion(NULL, bytes));
  }

  enum Values { FEW, UNIQUE, CHANGING }

  private static Object value(Schema s, Values kind, int row, Random rnd) {
    if (s.getType() == Schema.Type.UNION) {
      return row % 5 == 2 ? null : value(s.getTypes().get(s.getTypes().get(0) == NULL ? 1 : 0), kind, row, rnd);
    }
    boolean few = kind == Values.FEW || (kind == Values.CHANGING && (row / 700) % 2 == 0);
    String v = few ? "v" + rnd.nextInt(9) : "unique-" + row + "-" + rnd.nextInt(1000);
    if (row % 97 == 0) v = ""; // the empty value is an entry like any other
    if (s.getType() == Schema.Type.BYTES) return ByteBuffer.wrap(v.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return "String".equals(s.getProp("avro.java.string")) ? v : new Utf8(v);
  }

  private static Path write(TestFs t, String name, Schema type, ColumnLayout layout, BlockCodec codec, List<Object> values) throws Exception {
    return ColumnFiles.write(t, name, type, layout, codec, 1 << 10, values);
  }

  /**
   * The writer compares only a block's first occurrence of a value with the block's bounds (a repeat cannot
   * move them): every block's min, max and nulls are still those of its own values, written as records and
   * through the typed appends, when the block's extreme values recur in later blocks and a block's mode changes.
   */
  @Test
  void blockBoundsAreEachBlocksOwnValues() throws Exception {
    TestFs t = new TestFs();
    Schema type = Schema.createUnion(NULL, STRING);
    for (Values kind : Values.values()) {
      Random rnd = new Random(kind.ordinal());
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < 4_000; i++) values.add(value(type, kind, i, rnd));
      for (boolean typed : new boolean[] {false, true}) {
        Path p = t.path("bounds-" + kind + "-" + typed);
        ColumnSpec spec = new ColumnSpec("c", type, ColumnLayout.DICT, BlockCodec.NONE, new int[] {100, 10});
        try (FSDataOutputStream out = t.fs.create(p); ColumnFileWriter w = new ColumnFileWriter(out, spec, 1 << 10, 1 << 20)) {
          for (Object v : values) {
            if (!typed) w.write(v);
            else if (v == null) w.appendNull();
            else w.appendBytes(((Utf8) v).getBytes(), 0, ((Utf8) v).getByteLength());
          }
        }
        try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
          ColumnFooter f = r.footer();
          assertTrue(f.rows.size() >= 5, kind + ": blocks " + f.rows.size());
          int row = 0;
          for (int b = 0; b < f.rows.size(); b++) {
            Utf8 min = null, max = null;
            long nulls = 0;
            for (int i = row; i < row + f.rows.get(b); i++) {
              Utf8 v = (Utf8) values.get(i);
              if (v == null) nulls++;
              else {
                if (min == null || v.compareTo(min) < 0) min = v;
                if (max == null || v.compareTo(max) > 0) max = v;
              }
            }
            String what = kind + (typed ? " typed" : " records") + " block " + b;
            assertEquals(min, f.stats.get(b).min, what);
            assertEquals(max, f.stats.get(b).max, what);
            assertEquals(nulls, f.stats.get(b).nulls, what);
            row += f.rows.get(b);
          }
        }
      }
    }
  }

  @Test
  void rowReadsSkipsAndBatchesRoundTrip() throws Exception {
    TestFs t = new TestFs();
    int rows = 3_000;
    for (Schema type : types()) {
      for (Values kind : Values.values()) {
        for (BlockCodec codec : BlockCodec.values()) {
          String what = type + " " + kind + " " + codec;
          Random rnd = new Random(what.hashCode());
          List<Object> values = new ArrayList<>();
          for (int i = 0; i < rows; i++) values.add(value(type, kind, i, rnd));
          Path p = write(t, "d" + Math.abs(what.hashCode()), type, ColumnLayout.DICT, codec, values);
          try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
            assertTrue(r.blockCount() >= 3, what);
            for (int i = 0; i < rows; i++) {
              Object got = r.next();
              assertEquals(RandomData.normalize(values.get(i)), RandomData.normalize(got), what + " row " + i);
              if (got != null) assertEquals(values.get(i).getClass().getSimpleName().replace("HeapByteBuffer", "ByteBuffer"),
                  got.getClass().getSimpleName().replace("HeapByteBuffer", "ByteBuffer"), what);
            }
          }
          try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
            for (long row = rnd.nextInt(5); row < rows; row += 1 + rnd.nextInt(rnd.nextBoolean() ? 15 : 400)) {
              r.skipTo(row);
              assertEquals(RandomData.normalize(values.get((int) row)), RandomData.normalize(r.next()), what + " skip to " + row);
            }
          }
          try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
            assertEquals(VectorTarget.Kind.BINARY, r.vectorKind());
            VectorTarget v = VectorTarget.allocate(VectorTarget.Kind.BINARY, rows);
            r.skipTo(1);
            r.readBatch(v, 1, rows - 1);
            for (int i = 1; i < rows; i++) {
              String want = values.get(i) == null ? null : latin1(values.get(i));
              String got = v.isNull[i] ? null : new String(v.buffers[i], v.starts[i], v.lengths[i], java.nio.charset.StandardCharsets.ISO_8859_1);
              assertEquals(want, got, what + " batch row " + i);
            }
          }
        }
      }
    }
  }

  @Test
  void inlineFallbackCostsLittleAndDictionaryBlocksSave() throws Exception {
    TestFs t = new TestFs();
    Schema type = Schema.createUnion(NULL, STRING);
    for (Values kind : new Values[] {Values.FEW, Values.UNIQUE}) {
      Random rnd = new Random(1);
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < 20_000; i++) values.add(value(type, kind, i, rnd));
      long dict = t.fs.getFileStatus(write(t, "dict-" + kind, type, ColumnLayout.DICT, BlockCodec.NONE, values)).getLen();
      long sl = t.fs.getFileStatus(write(t, "sl-" + kind, type, ColumnLayout.SKIP_LIST, BlockCodec.NONE, values)).getLen();
      if (kind == Values.FEW) assertTrue(dict * 2 < sl, "dictionary blocks: DICT " + dict + " bytes, SKIP_LIST " + sl);
      // Inline blocks save the union branch byte and lose the mode byte; only the first block has a dictionary.
      else assertTrue(dict < sl * 1.02, "inline blocks: DICT " + dict + " bytes, SKIP_LIST " + sl);
    }
  }

  /**
   * The mode of each block is chosen from the block before; of an inline block only the first 1,024 values are
   * counted (ORC's early check), so a block whose first values are unique keeps the next inline even if the rest
   * repeat, and a block whose first values repeat makes the next a dictionary.
   */
  @Test
  void inlineBlocksCountTheirFirstValuesToChooseTheNextMode() {
    dev.cif.impl.layout.dict.DictWriter w = new dev.cif.impl.layout.dict.DictWriter(STRING);
    dev.cif.impl.io.ByteSink out = new dev.cif.impl.io.ByteSink(1 << 16);
    int[] next = {0};
    java.util.function.IntConsumer unique = n -> {
      for (int i = 0; i < n; i++) {
        byte[] b = ("u" + next[0]++).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        w.writeBytes(b, 0, b.length, out);
      }
    };
    java.util.function.IntConsumer repeated = n -> {
      for (int i = 0; i < n; i++) w.writeBytes(new byte[] {'x'}, 0, 1, out);
    };
    List<Integer> modes = new ArrayList<>();
    Runnable close = () -> {
      dev.cif.impl.io.ByteSink preamble = new dev.cif.impl.io.ByteSink(1 << 16);
      w.writePreamble(preamble);
      modes.add(preamble.array()[0] & 0xFF);
      out.reset();
    };
    w.beginBlock();
    unique.accept(3000);     // the first block: a dictionary
    close.run();
    w.beginBlock();
    unique.accept(1024);     // inline (the block before did not repeat); its first 1,024 values are unique...
    repeated.accept(5000);   // ... and the rest, not counted, repeat
    close.run();
    w.beginBlock();
    repeated.accept(1024);   // inline, from the sample above; these repeat
    close.run();
    w.beginBlock();
    repeated.accept(10);     // a dictionary again
    close.run();
    assertEquals(List.of(0, 1, 1, 0), modes);
  }

  @Test
  void anIdOutsideTheDictionaryNamesFileColumnAndOffset() throws Exception {
    TestFs t = new TestFs();
    ColumnSpec spec = new ColumnSpec("city", STRING, ColumnLayout.DICT, BlockCodec.NONE, new int[0]);
    Path p = ColumnFiles.write(t, "corrupt", spec, 1 << 10, 1 << 20, List.of("a", "b", "a"));
    int payload = ColumnFiles.payloadOffset(p);
    ColumnFiles.damagePayload(t, p, 9, b -> {
      assertEquals(List.of(0, 2, 1, (int) 'a', 1, (int) 'b', 0, 1, 0), toList(b, 0, 9), "mode 0, 2 entries \"a\" \"b\", ids 0 1 0");
      b[8] = 5;
    });
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      assertEquals("a", r.next().toString());
      assertEquals("b", r.next().toString());
      CifFormatException e = assertThrows(CifFormatException.class, r::next);
      assertTrue(e.getMessage().contains("dictionary id 5 outside the block's dictionary of 2 entries"), e.getMessage());
      assertTrue(e.getMessage().contains("[file " + p + ", column city, offset " + (payload + 8) + "]"), e.getMessage() + " payload at " + payload);
    }
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      VectorTarget v = VectorTarget.allocate(VectorTarget.Kind.BINARY, 3);
      assertThrows(CifFormatException.class, () -> r.readBatch(v, 0, 3));
    }
  }

  /** A value's bytes, one char per byte. */
  private static String latin1(Object v) {
    byte[] b;
    if (v instanceof ByteBuffer) {
      ByteBuffer d = ((ByteBuffer) v).duplicate();
      b = new byte[d.remaining()];
      d.get(b);
    } else {
      b = v.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
    return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  @Test
  void theNullableExampleOfFormatMdIsWhatIsWritten() throws Exception {
    TestFs t = new TestFs();
    ColumnSpec spec = new ColumnSpec("c", Schema.createUnion(NULL, STRING), ColumnLayout.DICT, BlockCodec.NONE, new int[] {2});
    Path p = ColumnFiles.write(t, "example", spec, 1 << 10, 1 << 20, java.util.Arrays.asList("x", null, "x"));
    assertEquals(List.of(0, 1, 1, 0x78, 2, 1, 0, 1, 1), ColumnFiles.payload(p, 9));
  }

  private static List<Integer> toList(byte[] b, int off, int n) {
    List<Integer> l = new ArrayList<>();
    for (int i = 0; i < n; i++) l.add(b[off + i] & 0xFF);
    return l;
  }

  @Test
  void aRefusedValueLeavesNothingInTheDictionary() throws Exception {
    TestFs t = new TestFs();
    Path p = t.path("big");
    ColumnSpec spec = new ColumnSpec("c", STRING, ColumnLayout.DICT, BlockCodec.NONE, new int[] {10});
    try (FSDataOutputStream out = t.fs.create(p); ColumnFileWriter w = new ColumnFileWriter(out, spec, 1 << 10, 2 << 10)) {
      w.write("small");
      // One id byte, but a 5,000-byte entry in the block's dictionary: over the value limit.
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write("x".repeat(5_000)));
      assertTrue(e.getMessage().contains("over cif.max.value.bytes"), e.getMessage());
      w.write("small");
      w.write("other");
    }
    assertTrue(t.fs.getFileStatus(p).getLen() < 1_000, "the refused value's entry was not written");
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      assertEquals(List.of("small", "small", "other"), List.of(r.next().toString(), r.next().toString(), r.next().toString()));
    }
  }

  @Test
  void dictFitsStringsAndBytesOnlyAndNeedsVersionThree() {
    assertThrows(IllegalArgumentException.class, () -> new ColumnSpec("c", Schema.create(Schema.Type.INT), ColumnLayout.DICT, BlockCodec.NONE, new int[0]));
    assertThrows(IllegalArgumentException.class,
        () -> new ColumnSpec("c", Schema.createUnion(NULL, STRING, Schema.create(Schema.Type.LONG)), ColumnLayout.DICT, BlockCodec.NONE, new int[0]));
    // A version-2 file cannot hold DICT: its header saying so is corrupt, not a layout to guess at.
    assertThrows(IllegalArgumentException.class, () -> new ColumnSpec("c", STRING, ColumnLayout.DICT, BlockCodec.NONE, new int[0], dev.cif.impl.io.FormatVersion.DCSL_MODE_BYTE));
    assertEquals(dev.cif.impl.io.FormatVersion.CURRENT, new ColumnSpec("c", STRING, ColumnLayout.DICT, BlockCodec.NONE, new int[0]).formatVersion);
  }
}
