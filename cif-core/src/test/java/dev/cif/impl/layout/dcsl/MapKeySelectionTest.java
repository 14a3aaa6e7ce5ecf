package dev.cif.impl.layout.dcsl;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.ReadBytes;
import dev.cif.SelectedKeysBatch;
import dev.cif.VectorTarget;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.column.ColumnFiles;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.testing.TestFs;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;


/**
 * Map keys pushed to a column reader (ColumnFileReader.selectMapKeys): every row's map holds the
 * selected keys it has and nothing else, in keyed blocks (format version 6), in-row blocks (modes
 * 0-2) and plain layouts; of keyed blocks only the selected keys' streams are read, and a key no
 * block has reads no stream at all.
 */
class MapKeySelectionTest {
  private static final Schema NULL = Schema.create(Schema.Type.NULL);
  private static final Schema MAP = Schema.createUnion(NULL,
      Schema.createMap(Schema.createUnion(NULL, Schema.create(Schema.Type.STRING))));
  private static final List<Map<Utf8, Utf8>> ROWS = DcslKeyStreamsTest.crawlRows(4000, 7);

  private static Path write(TestFs t, String name, ColumnLayout layout, boolean keyStreams) throws Exception {
    ColumnSpec spec = new ColumnSpec("metadata", MAP, layout, BlockCodec.LZ4, new int[] {100, 10}).withKeyStreams(keyStreams);
    return ColumnFiles.write(t, name, spec, 16 << 10, 1 << 20, ROWS);
  }

