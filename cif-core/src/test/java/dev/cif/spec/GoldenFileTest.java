package dev.cif.spec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.WriteOptions;
import dev.cif.impl.io.FormatVersion;
import dev.cif.impl.split.DatasetWriter;
import java.io.File;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Freezes the bytes of the current format version: a small dataset written with fixed settings must
 * equal, file by file and byte by byte, the one committed under golden/v{VERSION}. A refactoring that
 * changes one written byte fails here; a deliberate format change bumps the version and adds a new
 * golden directory (the old one then becomes a compatibility fixture). Run with
 * -Dcif.golden.regenerate=DIR to write the dataset into DIR instead of comparing.
 *
 * Every header ends with the writer version (docs/FORMAT.md §3.1), the project version included: a
 * release that changes the project version regenerates golden/v7. The golden files of version 6 are
 * frozen as compat/v6-golden, and GoldenWriterVersionTest proves that they differ from
 * compat/v6-before-writer-version by that key alone.
 *
 * The columns cover every layout (PLAIN, SKIP_LIST, DCSL in keyed, dictionary, value-dictionary and
 * inline blocks, DICT in dictionary and inline blocks, PACKED with frame-of-reference and repeats
 * runs, decimals, and doubles as decimals of a scale and as raw bits) and the pure-Java codecs whose output is fixed by their version (LZ4, ZSTD).
 */
public class GoldenFileTest {
  public static final String SCHEMA = "{\"type\":\"record\",\"name\":\"Golden\",\"fields\":["
      + "{\"name\":\"id\",\"type\":\"int\"},"
      + "{\"name\":\"city\",\"type\":\"string\"},"
      + "{\"name\":\"url\",\"type\":\"string\"},"
      + "{\"name\":\"price\",\"type\":{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":12,\"scale\":2}},"
      + "{\"name\":\"flag\",\"type\":\"boolean\"},"
      + "{\"name\":\"qty\",\"type\":[\"null\",\"long\"]},"
      + "{\"name\":\"score\",\"type\":\"double\"},"
      + "{\"name\":\"ratio\",\"type\":[\"null\",\"double\"]},"
      + "{\"name\":\"tags\",\"type\":{\"type\":\"array\",\"items\":\"string\"}},"
      + "{\"name\":\"headers\",\"type\":{\"type\":\"map\",\"values\":\"string\"}},"
      + "{\"name\":\"attrs\",\"type\":[\"null\",{\"type\":\"map\",\"values\":\"int\"}]}]}";
  static final int ROWS = 600;

  static WriteOptions options() {
    // Uncompressed but for two columns, as the golden files were written before LZ4 became the default.
    return new WriteOptions().codec("*", BlockCodec.NONE).blockBytes(1 << 10).skipLevels(100, 10)
        .layout("url", ColumnLayout.SKIP_LIST).codec("city", BlockCodec.LZ4).codec("tags", BlockCodec.ZSTD);
  }

