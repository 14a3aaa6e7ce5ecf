package dev.cif.impl.layout.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.testing.TestFs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** Skips that cross every skip level and every block boundary land on the right value. */
class SkipListTest {
  private static final int ROWS = 25_000;
  private static final Schema STRING = Schema.create(Schema.Type.STRING);
  private static final Schema MAP = Schema.createMap(Schema.create(Schema.Type.INT));

  private static Object value(Schema s, int i) {
    if (s == STRING) return new Utf8("v" + i + "-" + "x".repeat(i % 37));
    java.util.Map<Utf8, Integer> m = new java.util.HashMap<>();
    for (int k = 0; k < i % 5; k++) m.put(new Utf8("k" + k), i * 10 + k);
    return m;
  }

  private Path write(TestFs t, String name, Schema s, ColumnLayout layout, BlockCodec codec, long blockBytes) throws IOException {
    Path p = t.path(name);
    ColumnSpec spec = new ColumnSpec("c", s, layout, codec, new int[] {1000, 100, 10});
    try (FSDataOutputStream out = t.fs.create(p); ColumnFileWriter w = new ColumnFileWriter(out, spec, blockBytes, 1 << 26)) {
      for (int i = 0; i < ROWS; i++) w.write(value(s, i));
    }
    return p;
  }

  @Test
  void skipsLandOnTheRightValue() throws IOException {
    TestFs t = new TestFs();
    int[] steps = {1, 2, 9, 10, 11, 99, 100, 101, 999, 1000, 1001, 1999, 2500, 9999};
    int file = 0;
    for (Schema s : new Schema[] {STRING, MAP}) {
      for (ColumnLayout layout : ColumnLayout.values()) {
        if (!layout.fits(s)) continue;
        for (long blockBytes : new long[] {700, 40_000, 1 << 25}) {
          Path p = write(t, "f" + file++, s, layout, blockBytes == 700 ? BlockCodec.NONE : BlockCodec.SNAPPY, blockBytes);
          for (int step : steps) {
            try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 26)) {
              if (blockBytes == 700) assertTrue(r.blockCount() > 100, "many blocks: " + r.blockCount());
              for (long row = step - 1; row < ROWS; row += step) {
                r.skipTo(row);
                assertEquals(dev.cif.testing.RandomData.normalize(value(s, (int) row)),
                    dev.cif.testing.RandomData.normalize(r.next()), layout + " step " + step + " row " + row);
              }
            }
          }
        }
      }
    }
  }

  @Test
  void randomSkipAndReadPatterns() throws IOException {
    TestFs t = new TestFs();
    Path p = write(t, "rand", STRING, ColumnLayout.SKIP_LIST, BlockCodec.ZSTD, 3000);
    Random rnd = new Random(3);
    for (int trial = 0; trial < 30; trial++) {
      List<Long> rows = new ArrayList<>();
      try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 26)) {
        long row = 0;
        while (true) {
          row += rnd.nextInt(4) == 0 ? rnd.nextInt(3000) : rnd.nextInt(3);
          if (row >= ROWS) break;
          r.skipTo(row);
          assertEquals(value(STRING, (int) row).toString(), r.next().toString());
          rows.add(row++);
        }
      }
      assertTrue(rows.size() > 5);
    }
  }
}
