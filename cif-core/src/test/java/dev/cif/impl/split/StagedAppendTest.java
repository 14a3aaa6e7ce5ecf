package dev.cif.impl.split;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.Cif;
import dev.cif.CifWriter;
import dev.cif.ColumnAppender;
import dev.cif.ColumnLayout;
import dev.cif.WriteOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows appended column by column are held for {@value SplitDirectoryWriter#STAGED_ROWS} rows and encoded a
 * column at a time (ColumnStage). The files must be those the record path writes, byte for byte, in every
 * layout and across blocks, rolls and a row count that is no multiple of the stage; a value refused at the
 * stage's drain must still name its column and row and leave nothing visible.
 */
class StagedAppendTest {
  @TempDir java.nio.file.Path tmp;

  private static final Schema SCHEMA = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"r\",\"fields\":["
      + "{\"name\":\"i\",\"type\":[\"null\",\"int\"]},"
      + "{\"name\":\"l\",\"type\":[\"null\",\"long\"]},"
      + "{\"name\":\"sorted\",\"type\":\"long\"},"
      + "{\"name\":\"d\",\"type\":[\"null\",\"double\"]},"
      + "{\"name\":\"f\",\"type\":[\"null\",\"float\"]},"
      + "{\"name\":\"b\",\"type\":[\"null\",\"boolean\"]},"
      + "{\"name\":\"s\",\"type\":[\"null\",\"string\"]},"
      + "{\"name\":\"raw\",\"type\":[\"null\",\"bytes\"]},"
      + "{\"name\":\"a\",\"type\":[\"null\",{\"type\":\"array\",\"items\":\"int\"}]}]}");

  private final FileSystem fs = rawLocal();

  private static FileSystem rawLocal() {
    try {
      return FileSystem.getLocal(new Configuration()).getRaw();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Rows with nulls among every column's values, runs of equal values, and strings of 0 to 40 bytes. */
  private static List<GenericData.Record> rows(int n, long seed) {
    Random r = new Random(seed);
    List<GenericData.Record> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      GenericData.Record g = new GenericData.Record(SCHEMA);
      boolean nulls = r.nextInt(8) == 0;
      g.put("i", nulls ? null : r.nextInt(1000) - 500);
      g.put("l", r.nextInt(9) == 0 ? null : r.nextLong() >> r.nextInt(64));
      g.put("sorted", (long) (k / 3));
      g.put("d", r.nextInt(7) == 0 ? null : Math.round(r.nextDouble() * 10000) / 100.0);
      g.put("f", r.nextInt(7) == 0 ? null : r.nextFloat());
      g.put("b", r.nextInt(5) == 0 ? null : r.nextBoolean());
      g.put("s", r.nextInt(6) == 0 ? null : new Utf8("v" + Integer.toString(r.nextInt(50)).repeat(r.nextInt(12))));
      byte[] raw = new byte[r.nextInt(20)];
      r.nextBytes(raw);
      g.put("raw", r.nextInt(6) == 0 ? null : ByteBuffer.wrap(raw));
      List<Integer> a = new ArrayList<>();
      for (int j = r.nextInt(4); j > 0; j--) a.add(r.nextInt(100));
      g.put("a", r.nextInt(6) == 0 ? null : a);
      out.add(g);
    }
    return out;
  }

  /** Appends a row as an engine does, every string and bytes value through one reused buffer. */
  private static void append(CifWriter w, GenericData.Record g, byte[] buffer) throws IOException {
    for (int c = 0; c < SCHEMA.getFields().size(); c++) {
      ColumnAppender a = w.column(c);
      Object v = g.get(c);
      if (v == null) {
        a.appendNull();
      } else if (v instanceof Integer) {
        a.appendInt((Integer) v);
      } else if (v instanceof Long) {
        a.appendLong((Long) v);
      } else if (v instanceof Double) {
        a.appendDouble((Double) v);
      } else if (v instanceof Float) {
        a.appendFloat((Float) v);
      } else if (v instanceof Boolean) {
        a.appendBoolean((Boolean) v);
      } else if (v instanceof Utf8 || v instanceof ByteBuffer) {
        byte[] b = v instanceof Utf8 ? ((Utf8) v).getBytes() : ((ByteBuffer) v).array();
        int n = v instanceof Utf8 ? ((Utf8) v).getByteLength() : b.length;
        System.arraycopy(b, 0, buffer, 0, n);
        a.appendBytes(buffer, 0, n);
        Arrays.fill(buffer, 0, n, (byte) '#'); // the writer must have copied them
      } else {
        a.appendValue(v);
      }
    }
    w.endRow();
  }

  private static WriteOptions options(ColumnLayout layout) {
    WriteOptions o = new WriteOptions().blockBytes(2048);
    if (layout != null) for (Schema.Field f : SCHEMA.getFields()) if (layout.fits(f.schema())) o.layout(f.name(), layout);
    return o;
  }

  @Test
  void appendedRowsWriteTheRecordPathsFilesInEveryLayout() throws IOException {
    List<GenericData.Record> rows = rows(3 * SplitDirectoryWriter.STAGED_ROWS * 7 + 5, 42);
    for (ColumnLayout layout : new ColumnLayout[] {null, ColumnLayout.PLAIN, ColumnLayout.SKIP_LIST, ColumnLayout.DICT, ColumnLayout.PACKED}) {
      String name = layout == null ? "default" : layout.name();
      Path records = new Path(tmp.resolve(name + "-records").toUri());
      Path appended = new Path(tmp.resolve(name + "-appended").toUri());
      try (CifWriter w = Cif.createSplitDirectoryWriter(fs, records, SCHEMA, options(layout))) {
        for (GenericData.Record g : rows) w.write(g);
      }
      byte[] buffer = new byte[64];
      try (CifWriter w = Cif.createSplitDirectoryWriter(fs, appended, SCHEMA, options(layout))) {
        for (GenericData.Record g : rows) append(w, g, buffer);
        assertEquals(rows.size(), w.rows());
      }
      assertSameFiles(records, appended, name);
    }
  }

  @Test
  void largeStringsAreEncodedBeforeTheStageFills() throws IOException {
    List<GenericData.Record> rows = rows(700, 13);
    for (int k = 0; k < rows.size(); k += 3) rows.get(k).put("s", new Utf8("x".repeat(20_000 + k)));
    Path records = new Path(tmp.resolve("large-records").toUri());
    Path appended = new Path(tmp.resolve("large-appended").toUri());
    WriteOptions o = new WriteOptions(); // default blocks: many strings to a block
    try (CifWriter w = Cif.createSplitDirectoryWriter(fs, records, SCHEMA, o)) {
      for (GenericData.Record g : rows) w.write(g);
    }
    byte[] buffer = new byte[40_000];
    try (CifWriter w = Cif.createSplitDirectoryWriter(fs, appended, SCHEMA, o)) {
      for (GenericData.Record g : rows) append(w, g, buffer);
    }
    assertSameFiles(records, appended, "large strings");
  }

  @Test
  void recordsAndAppendedRowsMixInOneSplitDirectory() throws IOException {
    List<GenericData.Record> rows = rows(1000, 11);
    Path records = new Path(tmp.resolve("all-records").toUri());
    Path mixed = new Path(tmp.resolve("mixed").toUri());
    try (CifWriter w = Cif.createSplitDirectoryWriter(fs, records, SCHEMA, options(null))) {
      for (GenericData.Record g : rows) w.write(g);
    }
    byte[] buffer = new byte[64];
    try (CifWriter w = Cif.createSplitDirectoryWriter(fs, mixed, SCHEMA, options(null))) {
      for (int k = 0; k < rows.size(); k++) {
        if (k % 300 < 200) append(w, rows.get(k), buffer); // runs of appended rows across stage boundaries
        else w.write(rows.get(k));
      }
      assertEquals(rows.size(), w.rows());
    }
    assertSameFiles(records, mixed, "mixed");
  }

  @Test
  void aDatasetRollsAtTheSameRowsEitherWay() throws IOException {
    List<GenericData.Record> rows = rows(5000, 7);
    WriteOptions o = options(null).splitDirectoryBytes(20_000);
    Path records = new Path(tmp.resolve("records").toUri());
    Path appended = new Path(tmp.resolve("appended").toUri());
    try (CifWriter w = Cif.createWriter(fs, records, SCHEMA, o)) {
      for (GenericData.Record g : rows) w.write(g);
    }
    byte[] buffer = new byte[64];
    try (CifWriter w = Cif.createWriter(fs, appended, SCHEMA, o)) {
      for (GenericData.Record g : rows) append(w, g, buffer);
    }
    List<Path> a = Cif.splitDirectories(fs, records);
    List<Path> b = Cif.splitDirectories(fs, appended);
    assertTrue(a.size() > 2, "the test must roll: " + a.size() + " split-directories");
    assertEquals(a.size(), b.size());
    for (int k = 0; k < a.size(); k++) assertSameFiles(a.get(k), b.get(k), a.get(k).getName());
  }

  @Test
  void aValueRefusedWhenItsRowsAreEncodedNamesColumnAndRowAndLeavesNothing() throws IOException {
    Path dir = new Path(tmp.resolve("refused").toUri());
    CifWriter w = Cif.createSplitDirectoryWriter(fs, dir, SCHEMA, options(null));
    List<GenericData.Record> rows = rows(SplitDirectoryWriter.STAGED_ROWS, 3);
    byte[] buffer = new byte[64];
    for (int k = 0; k < 10; k++) append(w, rows.get(k), buffer);
    // Row 10: a long where the string column is; taken into the stage, refused when the rows are encoded.
    GenericData.Record bad = rows.get(10);
    IOException e = assertThrows(IOException.class, () -> {
      for (int c = 0; c < SCHEMA.getFields().size(); c++) {
        if (SCHEMA.getFields().get(c).name().equals("s")) w.column(c).appendLong(5);
        else if (bad.get(c) == null) w.column(c).appendNull();
        else w.column(c).appendValue(bad.get(c));
      }
      w.endRow();
      for (int k = 11; k < rows.size(); k++) append(w, rows.get(k), buffer);
      w.close();
    });
    assertTrue(e.getMessage().contains("column s"), e.getMessage());
    assertTrue(e.getMessage().contains("row 10"), e.getMessage());
    assertTrue(e.getMessage().contains("abandoned"), e.getMessage());
    w.abort();
    assertFalse(fs.exists(dir));
    assertFalse(fs.exists(SplitDirectoryLayout.inProgress(dir)));
  }

  @Test
  void aRowMissingAValueIsStillRefusedAtItsEnd() throws IOException {
    Path dir = new Path(tmp.resolve("short").toUri());
    CifWriter w = Cif.createSplitDirectoryWriter(fs, dir, SCHEMA, options(null));
    append(w, rows(1, 5).get(0), new byte[64]);
    w.column(0).appendInt(1);
    IOException e = assertThrows(IOException.class, w::endRow);
    assertTrue(e.getMessage().contains("row 1 ") && e.getMessage().contains("0 values in column l"), e.getMessage());
    assertFalse(fs.exists(SplitDirectoryLayout.inProgress(dir)));
  }

  private void assertSameFiles(Path expected, Path actual, String what) throws IOException {
    FileStatus[] a = fs.listStatus(expected);
    FileStatus[] b = fs.listStatus(actual);
    assertEquals(a.length, b.length, what);
    Arrays.sort(a);
    Arrays.sort(b);
    for (int k = 0; k < a.length; k++) {
      assertEquals(a[k].getPath().getName(), b[k].getPath().getName(), what);
      if (a[k].isDirectory()) continue;
      assertArrayEquals(Files.readAllBytes(java.nio.file.Paths.get(a[k].getPath().toUri())),
          Files.readAllBytes(java.nio.file.Paths.get(b[k].getPath().toUri())), what + ": " + a[k].getPath().getName());
    }
  }
}
