package dev.cif.impl.layout.packed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.VectorTarget;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.testing.TestFs;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.hadoop.fs.Path;

/** Reads a PACKED column file back the three ways a reader may: row by row, at random skips, and in batches of uneven sizes. */
final class PackedReadBack {
  /** How a test compares a value written with one read. */
  interface Same {
    void check(Object want, Object got, String what);
  }

  private PackedReadBack() {}

  /**
   * @param minBlocks the blocks the file must have, so that reads cross blocks
   * @param inBatch a value written as a batch holds it (a boolean as 0 or 1, ...)
   */
  static void check(TestFs t, Path p, List<Object> values, Random rnd, String what, int minBlocks, VectorTarget.Kind kind,
      Function<Object, Object> inBatch, Same same) throws Exception {
    int n = values.size();
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      assertTrue(r.blockCount() >= minBlocks, what + ": " + r.blockCount() + " blocks");
      assertEquals(0, r.spec().skipLevels.length);
      for (int i = 0; i < n; i++) same.check(values.get(i), r.next(), what + " row " + i);
    }
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      for (long row = rnd.nextInt(5); row < n; row += 1 + rnd.nextInt(rnd.nextBoolean() ? 7 : 2000)) {
        r.skipTo(row);
        same.check(values.get((int) row), r.next(), what + " skip to " + row);
      }
    }
    try (ColumnFileReader r = ColumnFileReader.open(t.fs, p, -1, 1 << 20)) {
      assertEquals(kind, r.vectorKind());
      VectorTarget v = VectorTarget.allocate(kind, n);
      for (int row = 0; row < n; ) {
        int k = Math.min(n - row, 1 + rnd.nextInt(3000));
        r.skipTo(row);
        r.readBatch(v, row, k);
        row += k;
      }
      for (int i = 0; i < n; i++) {
        Object got = v.isNull[i] ? null : kind == VectorTarget.Kind.LONG ? (Object) v.longs[i] : (Object) v.doubles[i];
        same.check(inBatch.apply(values.get(i)), got, what + " batch row " + i);
      }
      assertEquals(!values.contains(null), v.noNulls, what);
    }
  }
}
