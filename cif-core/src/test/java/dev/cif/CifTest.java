package dev.cif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.testing.TestFs;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** The front door: what a connector or a command does through {@link Cif} alone. */
class CifTest {
  private static final Schema SCHEMA = SchemaBuilder.record("Page").fields()
      .requiredLong("id").requiredString("url").endRecord();

  private static Path write(TestFs t, int rows, WriteOptions options) throws Exception {
    Path dataset = t.path("pages");
    try (CifWriter w = Cif.createWriter(t.fs, dataset, SCHEMA, options)) {
      for (int i = 0; i < rows; i++) {
        GenericData.Record r = new GenericData.Record(SCHEMA);
        r.put("id", (long) i);
        r.put("url", "http://example.org/" + i);
        w.write(r);
      }
      assertEquals(rows, w.rows());
    }
    return dataset;
  }

  @Test
  void writesAndReadsADatasetThroughTheFrontDoor() throws Exception {
    TestFs t = new TestFs();
    // Small split-directories, so that the dataset has several.
    Path dataset = write(t, 3000, Cif.writeOptions(t.conf).splitDirectoryBytes(8 << 10).blockBytes(1 << 10));
    CifReader reader = Cif.createReader(t.fs, dataset, Cif.readOptions(t.conf).columns("url"));
    assertTrue(reader.splitDirectories().size() > 1, reader.splitDirectories().toString());
    assertEquals(Cif.splitDirectories(t.fs, dataset), reader.splitDirectories());
    assertEquals(SCHEMA, reader.schema());
    long n = 0;
    try (RowReader rows = reader.rows()) {
      while (rows.next()) assertEquals(new Utf8("http://example.org/" + n++), rows.current().get("url"));
      assertTrue(rows.bytesRead().containsKey("url"));
    }
    assertEquals(3000, n);
    assertEquals(3000, reader.verify());
  }

  @Test
  void describesEveryFileAndTheWriterThatMadeIt() throws Exception {
    TestFs t = new TestFs();
    Path dataset = write(t, 100, new WriteOptions().layout("url", ColumnLayout.DICT).codec("*", BlockCodec.ZSTD));
    CifReader reader = Cif.createReader(t.fs, dataset, new ReadOptions());
    assertEquals(WriterVersion.CURRENT, reader.writtenBy().writerVersion());
    List<CifReader.SplitDirectoryMeta> dirs = reader.describe();
    assertEquals(1, dirs.size());
    CifReader.SplitDirectoryMeta d = dirs.get(0);
    assertEquals(100, d.rows());
    assertEquals(reader.writtenBy(), d.writtenBy());
    List<String> columns = new ArrayList<>();
    for (CifReader.ColumnMeta c : d.columns()) {
      columns.add(c.name() + ":" + c.layout() + ":" + c.codec());
      assertEquals(d.writtenBy(), c.writtenBy());
      assertEquals(t.fs.getFileStatus(new Path(d.path(), c.name().equals("id") ? "0000-id.cif" : "0001-url.cif")).getLen(), c.bytes());
    }
    assertEquals(List.of("id:PACKED:ZSTD", "url:DICT:ZSTD"), columns);
  }

  @Test
  void anEmptyPathHasNoSchemaAndNoWriter() throws Exception {
    TestFs t = new TestFs();
    t.fs.mkdirs(t.path("empty"));
    CifReader reader = Cif.createReader(t.fs, t.path("empty"), new ReadOptions());
    assertEquals(List.of(), reader.splitDirectories());
    assertNull(reader.schema());
    assertNull(reader.writtenBy());
  }

  @Test
  void writesAndReadsOneColumnFile() throws Exception {
    TestFs t = new TestFs();
    Path file = t.path("c.cif");
    WriteOptions options = new WriteOptions().layout("c", ColumnLayout.PACKED).codec("c", BlockCodec.NONE).blockBytes(1 << 10);
    try (FSDataOutputStream out = t.fs.create(file);
        ColumnWriter w = Cif.createColumnWriter(out, new Schema.Field("c", Schema.create(Schema.Type.LONG)), options)) {
      for (long i = 0; i < 5000; i++) w.write(i * 3);
      assertEquals(5000, w.rows());
    }
    try (ColumnReader r = Cif.openColumn(t.fs, file, 1 << 20)) {
      assertEquals("c", r.name());
      assertEquals(ColumnLayout.PACKED, r.layout());
      assertEquals(5000, r.rowCount());
      assertTrue(r.blockCount() > 1);
      assertEquals(VectorTarget.Kind.LONG, r.vectorKind());
      r.skipTo(4000);
      VectorTarget batch = VectorTarget.allocate(VectorTarget.Kind.LONG, 10);
      r.readBatch(batch, 0, 10);
      for (int i = 0; i < 10; i++) assertEquals((4000L + i) * 3, batch.longs[i]);
      assertEquals(4010L * 3, r.next());
    }
  }

  @Test
  void addsAColumnWithItsDefault() throws Exception {
    TestFs t = new TestFs();
    Path dataset = write(t, 50, new WriteOptions());
    Schema.Field lang = new Schema.Field("lang", Schema.create(Schema.Type.STRING), null, "en");
    assertEquals(1, Cif.addColumn(t.fs, dataset, lang, null, new WriteOptions()));
    try (RowReader rows = Cif.createReader(t.fs, dataset, new ReadOptions().columns("lang")).rows()) {
      assertTrue(rows.next());
      assertEquals(new Utf8("en"), rows.current().get("lang"));
    }
  }
}
