package dev.cif.impl.column;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.testing.RandomData;
import dev.cif.testing.TestFs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;


/**
 * Every layout with every codec: maps of 0, 1, 10 and 10,000 entries, repeated and unique keys and
 * null values round-trip, in order and under random skips.
 */
class LayoutCodecMatrixTest {
  private static final Schema MAP = Schema.createUnion(Schema.create(Schema.Type.NULL),
      Schema.createMap(Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.LONG))));
  private static final int[] SIZES = {0, 1, 10, 10_000, 10, 1, 0, 10};

  private static Map<Utf8, Long> map(int row) {
    int n = SIZES[row % SIZES.length];
    boolean unique = (row / SIZES.length) % 2 == 1;
    Map<Utf8, Long> m = new HashMap<>();
    for (int k = 0; k < n; k++) m.put(new Utf8(unique ? row + "/" + k : "key" + k), k % 5 == 0 ? null : (long) row * k);
    return m;
  }

  @Test
  void everyLayoutAndCodecRoundTripsAndSkips() throws Exception {
    TestFs t = new TestFs();
    int rows = 200;
    List<Object> expected = new ArrayList<>();
    for (int i = 0; i < rows; i++) expected.add(RandomData.normalize(i % 13 == 12 ? null : map(i)));
    for (ColumnLayout layout : ColumnLayout.values()) {
      if (!layout.fits(MAP)) continue;
      for (BlockCodec codec : BlockCodec.values()) {
        Path p = t.path(layout + "-" + codec);
        ColumnSpec spec = new ColumnSpec("m", MAP, layout, codec, new int[] {100, 10});
        try (FSDataOutputStream out = t.fs.create(p); ColumnFileWriter w = new ColumnFileWriter(out, spec, 32 << 10, 1 << 26)) {
          for (int i = 0; i < rows; i++) w.write(i % 13 == 12 ? null : map(i));
        }
        try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 26)) {
          for (int i = 0; i < rows; i++) assertEquals(expected.get(i), RandomData.normalize(r.next()), layout + " " + codec + " row " + i);
        }
        Random rnd = new Random(layout.ordinal() * 31 + codec.ordinal());
        try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 26)) {
          for (long row = rnd.nextInt(7); row < rows; row += 1 + rnd.nextInt(30)) {
            r.skipTo(row);
            assertEquals(expected.get((int) row), RandomData.normalize(r.next()), layout + " " + codec + " skip to " + row);
          }
        }
      }
    }
  }
}
