package dev.cif.impl.layout.dcsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnFiles;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.CifFormatException;
import dev.cif.testing.RandomData;
import dev.cif.testing.TestFs;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * DCSL mode 2: string and bytes map values as ids into a per-block value dictionary, with a fallback
 * to values inline (mode 0) for blocks whose values did not repeat, and clear errors on bad ids.
 */
class DcslValueDictionaryTest {
  private static final Schema NULL = Schema.create(Schema.Type.NULL);
  private static final Schema STRING = Schema.create(Schema.Type.STRING);
  private static final Schema NULLABLE_MAP_OF_NULLABLE_STRINGS =
      Schema.createUnion(NULL, Schema.createMap(Schema.createUnion(NULL, STRING)));
  private static final String[] HEADERS = {"server", "content-type", "vary", "etag", "connection", "age"};
  private static final String[] VOCABULARY = {"Apache", "nginx", "text/html", "text/html; charset=Shift_JIS",
      "Accept-Encoding", "Keep-Alive", "close", "日本語"};

  /**
   * Rows of a crawl-like map: null maps, empty maps, null values; values from a small vocabulary
   * except in rows [uniqueFrom, uniqueTo), whose values never repeat.
   */
  private static List<Map<Utf8, Utf8>> rows(int n, int uniqueFrom, int uniqueTo, long seed) {
    Random rnd = new Random(seed);
    List<Map<Utf8, Utf8>> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (i % 13 == 5) {
        rows.add(null);
        continue;
      }
      Map<Utf8, Utf8> m = new LinkedHashMap<>();
      int size = i % 11 == 3 ? 0 : 1 + rnd.nextInt(HEADERS.length);
      for (int k = 0; k < size; k++) {
        String value = i >= uniqueFrom && i < uniqueTo ? "v" + i + "-" + k : VOCABULARY[rnd.nextInt(VOCABULARY.length)];
        m.put(new Utf8(HEADERS[(i + k) % HEADERS.length]), rnd.nextInt(9) == 0 ? null : new Utf8(value));
      }
      rows.add(m);
    }
    return rows;
  }

  private static ColumnSpec spec(Schema type, BlockCodec codec, int[] levels) {
    return new ColumnSpec("metadata", type, ColumnLayout.DCSL, codec, levels).withKeyStreams(false); // modes 0-2
  }

  @Test
  void repeatedValuesAreIdsAndUniqueOnesFallBackInline() throws Exception {
    TestFs t = new TestFs();
    int n = 6000;
    // Repetitive, then 2,000 rows of unique values, then repetitive again: the mode follows the data.
    List<Map<Utf8, Utf8>> rows = rows(n, 2000, 4000, 1);
    for (BlockCodec codec : new BlockCodec[] {BlockCodec.NONE, BlockCodec.ZSTD}) {
      Path p = ColumnFiles.write(t, "modes-" + codec, spec(NULLABLE_MAP_OF_NULLABLE_STRINGS, codec, new int[] {100, 10}),
          4 << 10, 1 << 20, rows);
      int[] ids = new int[3];
      int[] maps = new int[3];
      try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
        assertTrue(r.blockCount() > 20, r.blockCount() + " blocks");
        for (int i = 0; i < n; i++) {
          Map<Utf8, Utf8> want = rows.get(i);
          Object got = r.next();
          if (want == null) {
            assertNull(got, "row " + i);
            continue;
          }
          InRowMap m = (InRowMap) got;
          int phase = i / 2000;
          maps[phase]++;
          if (m.valueIds()) ids[phase]++;
          assertEquals(RandomData.normalize(want), RandomData.normalize(m), "row " + i);
        }
      }
      assertEquals(maps[0], ids[0], "repetitive values: every block has a value dictionary");
      // The mode follows the block before, so the block that holds the change and the one after it may keep ids.
      assertTrue(ids[1] < maps[1] / 5, ids[1] + " of " + maps[1] + " unique-valued maps in value-dictionary blocks");
      assertTrue(ids[2] > maps[2] * 9 / 10, ids[2] + " of " + maps[2] + " maps back in value-dictionary blocks");
    }
  }

  @Test
  void oneKeyLookupsAgreeWithTheWholeMapAndDecodeOneValue() throws Exception {
    TestFs t = new TestFs();
    List<Map<Utf8, Utf8>> rows = rows(3000, 1000, 1500, 2);
    Path p = ColumnFiles.write(t, "lookups", spec(NULLABLE_MAP_OF_NULLABLE_STRINGS, BlockCodec.LZ4, new int[] {10}),
        2 << 10, 1 << 20, rows);
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      for (int i = 0; i < rows.size(); i++) {
        Map<Utf8, Utf8> want = rows.get(i);
        InRowMap m = (InRowMap) r.next();
        if (want == null) continue;
        for (String key : HEADERS) {
          Object one = m.get(key);
          Utf8 expected = want.get(new Utf8(key));
          assertEquals(expected == null ? null : expected.toString(), one == null ? null : one.toString(), "row " + i + " " + key);
          assertEquals(want.containsKey(new Utf8(key)), m.containsKey(key), "row " + i + " " + key);
        }
        int lookups = (int) Arrays.stream(HEADERS).filter(k -> want.containsKey(new Utf8(k))).count();
        assertEquals(lookups, m.decodedValues(), "row " + i + ": one value built per lookup of a present key");
        assertEquals(want.size(), m.size());
      }
    }
  }

  @Test
  void bytesAndJavaStringValuesAndValuesThatAreNotNullable() throws Exception {
    TestFs t = new TestFs();
    Schema javaString = Schema.create(Schema.Type.STRING);
    javaString.addProp("avro.java.string", "String");
    Schema bytes = Schema.create(Schema.Type.BYTES);
    for (Schema values : new Schema[] {javaString, bytes, Schema.createUnion(bytes, NULL)}) {
      List<Map<Object, Object>> rows = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        Map<Object, Object> m = new LinkedHashMap<>();
        String v = VOCABULARY[i % VOCABULARY.length];
        m.put("k" + (i % 3), values.getType() == Schema.Type.STRING ? v : ByteBuffer.wrap(v.getBytes()));
        if (values.getType() == Schema.Type.UNION && i % 4 == 0) m.put("n", null);
        rows.add(m);
      }
      Path p = ColumnFiles.write(t, "values-" + values.getType(), spec(Schema.createMap(values), BlockCodec.NONE, new int[] {10}),
          1 << 10, 1 << 20, rows);
      try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
        for (int i = 0; i < rows.size(); i++) {
          InRowMap m = (InRowMap) r.next();
          assertTrue(m.valueIds(), "row " + i);
          Object one = m.get("k" + (i % 3));
          if (values == javaString) assertInstanceOf(String.class, one);
          else assertInstanceOf(ByteBuffer.class, one);
          assertEquals(RandomData.normalize(rows.get(i)), RandomData.normalize(m), "row " + i);
        }
      }
    }
    // A value of the wrong type, or null where values are not nullable, is refused and the block stays whole.
    Path p = t.path("refused");
    try (FSDataOutputStream out = t.fs.create(p);
        ColumnFileWriter w = new ColumnFileWriter(out, spec(Schema.createMap(STRING), BlockCodec.NONE, new int[0]), 1 << 10, 1 << 20)) {
      w.write(Map.of("a", "x"));
      Map<String, Object> withNull = new LinkedHashMap<>();
      withNull.put("b", "y");
      withNull.put("c", null);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(withNull));
      assertTrue(e.getMessage().contains("not nullable"), e.getMessage());
      w.write(Map.of("a", "x"));
    }
    assertEquals(List.of(2, 1, 1, (int) 'a', 1, 2, 1, (int) 'x'), ColumnFiles.payload(p, 8),
        "mode 2, key \"a\", value \"x\": the refused map's \"b\", \"c\" and \"y\" are not in the dictionaries");
  }

  @Test
  void mapsWithOtherValueTypesNeverUseTheValueDictionary() throws Exception {
    TestFs t = new TestFs();
    List<Map<String, Integer>> rows = List.of(Map.of("a", 0), Map.of("a", 1));
    Path p = ColumnFiles.write(t, "ints", spec(Schema.createMap(Schema.create(Schema.Type.INT)), BlockCodec.NONE, new int[0]),
        1 << 10, 1 << 20, rows);
    assertEquals(0, ColumnFiles.payload(p, 1).get(0), "mode 0");
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      for (int i = 0; i < rows.size(); i++) {
        InRowMap m = (InRowMap) r.next();
        assertFalse(m.valueIds());
        assertEquals(i % 2, m.get("a"));
      }
    }
    // Mode 2 in such a column is corruption, not a layout to guess at.
    ColumnFiles.damagePayload(t, p, 12, b -> {
      assertEquals(List.of(0, 1, 1, 0x61, 3, 1, 0, 0, 3, 1, 0, 2), toList(b, 12), "mode 0, key \"a\"; rows: len, N, id, value");
      b[0] = 2;
    });
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      CifFormatException e = assertThrows(CifFormatException.class, r::next);
      assertTrue(e.getMessage().contains("mode 2 (value dictionary) in a map column whose values are not strings or bytes"),
          e.getMessage());
    }
  }

  @Test
  void theFormatMdExampleIsWhatIsWritten() throws Exception {
    TestFs t = new TestFs();
    Map<String, String> first = new LinkedHashMap<>();
    first.put("a", "x");
    first.put("b", null);
    Path p = ColumnFiles.write(t, "example", spec(Schema.createMap(Schema.createUnion(NULL, STRING)), BlockCodec.NONE,
        new int[] {2}), 1 << 10, 1 << 20, List.of(first, Map.of(), Map.of("a", "x")));
    assertEquals(List.of(2, 2, 1, 0x61, 1, 0x62, 1, 2, 1, 0x78, 8, 5, 2, 0, 1, 1, 0, 1, 0, 4, 3, 1, 0, 1),
        ColumnFiles.payload(p, 24));
  }

  @Test
  void badIdsAndModesNameFileColumnAndOffset() throws Exception {
    TestFs t = new TestFs();
    ColumnSpec spec = spec(Schema.createMap(STRING), BlockCodec.NONE, new int[0]);
    Path p = ColumnFiles.write(t, "corrupt", spec, 1 << 10, 1 << 20, List.of(Map.of("a", "x"), Map.of("a", "y")));
    int payload = ColumnFiles.payloadOffset(p);
    ColumnFiles.damagePayload(t, p, 18, b -> {
      assertEquals(List.of(2, 1, 1, 0x61, 2, 4, 1, 0x78, 1, 0x79, 3, 1, 0, 0, 3, 1, 0, 1), toList(b, 18),
          "mode 2, key \"a\", 2 values in 4 bytes: \"x\" \"y\"; rows: len 3, N 1, key id 0, value id 0 / 1");
      b[17] = 5;
    });
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      assertEquals("x", ((Map<?, ?>) r.next()).get("a").toString());
      CifFormatException e = assertThrows(CifFormatException.class, r::next);
      assertTrue(e.getMessage().contains("map value id 5 outside the block's value dictionary of 2 entries"), e.getMessage());
      assertTrue(e.getMessage().contains("[file " + p + ", column metadata, offset " + (payload + 17) + "]"), e.getMessage());
    }
    // An entry's length past the dictionary's Size: found when a lookup indexes that entry.
    ColumnFiles.damagePayload(t, p, 18, b -> {
      b[17] = 0;
      b[6] = 9;
    });
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      Map<?, ?> first = (Map<?, ?>) r.next();
      // A lookup on a map already read is past the reader's boundary: the unchecked carrier, same message.
      dev.cif.impl.io.CifCorruptionError e = assertThrows(dev.cif.impl.io.CifCorruptionError.class, () -> first.get("a"));
      assertTrue(e.getMessage().contains("length 9 exceeds the 3 bytes left"), e.getMessage());
      assertTrue(e.getMessage().contains("[file " + p + ", column metadata, offset " + (payload + 7) + "]"), e.getMessage());
    }
    ColumnFiles.damagePayload(t, p, 18, b -> b[0] = 4);
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      CifFormatException e = assertThrows(CifFormatException.class, r::next);
      assertTrue(e.getMessage().contains("unknown DCSL block mode 4"), e.getMessage());
      assertTrue(e.getMessage().contains("[file " + p + ", column metadata, offset " + payload + "]"), e.getMessage());
    }
  }

  @Test
  void aValueThatWouldGrowTheDictionaryPastTheValueLimitIsRefused() throws Exception {
    TestFs t = new TestFs();
    Path p = t.path("big");
    try (FSDataOutputStream out = t.fs.create(p);
        ColumnFileWriter w = new ColumnFileWriter(out, spec(Schema.createMap(STRING), BlockCodec.NONE, new int[] {10}), 1 << 10, 2 << 10)) {
      w.write(Map.of("a", "small"));
      // A few id bytes in the map, but a 5,000-byte entry in the block's value dictionary.
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(Map.of("big", "x".repeat(5_000))));
      assertTrue(e.getMessage().contains("over cif.max.value.bytes"), e.getMessage());
      w.write(Map.of("a", "small"));
    }
    assertTrue(t.fs.getFileStatus(p).getLen() < 1_000, "the refused map's key and value were not written");
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      assertEquals("small", ((Map<?, ?>) r.next()).get("a").toString());
      assertEquals("small", ((Map<?, ?>) r.next()).get("a").toString());
    }
  }

  private static List<Integer> toList(byte[] b, int n) {
    List<Integer> l = new ArrayList<>();
    for (int i = 0; i < n; i++) l.add(b[i] & 0xFF);
    return l;
  }
}
