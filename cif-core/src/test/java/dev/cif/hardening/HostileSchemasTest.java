package dev.cif.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.WriteOptions;
import dev.cif.CifFormatException;
import dev.cif.impl.record.SplitRecordReader;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.DatasetWriter;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.schema.CifSchemas;
import dev.cif.testing.FaultyFileSystem;
import dev.cif.testing.TestFs;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.NameValidator;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Schemas and names that push the limits. Each works, or is refused with a clear error when the
 * writer is created; none fails later, on read, or with a StackOverflowError.
 */
class HostileSchemasTest {
  private final TestFs t = new TestFs();
  /** For 10,000 column files: the checksummed local file system forks chmod for each. */
  private final org.apache.hadoop.fs.FileSystem fast;

  HostileSchemasTest() throws IOException {
    fast = FaultyFileSystem.path(java.nio.file.Path.of(t.root.toUri())).getFileSystem(FaultyFileSystem.conf());
  }

  private static Schema oneColumn(String name, String type) {
    // Avro's own parser refuses some names; a Schema built without validation can still hold them.
    return new Schema.Parser(NameValidator.NO_VALIDATION).parse(
        "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"" + name + "\",\"type\":" + type + "}]}");
  }

  private List<GenericRecord> roundTrip(Path dataset, Schema schema, List<GenericData.Record> rows) throws IOException {
    return roundTrip(t.fs, dataset, schema, rows);
  }

  private static List<GenericRecord> roundTrip(org.apache.hadoop.fs.FileSystem fs, Path dataset, Schema schema,
      List<GenericData.Record> rows) throws IOException {
    try (DatasetWriter w = new DatasetWriter(fs, dataset, "p", schema, new WriteOptions())) {
      for (GenericData.Record r : rows) w.write(r);
    }
    List<GenericRecord> out = new ArrayList<>();
    try (SplitRecordReader r = new SplitRecordReader(fs, DatasetListing.splitDirectories(fs, dataset),
        Projection.of(schema, ""), RecordType.EAGER, 1 << 20)) {
      while (r.next()) out.add(copy(r.current(), schema));
    }
    return out;
  }

  private static GenericData.Record copy(GenericRecord r, Schema schema) {
    GenericData.Record c = new GenericData.Record(schema);
    for (int i = 0; i < schema.getFields().size(); i++) c.put(i, r.get(i));
    return c;
  }

