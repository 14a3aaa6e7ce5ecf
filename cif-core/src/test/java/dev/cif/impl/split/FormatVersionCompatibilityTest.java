package dev.cif.impl.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.CifFormatException;
import dev.cif.impl.io.FormatVersion;
import dev.cif.impl.record.SplitRecordReader;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.testing.RandomData;
import java.io.File;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
 * packs the first two, so these files are what its readers must still read as bytes. The fixture
 * compat/v4-packed was written by the version-4 writer (commit a3acad9, blocks of 1 KiB, so every
 * column but the boolean has several blocks; its 3000 bits fit one block of three runs): 3000 rows
 * of PACKED int, long, nullable long, boolean, date and decimal(12,2) from {@link #versionFourPacked},
 * whose runs of 1 to 7 equal values are what version 5's repeat runs store; version 5 must still
 * read these frame-of-reference runs. The fixture compat/v5-dcsl was written by the version-5 writer
 * (commit f7706d1, blocks of 1 KiB): 2000 rows of DCSL maps from {@link #versionFiveMaps}, string
 * values repeating (mode 2) and not (mode 0 after unique dates; inline keys in rows 1200-1499), a
 * nullable map of nullable strings and a map of ints; version 6 writes such maps as keyed blocks
 * (mode 3) and must still read these.
 */
class FormatVersionCompatibilityTest {
  @Test
  void versionOneFilesReadBack() throws Exception {
    File fixture = new File(getClass().getResource("/compat/v1-dcsl").toURI());
    byte[] head = Files.readAllBytes(new File(fixture, "v1-00000/0002-m.cif").toPath());
    assertEquals(1, head[4], "the fixture is a version-1 file");
    assertTrue(FormatVersion.CURRENT.id > 1);
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

  /**
   * A file of a newer format version than this reader knows is refused with an error naming the version, the
   * versions this reader reads and the file, never read as if it were an older one (docs/compatibility.md):
   * the golden dataset of the current version with one column file's version byte raised by one.
   */
  @Test
  void aNewerVersionIsRefusedNamingTheFile(@TempDir java.nio.file.Path tmp) throws Exception {
    File golden = new File(getClass().getResource("/golden/v" + FormatVersion.CURRENT.id).toURI());
    java.nio.file.Path copy = tmp.resolve("dataset");
    try (Stream<java.nio.file.Path> files = Files.walk(golden.toPath())) {
      for (java.nio.file.Path f : files.toList()) {
        Files.copy(f, copy.resolve(golden.toPath().relativize(f).toString()));
      }
    }
    java.nio.file.Path column = copy.resolve("v" + FormatVersion.CURRENT.id + "-00000/0000-id.cif");
    byte[] bytes = Files.readAllBytes(column);
    assertEquals(FormatVersion.CURRENT.id, bytes[4]);
    bytes[4] = (byte) (FormatVersion.CURRENT.id + 1);
    Files.write(column, bytes);
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    CifFormatException e = assertThrows(CifFormatException.class, () -> {
      SplitDirectory sd = SplitDirectory.open(fs, DatasetListing.splitDirectories(fs, new Path(copy.toUri())).get(0));
      try (SplitRecordReader r = new SplitRecordReader(fs, List.of(sd.path()), Projection.of(sd.schema(), ""), RecordType.EAGER, 1 << 26)) {
        while (r.next()) r.current();
      }
    });
    assertTrue(e.getMessage().startsWith("unsupported format version " + (FormatVersion.CURRENT.id + 1)
        + " (this reader reads 1 to " + FormatVersion.CURRENT.id + ")"), e.getMessage());
    assertTrue(e.getMessage().contains("0000-id.cif"), e.getMessage());
  }

  /** The split-directory of fixture name (compat/NAME/vV-00000), after checking every file in it says version v. */
  private static SplitDirectory fixture(String name, int version) throws Exception {
    File fixture = new File(FormatVersionCompatibilityTest.class.getResource("/compat/" + name).toURI());
    for (File f : new File(fixture, "v" + version + "-00000").listFiles()) {
      assertEquals(version, Files.readAllBytes(f.toPath())[4], f + " is a version-" + version + " file");
    }
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    return SplitDirectory.open(fs, DatasetListing.splitDirectories(fs, new Path(fixture.toURI())).get(0));
  }

  /**
   * Reads every row, then every third row (skips through skip lists or runs and across blocks), with
   * both record types, checking each row read; the split-directory must hold the given rows.
   */
  private static void readRows(SplitDirectory sd, int rows, java.util.function.ObjIntConsumer<GenericRecord> check) throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    for (RecordType type : RecordType.values()) {
      for (int step : new int[] {1, 3}) {
        try (SplitRecordReader r = new SplitRecordReader(fs, List.of(sd.path()), Projection.of(sd.schema(), ""), type, 1 << 26)) {
          int i = 0;
          while (r.next()) {
            if (i % step == 0) check.accept(r.current(), i);
            i++;
          }
          assertEquals(rows, i, type + " every " + step);
        }
      }
    }
  }

  @Test
  void versionTwoFilesReadBack() throws Exception {
    readRows(fixture("v2-types", 2), 500, (g, i) -> checkVersionTwoRow(i, g));
  }

  @Test
  void versionThreeDecimalsReadBack() throws Exception {
    SplitDirectory sd = fixture("v3-decimals", 3);
    readRows(sd, 600, (g, i) -> {
      assertEquals(i, g.get("id"));
      for (String c : new String[] {"price", "disc", "wide", "tax"}) assertEquals(versionThreeDecimal(c, i), g.get(c), c + " row " + i);
    });
    // Batch reads of the bytes layouts give the same unscaled bytes.
    for (String c : new String[] {"price", "disc", "tax"}) {
      try (dev.cif.impl.column.ColumnFileReader r = sd.openColumn(c, 1 << 26)) {
        assertEquals(dev.cif.VectorTarget.Kind.BINARY, r.vectorKind(), c);
        dev.cif.VectorTarget t = dev.cif.VectorTarget.allocate(dev.cif.VectorTarget.Kind.BINARY, 600);
        r.readBatch(t, 0, 600);
        for (int i = 0; i < 600; i++) {
          Object want = versionThreeDecimal(c, i);
          assertEquals(want, t.isNull[i] ? null : java.nio.ByteBuffer.wrap(t.buffers[i], t.starts[i], t.lengths[i]), c + " batch row " + i);
        }
      }
    }
  }

  @Test
  void versionFourPackedReadBack() throws Exception {
    SplitDirectory sd = fixture("v4-packed", 4);
    String[] columns = {"id", "qty", "key", "nkey", "flag", "day", "price"};
    readRows(sd, 3000, (g, i) -> {
      for (String c : columns) {
        Object want = versionFourPacked(c, i);
        if (c.equals("price")) want = java.nio.ByteBuffer.wrap(java.math.BigInteger.valueOf((Long) want).toByteArray());
        assertEquals(want, g.get(c), c + " row " + i);
      }
    });
    // Batches of uneven sizes, so that batches start and end inside runs and blocks.
    for (String c : columns) {
      try (dev.cif.impl.column.ColumnFileReader r = sd.openColumn(c, 1 << 26)) {
        assertTrue(c.equals("flag") || r.blockCount() > 1, c + " has " + r.blockCount() + " blocks");
        dev.cif.VectorTarget t = dev.cif.VectorTarget.allocate(dev.cif.VectorTarget.Kind.LONG, 3000);
        for (int row = 0, n = 1; row < 3000; row += n, n = n * 3 % 1019 + 1) r.readBatch(t, row, Math.min(n, 3000 - row));
        for (int i = 0; i < 3000; i++) {
          Object want = versionFourPacked(c, i);
          if (want instanceof Boolean) want = (Boolean) want ? 1L : 0L;
          if (want instanceof Integer) want = (long) (Integer) want;
          assertEquals(want, t.isNull[i] ? null : t.longs[i], c + " batch row " + i);
        }
      }
    }
  }

  /**
   * The golden dataset of version 6, frozen when version 7 packed doubles: its rows are GoldenFileTest's but for the
   * column added since (ratio), its doubles PLAIN; read row by row, with skips and (the double) in batches.
   */
  @Test
  void versionSixGoldenReadsBack() throws Exception {
    SplitDirectory sd = fixture("v6-golden", 6);
    List<org.apache.avro.generic.GenericData.Record> want = dev.cif.spec.GoldenFileTest.rows(new org.apache.avro.Schema.Parser().parse(dev.cif.spec.GoldenFileTest.SCHEMA));
    org.apache.avro.Schema schema = sd.schema();
    assertTrue(schema.getField("ratio") == null && schema.getField("score") != null);
    readRows(sd, want.size(), (g, i) -> {
      for (org.apache.avro.Schema.Field f : schema.getFields()) {
        assertEquals(RandomData.normalize(want.get(i).get(f.name())), RandomData.normalize(g.get(f.name())), f.name() + " row " + i);
      }
    });
    try (dev.cif.impl.column.ColumnFileReader r = sd.openColumn("score", 1 << 26)) {
      assertEquals("PLAIN", r.spec().layout.name());
      dev.cif.VectorTarget t = dev.cif.VectorTarget.allocate(dev.cif.VectorTarget.Kind.DOUBLE, want.size());
      r.readBatch(t, 0, want.size());
      for (int i = 0; i < want.size(); i++) assertEquals(want.get(i).get("score"), t.doubles[i], "score batch row " + i);
    }
  }

  @Test
  void versionFiveMapsReadBack() throws Exception {
    SplitDirectory sd = fixture("v5-dcsl", 5);
    readRows(sd, 2000, (g, i) -> {
      for (String c : new String[] {"id", "m", "nm", "im"}) {
        assertEquals(RandomData.normalize(versionFiveMaps(c, i)), RandomData.normalize(g.get(c)), c + " row " + i);
      }
      if (i < 1200 || i >= 1500) {
        assertEquals("type/" + (i * 7 % 5), ((Map<?, ?>) g.get("m")).get("content-type").toString(), "row " + i);
      }
    });
  }

  /** What the version-5 fixture's generator wrote into column c of row i. */
  static Object versionFiveMaps(String c, int i) {
    switch (c) {
      case "id": return i;
      case "m": {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        if (i >= 1200 && i < 1500) {
          for (int k = 0; k < 3; k++) m.put("u" + i + "." + k, "w" + i + "." + k);
          return m;
        }
        m.put("content-type", "type/" + (i * 7 % 5));
        if (i % 3 != 0) m.put("server", "srv" + (i % 4));
        m.put("date", (i >= 600 && i < 900) ? "day " + (i % 2) : "t" + i * 31L);
        if (i % 5 == 1) m.put("etag", "e" + Integer.toHexString(i * 2654435761L > 0 ? i * 977 : i));
        return m;
      }
      case "nm": {
        if (i % 11 == 4) return null;
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (int k = 0; k < i % 4; k++) m.put("k" + k, (i + k) % 6 == 0 ? null : "v" + ((i + k) % 9));
        return m;
      }
      default: {
        Map<String, Integer> m = new java.util.LinkedHashMap<>();
        for (int k = 0; k < 1 + i % 3; k++) m.put("n" + k, i * (k + 1) - 700);
        return m;
      }
    }
  }

  /**
   * What the version-4 fixture's generator wrote into column c of row i (price: the unscaled long at
   * scale 2). Rows come in runs of 1, 2, ..., 7 equal values (group), in six stretches of 500 rows:
   * 15-bit hashes, a constant, values that never repeat, the type's extremes, small values, and
   * alternating values.
   */
  static Object versionFourPacked(String c, int i) {
    switch (c) {
      case "id": return i;
      case "qty": return (int) versionFourBase(i, Integer.MIN_VALUE, Integer.MAX_VALUE);
      case "key": return versionFourBase(i, Long.MIN_VALUE, Long.MAX_VALUE);
      case "nkey": return i % 13 == 5 || versionFourGroup(i) % 11 == 3 || (i >= 1100 && i < 1300) ? null : versionFourBase(i, Long.MIN_VALUE, Long.MAX_VALUE);
      case "flag": return (versionFourBase(i, 0, 1) & 1) == 1;
      case "day": return i / 500 == 3 ? (int) versionFourBase(i, Integer.MIN_VALUE, Integer.MAX_VALUE) : 8035 + (int) versionFourBase(i, 0, 0);
      default: return versionFourBase(i, -999_999_999_999L, 999_999_999_999L);
    }
  }

  /** Row i's run: every 28 rows hold runs of 1, 2, ..., 7 rows. */
  private static int versionFourGroup(int i) {
    int p = i % 28;
    return (i / 28) * 7 + (int) ((Math.sqrt(8.0 * p + 1) - 1) / 2);
  }

  private static long versionFourBase(int i, long lo, long hi) {
    int g = versionFourGroup(i);
    switch (i / 500) {
      case 0: return ((g * 2654435761L) >>> 9) & 0x7FFF;
      case 1: return 42;
      case 2: return (i * 7919L) % 100_000;
      case 3: return g % 2 == 0 ? lo : hi;
      case 4: return g % 5 - 2;
      default: return i % 2;
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
