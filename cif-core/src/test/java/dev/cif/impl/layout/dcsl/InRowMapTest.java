package dev.cif.impl.layout.dcsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.testing.RandomData;
import dev.cif.testing.TestFs;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** DCSL maps: one-key lookups decode only that key's value; every size and key pattern round-trips. */
class InRowMapTest {
  private static final Schema MAP = Schema.createUnion(Schema.create(Schema.Type.NULL),
      Schema.createMap(Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING))));

  private static Map<Utf8, Object> map(int row, int entries, boolean uniqueKeys) {
    Map<Utf8, Object> m = new HashMap<>();
    for (int k = 0; k < entries; k++) {
      Utf8 key = new Utf8(uniqueKeys ? "r" + row + "k" + k : "key" + k);
      m.put(key, k % 7 == 3 ? null : new Utf8("value-" + row + "-" + k));
    }
    return m;
  }

  @Test
  void lookupsDecodeOneValueAndEverySizeRoundTrips() throws Exception {
    TestFs t = new TestFs();
    int[] sizes = {0, 1, 10, 10_000};
    for (BlockCodec codec : new BlockCodec[] {BlockCodec.NONE, BlockCodec.LZ4, BlockCodec.ZLIB}) {
      for (boolean unique : new boolean[] {false, true}) {
        Path p = t.path("dcsl-" + codec + unique);
        ColumnSpec spec = new ColumnSpec("m", MAP, ColumnLayout.DCSL, codec, new int[] {1000, 100, 10}).withKeyStreams(false);
        int rows = 60;
        try (FSDataOutputStream out = t.fs.create(p); ColumnFileWriter w = new ColumnFileWriter(out, spec, 16 << 10, 1 << 26)) {
          for (int i = 0; i < rows; i++) w.write(i % 9 == 8 ? null : map(i, sizes[i % sizes.length], unique));
        }
        int inline = 0;
        int mapsSeen = 0;
        try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 26)) {
          for (int i = 0; i < rows; i++) {
            Object v = r.next();
            if (i % 9 == 8) {
              assertNull(v);
              continue;
            }
            InRowMap m = (InRowMap) v;
            mapsSeen++;
            if (m.inlineKeys()) inline++;
            int n = sizes[i % sizes.length];
            if (n > 0) {
              int k = n - 1;
              String key = unique ? "r" + i + "k" + k : "key" + k;
              Object want = k % 7 == 3 ? null : "value-" + i + "-" + k;
              Object got = m.get(key);
              assertEquals(want, got == null ? null : got.toString());
              assertEquals(1, m.decodedValues(), "a one-key lookup decodes one value");
              assertTrue(m.containsKey(new Utf8(key)));
            }
            assertNull(m.get("absent"));
            assertEquals(n, m.size());
            assertEquals(RandomData.normalize(map(i, n, unique)), RandomData.normalize(m));
          }
        }
        assertTrue(inline <= mapsSeen);
      }
    }
  }

  /** Keys that repeat keep the dictionary; keys that never repeat make later blocks inline their keys. */
  @Test
  void dictionaryOnlyWhereKeysRepeat() throws Exception {
    TestFs t = new TestFs();
    for (boolean unique : new boolean[] {false, true}) {
      Path p = t.path("mode-" + unique);
      ColumnSpec spec = new ColumnSpec("m", MAP, ColumnLayout.DCSL, BlockCodec.NONE, new int[] {1000, 100, 10}).withKeyStreams(false);
      try (FSDataOutputStream out = t.fs.create(p); ColumnFileWriter w = new ColumnFileWriter(out, spec, 8 << 10, 1 << 26)) {
        for (int i = 0; i < 3000; i++) w.write(map(i, 10, unique));
      }
      int inline = 0;
      try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 26)) {
        assertTrue(r.blockCount() > 10);
        for (int i = 0; i < 3000; i++) {
          InRowMap m = (InRowMap) r.next();
          if (m.inlineKeys()) inline++;
          assertEquals("value-" + i + "-4", m.get(unique ? "r" + i + "k4" : "key4").toString());
          assertEquals(1, m.decodedValues());
        }
      }
      if (unique) assertTrue(inline > 2500, inline + " of 3000 maps inline");
      else assertEquals(0, inline);
    }
  }
}