  /** Names a reader's Avro parser would refuse are refused when the writer is created. */
  @Test
  void namesAvroCannotParseAreRefusedAtWriteTime() {
    for (String name : new String[] {"a/b", "a b", "a.b", "1st", "a-b"}) {
      Schema s = oneColumn(name, "\"int\"");
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new DatasetWriter(t.fs, t.path("bad"), "p", s, new WriteOptions()), name);
      assertTrue(e.getMessage().contains("could not be read back") && e.getMessage().contains(name), e.getMessage());
    }
  }

  /** Non-ASCII letters and very long names are Avro names: they work; the file name keeps 40 safe characters. */
  @Test
  void nonAsciiAndThousandCharacterNamesWork() throws IOException {
    for (String name : new String[] {"名前", "ünïcödé_x", "x".repeat(1000)}) {
      Schema s = oneColumn(name, "\"string\"");
      GenericData.Record r = new GenericData.Record(s);
      r.put(0, "v-" + name.length());
      Path dataset = t.path("names" + name.length());
      List<GenericRecord> back = roundTrip(dataset, s, List.of(r));
      assertEquals("v-" + name.length(), back.get(0).get(name).toString());
      File[] files = new File(DatasetListing.splitDirectories(t.fs, dataset).get(0).toUri()).listFiles((d, n) -> n.startsWith("0000-"));
      assertEquals(1, files.length);
      assertTrue(files[0].getName().matches("0000-[a-z0-9_]{1,40}\\.cif"), files[0].getName());
    }
  }

  @Test
  void tenThousandColumns() throws IOException {
    List<Schema.Field> fields = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) fields.add(new Schema.Field("c" + i, Schema.create(Schema.Type.INT), null, (Object) null));
    Schema s = Schema.createRecord("Wide", null, null, false, fields);
    List<GenericData.Record> rows = new ArrayList<>();
    for (int n = 0; n < 3; n++) {
      GenericData.Record r = new GenericData.Record(s);
      for (int i = 0; i < 10_000; i++) r.put(i, i * 10 + n);
      rows.add(r);
    }
    Path wide = FaultyFileSystem.path(java.nio.file.Path.of(t.path("wide").toUri()));
    List<GenericRecord> back = roundTrip(fast, wide, s, rows);
    assertEquals(3, back.size());
    for (int n = 0; n < 3; n++) for (int i = 0; i < 10_000; i += 997) assertEquals(i * 10 + n, back.get(n).get(i));
  }

  /** Nesting is refused past CifSchemas.MAX_DEPTH with a message, not a StackOverflowError; at the limit it works. */
  @Test
  void deepNestingIsRefusedAtWriteTimeAndWorksAtTheLimit() throws IOException {
    // Built in code: Avro's JSON parser (Jackson) refuses documents nested over 1,000 levels itself.
    Schema deep = Schema.create(Schema.Type.INT);
    for (int i = 0; i < 1000; i++) deep = Schema.createArray(deep);
    Schema wrapped = Schema.createRecord("R", null, null, false, List.of(new Schema.Field("c", deep, null, (Object) null)));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new DatasetWriter(t.fs, t.path("deep"), "p", wrapped, new WriteOptions()));
    assertTrue(e.getMessage().contains("nests deeper than " + CifSchemas.MAX_DEPTH), e.getMessage());

    Schema s = oneColumn("c", nestedArrays(CifSchemas.MAX_DEPTH - 1));
    GenericData.Record r = new GenericData.Record(s);
    Object v = 42;
    for (int i = 0; i < CifSchemas.MAX_DEPTH - 1; i++) v = new ArrayList<>(List.of(v));
    r.put(0, v);
    List<GenericRecord> back = roundTrip(t.path("limit"), s, List.of(r));
    assertEquals(dev.cif.testing.RandomData.normalize(v), dev.cif.testing.RandomData.normalize(back.get(0).get(0)));
  }

  @Test
  void recursiveTypesAreRefusedAtWriteTime() {
    Schema s = oneColumn("c", "{\"type\":\"record\",\"name\":\"Node\",\"fields\":[{\"name\":\"next\",\"type\":[\"null\",\"Node\"]}]}");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new DatasetWriter(t.fs, t.path("rec"), "p", s, new WriteOptions()));
    assertTrue(e.getMessage().contains("recursive"), e.getMessage());
  }

  private static String nestedArrays(int depth) {
    return "{\"type\":\"array\",\"items\":".repeat(depth) + "\"int\"" + "}".repeat(depth);
  }

  /**
   * Split-directories of one dataset may differ: a column added later reads its default where it is
   * missing; a column whose type changed is refused with a CifFormatException naming it.
   */
  @Test
  void aSchemaThatChangesBetweenSplitDirectories() throws IOException {
    Schema v1 = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}");
    Schema v2 = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
        + "{\"name\":\"extra\",\"type\":\"int\",\"default\":7}]}");
    Schema v3 = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"id\",\"type\":\"string\"}]}");
    Path ds = t.path("evolving");
    write(ds, "a", v1, 1L);
    write(ds, "b", v2, 2L, 9);
    write(ds, "c", v3, "three");
    List<Path> dirs = DatasetListing.splitDirectories(t.fs, ds);
    assertEquals(3, dirs.size());
    try (SplitRecordReader r = new SplitRecordReader(t.fs, dirs.subList(0, 2), Projection.of(v2, ""), RecordType.LAZY, 1 << 20)) {
      assertTrue(r.next());
      assertEquals(List.of(1L, 7), List.of(r.current().get("id"), r.current().get("extra")));
      assertTrue(r.next());
      assertEquals(List.of(2L, 9), List.of(r.current().get("id"), r.current().get("extra")));
    }
    try (SplitRecordReader r = new SplitRecordReader(t.fs, dirs, Projection.of(v1, ""), RecordType.EAGER, 1 << 20)) {
      assertTrue(r.next());
      assertTrue(r.next());
      CifFormatException e = assertThrows(CifFormatException.class, r::next);
      assertEquals("id", e.column());
      assertTrue(e.getMessage().contains("differs"), e.getMessage());
    }
  }

  private void write(Path ds, String prefix, Schema s, Object... values) throws IOException {
    GenericData.Record r = new GenericData.Record(s);
    for (int i = 0; i < values.length; i++) r.put(i, values[i]);
    try (DatasetWriter w = new DatasetWriter(t.fs, ds, prefix, s, new WriteOptions())) {
      w.write(r);
    }
  }
}
