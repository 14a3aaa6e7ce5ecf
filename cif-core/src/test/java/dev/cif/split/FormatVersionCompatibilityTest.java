package dev.cif.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.io.FileFraming;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.record.SplitRecordReader;
import dev.cif.testing.RandomData;
import java.io.File;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Files of every older format version stay readable. The fixture compat/v1-dcsl was written by the
 * version-1 writer (commit c166135): 300 rows of id, name and a nullable DCSL map, whose blocks
 * have no mode byte. The fixture compat/v2-types was written by the version-2 writer (commit a40d013,
 * blocks of 1 KiB so every column has several): 500 rows of int, string, nullable low-cardinality
 * string, nullable long, date, boolean (all in their version-2 default layouts, PLAIN or SKIP_LIST)
 * and a nullable DCSL map whose first half repeats its keys (dictionary blocks) and second half does
 * not (inline blocks). The fixture compat/v3-decimals was written by the version-3 writer (commit
 * 6830c91, blocks of 1 KiB): 600 rows of decimals in that version's layouts, SKIP_LIST bytes for
 * decimal(12,2), nullable decimal(4,2) and decimal(38,10), and DICT for decimal(15,2); version 4
 * packs the first two, so these files are what its readers must still read as bytes.
 */
class FormatVersionCompatibilityTest {
  @Test
  void versionOneFilesReadBack() throws Exception {
    File fixture = new File(getClass().getResource("/compat/v1-dcsl").toURI());
    byte[] head = Files.readAllBytes(new File(fixture, "v1-00000/0002-m.cif").toPath());
    assertEquals(1, head[4], "the fixture is a version-1 file");
    assertTrue(FileFraming.VERSION > 1);
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    Path dataset = new Path(fixture.toURI());
    for (RecordType type : RecordType.values()) {
      try (SplitRecordReader r = new SplitRecordReader(fs, DatasetListing.splitDirectories(fs, dataset),
          Projection.of(SplitDirectory.open(fs, DatasetListing.splitDirectories(fs, dataset).get(0)).schema(), ""), type, 1 << 26)) {
        int i = 0;
        while (r.next()) {
          GenericRecord g = r.current();
          assertEquals(i, g.get("id"));
          assertEquals("row-" + i, g.get("name").toString());
          Map<String, String> m = new HashMap<>();
          for (int k = 0; k < i % 4; k++) m.put("k" + k, "v" + i + "." + k);
          assertEquals(RandomData.normalize(i % 7 == 6 ? null : m), RandomData.normalize(g.get("m")), "row " + i);
          if (i % 4 == 3 && i % 7 != 6) assertEquals("v" + i + ".2", ((Map<?, ?>) g.get("m")).get("k2").toString());
          i++;
        }
        assertEquals(300, i);
      }
    }
  }

  @Test
  void versionTwoFilesReadBack() throws Exception {
    File fixture = new File(getClass().getResource("/compat/v2-types").toURI());
    for (File f : new File(fixture, "v2-00000").listFiles()) {
      assertEquals(2, Files.readAllBytes(f.toPath())[4], f + " is a version-2 file");
    }
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    Path dataset = new Path(fixture.toURI());
    Path dir = DatasetListing.splitDirectories(fs, dataset).get(0);
    for (RecordType type : RecordType.values()) {
      // Every row, then every third row (skips through the skip lists and across blocks).
      for (int step : new int[] {1, 3}) {
        try (SplitRecordReader r = new SplitRecordReader(fs, List.of(dir), Projection.of(SplitDirectory.open(fs, dir).schema(), ""), type, 1 << 26)) {
          int i = 0;
          while (r.next()) {
            if (i % step == 0) checkVersionTwoRow(i, r.current());
            i++;
          }
          assertEquals(500, i);
        }
      }
    }
  }

  @Test
  void versionThreeDecimalsReadBack() throws Exception {
    File fixture = new File(getClass().getResource("/compat/v3-decimals").toURI());
    for (File f : new File(fixture, "v3-00000").listFiles()) {
      assertEquals(3, Files.readAllBytes(f.toPath())[4], f + " is a version-3 file");
    }
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    Path dir = DatasetListing.splitDirectories(fs, new Path(fixture.toURI())).get(0);
    SplitDirectory sd = SplitDirectory.open(fs, dir);
    for (RecordType type : RecordType.values()) {
      for (int step : new int[] {1, 3}) {
        try (SplitRecordReader r = new SplitRecordReader(fs, List.of(dir), Projection.of(sd.schema(), ""), type, 1 << 26)) {
          int i = 0;
          while (r.next()) {
            if (i % step == 0) {
              GenericRecord g = r.current();
              assertEquals(i, g.get("id"));
              for (String c : new String[] {"price", "disc", "wide", "tax"}) assertEquals(versionThreeDecimal(c, i), g.get(c), c + " row " + i);
            }
            i++;
          }
          assertEquals(600, i);
        }
      }
    }
    // Batch reads of the bytes layouts give the same unscaled bytes.
    for (String c : new String[] {"price", "disc", "tax"}) {
      try (dev.cif.column.ColumnFileReader r = sd.openColumn(c, 1 << 26)) {
        assertEquals(dev.cif.column.VectorTarget.Kind.BINARY, r.vectorKind(), c);
        dev.cif.column.VectorTarget t = dev.cif.column.VectorTarget.allocate(dev.cif.column.VectorTarget.Kind.BINARY, 600);
        r.readBatch(t, 0, 600);
        for (int i = 0; i < 600; i++) {
          Object want = versionThreeDecimal(c, i);
          assertEquals(want, t.isNull[i] ? null : java.nio.ByteBuffer.wrap(t.buffers[i], t.starts[i], t.lengths[i]), c + " batch row " + i);
        }
      }
    }
  }

  /** The unscaled bytes the version-3 fixture's generator wrote into column c of row i. */
  private static Object versionThreeDecimal(String c, int i) {
    java.math.BigInteger u;
    switch (c) {
      case "price":
        u = java.math.BigInteger.valueOf(i == 1 ? 999_999_999_999L : i == 2 ? -999_999_999_999L : i == 3 ? 0 : (i * 7919L) % 2_000_000 - 1_000_000);
        break;
      case "disc":
        if (i % 7 == 3) return null;
        u = java.math.BigInteger.valueOf(i % 11 - 5);
        break;
      case "wide":
        u = java.math.BigInteger.TEN.pow(27).multiply(java.math.BigInteger.valueOf(i - 300)).add(java.math.BigInteger.valueOf(i));
        break;
      default:
        u = java.math.BigInteger.valueOf((i % 5) * 100 - 200);
    }
    return java.nio.ByteBuffer.wrap(u.toByteArray());
  }

  /** The values the fixture's generator wrote into row i. */
  private static void checkVersionTwoRow(int i, GenericRecord g) {
    assertEquals(i, g.get("id"));
    assertEquals("row-" + i, g.get("name").toString());
    assertEquals(i % 11 == 5 ? null : "city-" + (i % 6), g.get("city") == null ? null : g.get("city").toString(), "row " + i);
    assertEquals(i % 9 == 4 ? null : (long) (i % 50) - 10, g.get("qty"), "row " + i);
    assertEquals(9000 + i / 3, g.get("day"));
    assertEquals(i % 3 == 0, g.get("flag"));
    Map<String, String> m = new HashMap<>();
    for (int k = 0; k < i % 4; k++) m.put(i < 250 ? "k" + k : "u" + i + "." + k, "v" + i + "." + k);
    assertEquals(RandomData.normalize(i % 7 == 6 ? null : m), RandomData.normalize(g.get("m")), "row " + i);
  }
}