  /** The golden rows, of every field of SCHEMA (the golden datasets of older versions hold some of them). */
  public static List<GenericData.Record> rows(Schema schema) {
    List<GenericData.Record> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("id", i);
      // Few distinct values first (dictionary blocks), then unique ones (inline blocks).
      r.put("city", i < 400 ? "city-" + (i % 5) : "unique-city-" + i);
      r.put("url", "http://example.org/page/" + i);
      r.put("price", ByteBuffer.wrap(BigDecimal.valueOf(i * 37L % 1000, 2).unscaledValue().toByteArray()));
      r.put("flag", i % 3 == 0);
      r.put("qty", i % 11 == 10 ? null : (long) (i / 4)); // runs of equal values: repeats
      r.put("score", i / 8.0); // decimals of up to 3 places: PACKED blocks of scale 1 to 3
      r.put("ratio", i % 13 == 12 ? null : i / 7.0); // mostly no decimal: raw blocks
      r.put("tags", Arrays.asList("t" + (i % 4), "tag-" + i));
      Map<String, String> h = new LinkedHashMap<>();
      h.put("content-type", i % 2 == 0 ? "text/html" : "image/png");
      h.put("server", "srv-" + (i % 3));
      // Unique values from row 200 on (a value dictionary stops paying), unique keys from 400 (inline keys).
      if (i >= 200) h.put("date", "2024-01-" + i);
      if (i >= 400) h.put("x-" + i, "v");
      r.put("headers", h);
      if (i % 7 == 6) {
        r.put("attrs", null);
      } else {
        Map<String, Integer> a = new LinkedHashMap<>();
        for (int k = 0; k < i % 4; k++) a.put("k" + k, i * k);
        r.put("attrs", a);
      }
      rows.add(r);
    }
    return rows;
  }

  static File write(File dir) throws Exception {
    return write(dir, rows(new Schema.Parser().parse(SCHEMA)));
  }

  private static File write(File dir, List<GenericData.Record> rows) throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    try (DatasetWriter w = new DatasetWriter(fs, new Path(dir.toURI()), "v" + FormatVersion.CURRENT.id, rows.get(0).getSchema(), options())) {
      for (GenericData.Record r : rows) w.write(r);
    }
    return new File(dir, "v" + FormatVersion.CURRENT.id + "-00000");
  }

  /**
   * Every string of the rows, map keys included, as an Avro Utf8 (what Hive's and Pig's writers hand in),
   * each backed by an array longer than its bytes, as a reused Utf8's is.
   */
  private static Object asUtf8(Object v) {
    if (v instanceof String) {
      Utf8 u = new Utf8("-".repeat(80));
      u.set(new Utf8((String) v));
      return u;
    }
    if (v instanceof List) {
      List<Object> l = new ArrayList<>();
      for (Object o : (List<?>) v) l.add(asUtf8(o));
      return l;
    }
    if (v instanceof Map) {
      Map<Object, Object> m = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) m.put(asUtf8(e.getKey()), asUtf8(e.getValue()));
      return m;
    }
    return v;
  }

  @Test
  void currentVersionWritesTheGoldenBytes() throws Exception {
    String regenerate = System.getProperty("cif.golden.regenerate");
    if (regenerate != null) {
      write(new File(regenerate, "v" + FormatVersion.CURRENT.id));
      return;
    }
    assertGolden(write(dev.cif.testing.TempDirs.create("cif-golden").toFile()));
  }

  /** The writers take a Utf8 wherever they take a String, and write the same bytes for it. */
  @Test
  void stringsHandedInAsUtf8WriteTheGoldenBytes() throws Exception {
    List<GenericData.Record> rows = new ArrayList<>();
    for (GenericData.Record r : rows(new Schema.Parser().parse(SCHEMA))) {
      GenericData.Record u = new GenericData.Record(r.getSchema());
      for (Schema.Field f : r.getSchema().getFields()) u.put(f.pos(), asUtf8(r.get(f.pos())));
      rows.add(u);
    }
    assertGolden(write(dev.cif.testing.TempDirs.create("cif-golden-utf8").toFile(), rows));
  }

  private void assertGolden(File written) throws Exception {
    File golden = new File(getClass().getResource("/golden/v" + FormatVersion.CURRENT.id + "/v" + FormatVersion.CURRENT.id + "-00000").toURI());
    String[] names = golden.list();
    Arrays.sort(names);
    String[] writtenNames = written.list((d, n) -> !n.startsWith("."));
    Arrays.sort(writtenNames);
    assertEquals(Arrays.asList(names), Arrays.asList(writtenNames), "files of the split-directory");
    for (String n : names) {
      assertArrayEquals(Files.readAllBytes(new File(golden, n).toPath()), Files.readAllBytes(new File(written, n).toPath()),
          n + " differs from the golden file of format version " + FormatVersion.CURRENT.id);
    }
    assertEquals(11, new String(Files.readAllBytes(new File(golden, "schema-0000.cif").toPath()), StandardCharsets.ISO_8859_1)
        .split("\\.cif", -1).length - 1, "one file name per column in the schema file");
  }
}
