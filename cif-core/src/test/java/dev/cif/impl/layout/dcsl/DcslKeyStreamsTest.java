package dev.cif.impl.layout.dcsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.impl.column.BlockOffsets;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnFiles;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.io.CifCorruptionError;
import dev.cif.impl.io.FileFraming;
import dev.cif.testing.RandomData;
import dev.cif.testing.TestFs;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32C;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * DCSL mode 3 (format version 6): each key's values in a side segment of the block, read only when a
 * value of that key is asked for; when the writer chooses it; and clear errors on damaged sides.
 */
class DcslKeyStreamsTest {
  private static final Schema NULL = Schema.create(Schema.Type.NULL);
  private static final Schema STRING = Schema.create(Schema.Type.STRING);
  private static final Schema NULLABLE_MAP_OF_NULLABLE_STRINGS =
      Schema.createUnion(NULL, Schema.createMap(Schema.createUnion(NULL, STRING)));
  private static final String[] HEADERS = {"content-type", "server", "date", "etag", "vary", "age"};

  /** Crawl-like headers: null and empty maps, null values, a few vocabularies and unique dates and etags. */
  static List<Map<Utf8, Utf8>> crawlRows(int n, long seed) {
    Random rnd = new Random(seed);
    List<Map<Utf8, Utf8>> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (i % 17 == 5) {
        rows.add(null);
        continue;
      }
      Map<Utf8, Utf8> m = new LinkedHashMap<>();
      if (i % 23 != 3) {
        m.put(new Utf8("content-type"), new Utf8(rnd.nextInt(6) == 0 ? "text/html; charset=Shift_JIS" : "text/html"));
        if (rnd.nextBoolean()) m.put(new Utf8("server"), new Utf8(rnd.nextBoolean() ? "Apache" : "nginx"));
        m.put(new Utf8("date"), new Utf8("Tue, " + (i % 28) + " Mar 2011 " + rnd.nextInt(86400)));
        if (rnd.nextInt(3) == 0) m.put(new Utf8("etag"), new Utf8(Long.toHexString(rnd.nextLong())));
        if (rnd.nextInt(9) == 0) m.put(new Utf8("vary"), null);
      }
      rows.add(m);
    }
    return rows;
  }

  private static ColumnSpec spec(Schema type, BlockCodec codec) {
    return new ColumnSpec("metadata", type, ColumnLayout.DCSL, codec, new int[] {100, 10});
  }

  @Test
  void keyedBlocksReadBackWholeAndOneKeyAtATime() throws Exception {
    TestFs t = new TestFs();
    List<Map<Utf8, Utf8>> rows = crawlRows(5000, 1);
    for (BlockCodec codec : new BlockCodec[] {BlockCodec.NONE, BlockCodec.ZSTD, BlockCodec.LZ4}) {
      Path p = ColumnFiles.write(t, "keyed-" + codec, spec(NULLABLE_MAP_OF_NULLABLE_STRINGS, codec), 16 << 10, 1 << 20, rows);
      if (codec == BlockCodec.NONE) assertEquals(3, ColumnFiles.payload(p, 1).get(0), "the first block is keyed (mode 3)");
      try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
        assertTrue(r.blockCount() > 5, r.blockCount() + " blocks");
        for (int i = 0; i < rows.size(); i++) {
          Map<Utf8, Utf8> want = rows.get(i);
          Object got = r.next();
          if (want == null) {
            assertNull(got, "row " + i);
            continue;
          }
          KeyedMap m = assertInstanceOf(KeyedMap.class, got, "row " + i);
          assertEquals(want.size(), m.size(), "row " + i);
          for (String key : HEADERS) {
            Utf8 expected = want.get(new Utf8(key));
            assertEquals(want.containsKey(new Utf8(key)), m.containsKey(key), "row " + i + " " + key);
            Object one = m.get(new Utf8(key)); // Utf8 or String: the same key
            assertEquals(expected == null ? null : expected.toString(), one == null ? null : one.toString(), "row " + i + " " + key);
          }
          assertEquals(want.keySet().stream().filter(k -> !k.toString().equals("vary")).count()
              + (want.containsKey(new Utf8("vary")) ? 1 : 0), m.decodedValues(), "one value built per lookup of a present key");
          assertEquals(RandomData.normalize(want), RandomData.normalize(m), "row " + i);
        }
      }
      // Every 7th row, skipping the rest, and a map kept after the reader has moved on still reads.
      try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
        Map<?, ?> first = null;
        for (int i = 0; i < rows.size(); i += 7) {
          r.skipTo(i);
          Object got = r.next();
          if (first == null && got != null) first = (Map<?, ?>) got;
          Map<Utf8, Utf8> want = rows.get(i);
          assertEquals(RandomData.normalize(want), RandomData.normalize(got), "row " + i);
        }
        assertEquals(RandomData.normalize(rows.get(0)), RandomData.normalize(first));
      }
    }
  }

  @Test
  void oneKeyIsReadWithoutTheOtherKeysBytes() throws Exception {
    TestFs t = new TestFs();
    List<Map<Utf8, Utf8>> rows = crawlRows(40_000, 2);
    Path p = ColumnFiles.write(t, "io", spec(NULLABLE_MAP_OF_NULLABLE_STRINGS, BlockCodec.ZSTD), 256 << 10, 1 << 26, rows);
    long before = t.bytesRead();
    int types = 0;
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 26)) {
      for (int i = 0; i < rows.size(); i += 16) {
        r.skipTo(i);
        Map<?, ?> m = (Map<?, ?>) r.next();
        if (m != null && m.get("content-type") != null) types++;
      }
    }
    long oneKey = t.bytesRead() - before;
    before = t.bytesRead();
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 26)) {
      for (int i = 0; i < rows.size(); i += 16) {
        r.skipTo(i);
        Map<?, ?> m = (Map<?, ?>) r.next();
        if (m != null) m.entrySet().size();
      }
    }
    long whole = t.bytesRead() - before;
    long file = t.fs.getFileStatus(p).getLen();
    assertTrue(types > 2000, types + " content types read");
    assertTrue(whole > file * 9 / 10, "whole maps read " + whole + " of " + file + " bytes");
    // The heads (key ids per row) remain; of the values only the content types are read.
    assertTrue(oneKey * 3 < whole, "one key read " + oneKey + " bytes, whole maps " + whole);
  }

  @Test
  void otherValueTypesAndNullValuesKeepTheirEncoding() throws Exception {
    TestFs t = new TestFs();
    Schema longs = Schema.createArray(Schema.create(Schema.Type.LONG));
    Schema bytes = Schema.create(Schema.Type.BYTES);
    for (Schema values : new Schema[] {Schema.create(Schema.Type.INT), Schema.createUnion(NULL, longs), bytes}) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = 0; i < 3000; i++) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int k = 0; k < 1 + i % 4; k++) {
          Object v;
          if (values.getType() == Schema.Type.INT) v = i % 50 - 25 + k;
          else if (values.getType() == Schema.Type.BYTES) v = ByteBuffer.wrap(new byte[] {(byte) k, (byte) (i % 3)});
          else v = (i + k) % 5 == 0 ? null : List.of((long) i, -(long) k);
          m.put("k" + k, v);
        }
        rows.add(m);
      }
      Path p = ColumnFiles.write(t, "values-" + values.getType(), spec(Schema.createMap(values), BlockCodec.NONE), 4 << 10, 1 << 20, rows);
      try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
        for (int i = 0; i < rows.size(); i++) {
          Map<?, ?> m = assertInstanceOf(KeyedMap.class, r.next(), "row " + i);
          assertEquals(RandomData.normalize(rows.get(i).get("k0")), RandomData.normalize(m.get("k0")), "row " + i);
          assertEquals(RandomData.normalize(rows.get(i)), RandomData.normalize(m), "row " + i);
        }
      }
    }
  }

  @Test
  void theWriterKeepsKeyedBlocksForFewRepeatingKeys() throws Exception {
    TestFs t = new TestFs();
    // 100 keys in a block: the block that reaches 64 ends there, and the next is not keyed.
    List<Map<String, String>> many = new ArrayList<>();
    for (int i = 0; i < 2000; i++) many.add(Map.of("k" + (i % 100), "v", "x", "w" + i % 3));
    Path p = ColumnFiles.write(t, "many", spec(Schema.createMap(STRING), BlockCodec.NONE), 64 << 10, 1 << 20, many);
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      assertEquals(63, r.blockStats().size() > 1 ? (int) (r.blockFirstRow(1)) : -1, "the keyed block ends at its 64th key");
      for (int i = 0; i < many.size(); i++) {
        Object m = r.next();
        assertEquals(i < 63, m instanceof KeyedMap, "row " + i);
        assertEquals(RandomData.normalize(many.get(i)), RandomData.normalize(m), "row " + i);
      }
    }
    // Keys in few rows each (8 keys, one per map): codes would be mostly zeros, so the values stay in the rows.
    List<Map<String, String>> sparse = new ArrayList<>();
    for (int i = 0; i < 3000; i++) sparse.add(Map.of("k" + (i % 16), "v" + (i % 5)));
    p = ColumnFiles.write(t, "sparse", spec(Schema.createMap(STRING), BlockCodec.NONE), 4 << 10, 1 << 20, sparse);
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      int keyed = 0;
      for (int i = 0; i < sparse.size(); i++) {
        Object m = r.next();
        if (m instanceof KeyedMap) keyed++;
        assertEquals(RandomData.normalize(sparse.get(i)), RandomData.normalize(m), "row " + i);
      }
      assertTrue(keyed < 1000, keyed + " maps in keyed blocks: only the first block tries it");
    }
    // Switched off (cif.dcsl.key-streams=false), no block is keyed.
    p = ColumnFiles.write(t, "off", spec(NULLABLE_MAP_OF_NULLABLE_STRINGS, BlockCodec.NONE).withKeyStreams(false), 4 << 10, 1 << 20,
        crawlRows(500, 3));
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      for (int i = 0; i < 500; i++) assertFalse(r.next() instanceof KeyedMap, "row " + i);
    }
  }

  @Test
  void aRefusedMapLeavesNothingInTheStreams() throws Exception {
    TestFs t = new TestFs();
    Path p = t.path("refused");
    try (FSDataOutputStream out = t.fs.create(p);
        ColumnFileWriter w = new ColumnFileWriter(out, spec(Schema.createMap(STRING), BlockCodec.NONE), 1 << 10, 1 << 10)) {
      w.write(Map.of("a", "x"));
      assertThrows(IllegalArgumentException.class, () -> w.write(Map.of("a", "y", "big", "z".repeat(2000))));
      Map<String, Object> withNull = new LinkedHashMap<>();
      withNull.put("c", null);
      assertThrows(IllegalArgumentException.class, () -> w.write(withNull));
      w.write(Map.of("a", "x2"));
    }
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      assertEquals(Map.of("a", "x"), RandomData.normalize(r.next()));
      assertEquals(Map.of("a", "x2"), RandomData.normalize(r.next()));
    }
    // Head: mode 3, one key "a", its side; rows: len 2, N 1, id 0. The side, in the direct form (two
    // values that do not repeat): 0x80, both rows present, "x" and "x2".
    assertEquals(List.of(3, 1, 1, (int) 'a'), ColumnFiles.payload(p, 4), "no dictionary entry for \"big\" or \"c\"");
    assertEquals(List.of(0x80, 3, 1, (int) 'x', 2, (int) 'x', (int) '2'), toList(sideBytes(p, 0)));
    // Values that repeat take the dictionary form: width 1, codes 1 1 1, one value.
    p = ColumnFiles.write(t, "repeats", spec(Schema.createMap(STRING), BlockCodec.NONE), 1 << 10, 1 << 20,
        List.of(Map.of("a", "x"), Map.of("a", "x"), Map.of("a", "x")));
    assertEquals(List.of(1, 7, 1, 1, (int) 'x'), toList(sideBytes(p, 0)));
  }

  @Test
  void damagedSidesAreReportedWithFileColumnAndOffset() throws Exception {
    TestFs t = new TestFs();
    List<Map<Utf8, Utf8>> rows = crawlRows(300, 4);
    Path p = ColumnFiles.write(t, "damaged", spec(NULLABLE_MAP_OF_NULLABLE_STRINGS, BlockCodec.NONE), 1 << 20, 1 << 20, rows);
    java.nio.file.Path f = java.nio.file.Path.of(p.toUri());
    byte[] good = Files.readAllBytes(f);
    long sideOffset = sideOffset(p, 2);
    // A flipped bit in the date stream: the content types still read, the dates fail on their CRC.
    byte[] b = good.clone();
    b[(int) sideOffset + 3] ^= 0x10;
    Files.write(f, b);
    t.fs.delete(new Path(p.getParent(), "." + p.getName() + ".crc"), false);
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      Map<?, ?> m = (Map<?, ?>) r.next();
      assertEquals(rows.get(0).get(new Utf8("content-type")).toString(), m.get("content-type").toString());
      assertTrue(m.containsKey("date"));
      CifCorruptionError e = assertThrows(CifCorruptionError.class, () -> m.get("date"));
      String msg = e.getCause().getMessage();
      assertTrue(msg.contains(p.getName()) && msg.contains("metadata") && msg.contains("offset " + sideOffset)
          && msg.contains("checksum mismatch"), msg);
    }
    // A code width over 31 and a code beyond the stream's values, with valid CRCs: named, not guessed at.
    rewriteSide(t, p, good, 0, s -> s[0] = 40);
    assertSideError(t, p, "key stream code width 40");
    rewriteSide(t, p, good, 0, s -> s[1] = (byte) 0xFF);
    assertSideError(t, p, "has code");
    // Sides that do not fill the block exactly.
    rewriteSide(t, p, good, -1, s -> { });
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      dev.cif.CifFormatException e = assertThrows(dev.cif.CifFormatException.class, r::next);
      assertTrue(e.getMessage().contains("bytes the block has after its head") && e.getMessage().contains("metadata"), e.getMessage());
    }
  }

  @Test
  void verifyReadsEverySide() throws Exception {
    TestFs t = new TestFs();
    Schema schema = org.apache.avro.SchemaBuilder.record("R").fields().name("metadata").type(NULLABLE_MAP_OF_NULLABLE_STRINGS)
        .noDefault().endRecord();
    Path dir = t.path("ds");
    try (dev.cif.impl.split.DatasetWriter w = new dev.cif.impl.split.DatasetWriter(t.fs, dir, "part", schema,
        new dev.cif.WriteOptions().blockBytes(8 << 10))) {
      for (Map<Utf8, Utf8> m : crawlRows(2000, 5)) {
        org.apache.avro.generic.GenericData.Record r = new org.apache.avro.generic.GenericData.Record(schema);
        r.put("metadata", m);
        w.write(r);
      }
    }
    dev.cif.impl.split.SplitDirectory sd = dev.cif.impl.split.SplitDirectory.open(t.fs, dev.cif.impl.split.DatasetListing.splitDirectories(t.fs, dir).get(0));
    assertEquals(2000, sd.verify(1 << 20));
    java.nio.file.Path f = java.nio.file.Path.of(sd.columnFile("metadata").getPath().toUri());
    byte[] b = Files.readAllBytes(f);
    int secondBlock = BlockOffsets.of(b).get(1);
    b[secondBlock - 2] ^= 0x04; // inside the first block's last side segment
    Files.write(f, b);
    t.fs.delete(new Path(sd.columnFile("metadata").getPath().getParent(), "." + f.getFileName() + ".crc"), false);
    dev.cif.CifFormatException e = assertThrows(dev.cif.CifFormatException.class,
        () -> dev.cif.impl.split.SplitDirectory.open(t.fs, sd.path()).verify(1 << 20));
    assertTrue(e.getMessage().contains("checksum mismatch") && e.getMessage().contains("metadata"), e.getMessage());
  }

  private static void assertSideError(TestFs t, Path p, String problem) throws Exception {
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      Map<?, ?> m = (Map<?, ?>) r.next();
      CifCorruptionError e = assertThrows(CifCorruptionError.class, () -> m.get("content-type"));
      String msg = e.getCause().getMessage();
      assertTrue(msg.contains(problem) && msg.contains("metadata") && msg.contains("offset"), msg);
    }
  }

  // --- the first block's layout, for the damage tests (uncompressed files only) ---

  private static List<Integer> toList(byte[] b) {
    List<Integer> l = new ArrayList<>();
    for (byte x : b) l.add(x & 0xFF);
    return l;
  }

  /** The first block's file offset, head length (header included) and side directory. */
  private static final class FirstBlock {
    int blockAt;
    int headEnd;
    int directoryAt;
    List<SideSegment> sides = new ArrayList<>();
  }

  private static FirstBlock firstBlock(Path p) throws Exception {
    byte[] b = Files.readAllBytes(java.nio.file.Path.of(p.toUri()));
    FirstBlock fb = new FirstBlock();
    fb.blockAt = FileFraming.headerLength(b, p.toString(), b.length);
    ByteSource h = new ByteSource(b, fb.blockAt + 8, 4);
    int stored = h.readIntBE();
    fb.headEnd = fb.blockAt + dev.cif.impl.io.BlockHeader.BYTES + stored;
    ByteSource in = new ByteSource(b, fb.blockAt + dev.cif.impl.io.BlockHeader.BYTES, stored);
    assertEquals(3, in.readByte(), "a keyed block");
    int keys = in.readUVarInt();
    for (int i = 0; i < keys; i++) in.skipBytes(in.readLength());
    fb.directoryAt = in.position();
    for (int i = 0; i < keys; i++) fb.sides.add(SideSegment.read(in, 1 << 30));
    return fb;
  }

  private static long sideOffset(Path p, int side) throws Exception {
    FirstBlock fb = firstBlock(p);
    long at = fb.headEnd;
    for (int i = 0; i < side; i++) at += fb.sides.get(i).storedLength;
    return at;
  }

  private static byte[] sideBytes(Path p, int side) throws Exception {
    byte[] b = Files.readAllBytes(java.nio.file.Path.of(p.toUri()));
    int at = (int) sideOffset(p, side);
    return java.util.Arrays.copyOfRange(b, at, at + firstBlock(p).sides.get(side).storedLength);
  }

  /**
   * Writes good with side i of the first block changed by damage and its CRC (and the head's) made
   * valid again, so what meets the damage is the stream's decoder; side -1: the directory claims one
   * byte more for the last side than the block has.
   */
  private static void rewriteSide(TestFs t, Path p, byte[] good, int side, java.util.function.Consumer<byte[]> damage) throws Exception {
    java.nio.file.Path f = java.nio.file.Path.of(p.toUri());
    Files.write(f, good);
    FirstBlock fb = firstBlock(p);
    byte[] b = good.clone();
    dev.cif.impl.io.ByteSink dir = new dev.cif.impl.io.ByteSink(64);
    long at = fb.headEnd;
    for (int i = 0; i < fb.sides.size(); i++) {
      SideSegment s = fb.sides.get(i);
      int crc = s.crc;
      int stored = s.storedLength;
      if (i == side) {
        byte[] raw = java.util.Arrays.copyOfRange(b, (int) at, (int) at + stored);
        damage.accept(raw);
        System.arraycopy(raw, 0, b, (int) at, stored);
        CRC32C c = new CRC32C();
        c.update(raw, 0, raw.length);
        crc = (int) c.getValue();
      }
      if (side == -1 && i == fb.sides.size() - 1) stored++;
      new SideSegment(stored == s.storedLength ? s.rawLength : stored, stored, s.codecId, crc).write(dir);
      at += s.storedLength;
    }
    // Same-length directory entries (the +1 keeps its varint's size here), so the head keeps its length.
    System.arraycopy(dir.array(), 0, b, fb.directoryAt, dir.size());
    CRC32C c = new CRC32C();
    c.update(b, fb.blockAt, 13);
    c.update(b, fb.blockAt + dev.cif.impl.io.BlockHeader.BYTES, fb.headEnd - fb.blockAt - dev.cif.impl.io.BlockHeader.BYTES);
    ByteBuffer.wrap(b, fb.blockAt + 13, 4).putInt((int) c.getValue());
    Files.write(f, b);
    t.fs.delete(new Path(p.getParent(), "." + p.getName() + ".crc"), false);
  }
}