  /** Reads every row with keys selected, checks each against the rows written, and returns the bytes read. */
  private static ReadBytes readSelected(TestFs t, Path p, Set<String> keys) throws Exception {
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      r.selectMapKeys(keys);
      for (int i = 0; i < ROWS.size(); i++) {
        Object got = r.next();
        if (ROWS.get(i) == null) {
          assertNull(got, "row " + i);
          continue;
        }
        SelectedKeysMap m = assertInstanceOf(SelectedKeysMap.class, got, "row " + i);
        Map<String, String> want = new TreeMap<>();
        ROWS.get(i).forEach((k, v) -> {
          if (keys.contains(k.toString())) want.put(k.toString(), v == null ? null : v.toString());
        });
        assertEquals(want, strings(m), "row " + i);
        assertEquals(want.size(), m.decodedValues(), "row " + i + ": only the selected keys' values are decoded");
        for (String k : keys) assertEquals(want.get(k), m.get(k) == null ? null : m.get(k).toString(), "row " + i + " key " + k);
      }
      return r.bytesRead();
    }
  }

  private static Map<String, String> strings(Map<?, ?> m) {
    Map<String, String> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k.toString(), v == null ? null : v.toString()));
    return out;
  }

  private static ReadBytes readWhole(TestFs t, Path p) throws Exception {
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      for (int i = 0; i < ROWS.size(); i++) {
        Object m = r.next();
        if (m != null) ((Map<?, ?>) m).entrySet().size();
      }
      return r.bytesRead();
    }
  }

  @Test
  void keyedBlocksReadOnlyTheSelectedKeysStreams() throws Exception {
    TestFs t = new TestFs();
    Path p = write(t, "keyed", ColumnLayout.DCSL, true);
    ReadBytes whole = readWhole(t, p);
    assertEquals(Set.of("content-type", "server", "date", "etag", "vary"), whole.byKey().keySet(), whole.toString());

    ReadBytes one = readSelected(t, p, Set.of("content-type"));
    assertEquals(Set.of("content-type"), one.byKey().keySet(), one.toString());
    assertEquals(whole.keyStream("content-type"), one.keyStream("content-type"));
    assertEquals(whole.blocks(), one.blocks(), "every block's head is read either way");
    assertTrue(one.total() * 3 < whole.total(), one + " vs " + whole);

    ReadBytes two = readSelected(t, p, Set.of("server", "etag"));
    assertEquals(Set.of("server", "etag"), two.byKey().keySet(), two.toString());

    ReadBytes missing = readSelected(t, p, Set.of("no-such-key"));
    assertEquals(0, missing.keyStreams(), "a key no block has reads no stream: " + missing);
  }

  @Test
  void inRowBlocksAndPlainMapsHoldOnlyTheSelectedKeys() throws Exception {
    TestFs t = new TestFs();
    for (ColumnLayout layout : new ColumnLayout[] {ColumnLayout.DCSL, ColumnLayout.SKIP_LIST}) {
      Path p = write(t, "rows-" + layout, layout, false);
      for (Set<String> keys : List.of(Set.of("content-type"), Set.of("date", "vary"), Set.of("no-such-key"), Set.<String>of())) {
        ReadBytes b = readSelected(t, p, keys);
        assertEquals(0, b.keyStreams(), layout + " " + keys);
      }
    }
  }

  /**
   * The batch form (ColumnFileReader.readSelectedKeys) gives every row what the row path gives, on
   * keyed blocks, in-row blocks and plain maps: null maps, null values, rows without a key, a key no
   * row has; in runs of several sizes that cross block boundaries and in runs after skipped rows; and
   * of keyed blocks it reads the same streams as the row path.
   */
  @Test
  void batchFillAgreesWithTheRowPath() throws Exception {
    TestFs t = new TestFs();
    Object[][] files = {{"keyed", ColumnLayout.DCSL, true}, {"in-row", ColumnLayout.DCSL, false},
        {"plain", ColumnLayout.SKIP_LIST, false}};
    for (Object[] f : files) {
      Path p = write(t, "batch-" + f[0], (ColumnLayout) f[1], (Boolean) f[2]);
      try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
        assertTrue(r.blockCount() > 3, f[0] + ": the runs must cross blocks, " + r.blockCount() + " blocks");
        r.selectMapKeys(Set.of("content-type"));
        assertEquals(0, r.selectedKeysBatch(4, VectorTarget.Kind.LONG).arrays.length, "string values have no LONG form: objects");
      }
      for (Set<String> keys : List.of(Set.of("content-type"), Set.of("server", "vary", "etag"), Set.of("no-such-key"), Set.of("date", "no-such-key"))) {
        for (VectorTarget.Kind kind : new VectorTarget.Kind[] {null, VectorTarget.Kind.BINARY}) {
        for (int run : new int[] {1, 7, 1024}) {
          for (int gap : new int[] {0, 13}) {
            ReadBytes rows;
            ReadBytes batch;
            try (ColumnFileReader byRow = ColumnFileReader.open(t.fs, p, -1, 1 << 20);
                ColumnFileReader byBatch = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
              byRow.selectMapKeys(keys);
              byBatch.selectMapKeys(keys);
              SelectedKeysBatch b = byBatch.selectedKeysBatch(4, kind);
              // Values in array form where asked for and the map's values have that form (strings: BINARY).
              boolean arrays = kind == VectorTarget.Kind.BINARY;
              assertEquals(arrays ? keys.size() : 0, b.arrays.length);
              String what = f[0] + " " + keys + " " + kind + " run " + run + " gap " + gap;
              for (int at = 0; at < ROWS.size(); at += run + gap) {
                int n = Math.min(run, ROWS.size() - at);
                byRow.skipTo(at);
                byBatch.skipTo(at);
                // Rows land at offset 3 of the batch, after rows that must be left alone.
                b.ensure(3 + n);
                b.isNull[2] = true;
                byBatch.readSelectedKeys(b, 3, n);
                assertTrue(b.isNull[2], what);
                for (int i = 0; i < n; i++) {
                  Object m = byRow.next();
                  assertEquals(strings(ROWS.get(at + i), keys), m == null ? null : strings((Map<?, ?>) m), what + " row " + (at + i));
                  assertEquals(strings(ROWS.get(at + i), keys), strings(b, 3 + i), what + " batch row " + (at + i));
                  for (int j = 0; j < b.arrays.length; j++) {
                    // Of keyed blocks every value comes in array form, of other blocks as an object.
                    assertEquals(b.has[j][3 + i] && f[2] == Boolean.TRUE, b.inArrays[j][3 + i], what + " batch row " + (at + i) + " key " + b.keys[j]);
                  }
                }
              }
              rows = byRow.bytesRead();
              batch = byBatch.bytesRead();
              if (gap == 0) {
                // Every row read: the same streams (with gaps the batch may read a stream for
                // presence where the rows read lack the key, which the row path learns from their ids).
                assertEquals(rows.byKey(), batch.byKey(), what);
              }
            }
          }
        }
        }
      }
    }
  }

  /** What the row should hold with keys selected: its entries of those keys as strings, or null. */
  private static Map<String, String> strings(Map<Utf8, Utf8> row, Set<String> keys) {
    if (row == null) return null;
    Map<String, String> want = new TreeMap<>();
    row.forEach((k, v) -> {
      if (keys.contains(k.toString())) want.put(k.toString(), v == null ? null : v.toString());
    });
    return want;
  }

  private static Map<String, String> strings(SelectedKeysBatch b, int r) {
    if (b.isNull[r]) return null;
    Map<String, String> out = new TreeMap<>();
    for (int j = 0; j < b.keys.length; j++) {
      if (!b.has[j][r]) continue;
      if (b.arrays.length != 0 && b.inArrays[j][r]) {
        VectorTarget t = b.arrays[j];
        out.put(b.keys[j].toString(), t.isNull[r] ? null : new String(t.buffers[r], t.starts[r], t.lengths[r], java.nio.charset.StandardCharsets.UTF_8));
      } else {
        out.put(b.keys[j].toString(), b.values[j][r] == null ? null : b.values[j][r].toString());
      }
    }
    return out;
  }
}
