package dev.cif.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.impl.io.ByteSink;
import dev.cif.CifFormatException;
import dev.cif.impl.split.SplitDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

/**
 * Column files no writer makes and no single mutation reaches, each refused with a
 * CifFormatException. Set -Dcif.regressions.write=src/test/resources/regressions to (re)write them
 * as regression files, which {@link RegressionFilesTest} replays.
 */
class HostileColumnFilesTest {
  private static final String LONG_RECORD = "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"c\",\"type\":\"long\"}]}";

  /** The column file's header names a recursive type: building its decoders would never end. */
  @Test
  void recursiveColumnTypeInHeader() throws IOException {
    Path dir = target("recursive-column-type");
    String type = "{\"type\":\"record\",\"name\":\"Node\",\"fields\":[{\"name\":\"next\",\"type\":[\"null\",\"Node\"]}]}";
    CraftedSplitDirectory.write(dir, LONG_RECORD, "c", type, new byte[] {0}, 1);
    RegressionFilesTest.assertRefused(dir);
  }

  /**
   * array<array<null>>: 20,000 inner arrays each claiming two million nulls. Each count passes the
   * per-count check (8 x the bytes left), but together they claim 4 x 10^10 items.
   */
  @Test
  void nestedArraysOfNullClaimingQuadraticItems() throws IOException {
    Path dir = target("nested-null-arrays");
    String type = "{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":\"null\"}}";
    String record = "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"c\",\"type\":" + type + "}]}";
    int inner = 20_000;
    ByteSink value = new ByteSink(inner * 3 + 8);
    value.writeUVarInt(inner);
    for (int i = 0; i < inner; i++) value.writeUVarInt((1 << 21) - 1);
    ByteSink payload = new ByteSink(value.size() + 8);
    payload.writeLengthPrefixed(value.array(), 0, value.size());
    CraftedSplitDirectory.write(dir, record, "c", type, payload.toByteArray(), 1);
    RegressionFilesTest.assertRefused(dir);
  }

  /**
   * The schema file says long, the column file's header says int, and the payload is a valid int:
   * read by the header alone, every reader would hand an Integer to a client planning for a Long.
   */
  @Test
  void columnHeaderTypeDiffersFromTheSchemaFile() throws IOException {
    Path dir = target("column-type-differs-from-schema-file");
    CraftedSplitDirectory.write(dir, LONG_RECORD, "c", "\"int\"", new byte[] {2 * 21}, 1);
    RegressionFilesTest.assertRefused(dir);
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    SplitDirectory sd = SplitDirectory.open(fs, new org.apache.hadoop.fs.Path(dir.toUri()));
    CifFormatException e = assertThrows(CifFormatException.class, () -> sd.openColumn("c", 1 << 20));
    assertEquals("c", e.column());
    assertTrue(e.file().endsWith("0000-c.cif"), e.getMessage());
    assertTrue(e.getMessage().contains("header type \"int\" differs from the schema file's \"long\""), e.getMessage());
  }

  private static Path target(String name) throws IOException {
    String keep = System.getProperty("cif.regressions.write");
    return keep != null ? Path.of(keep, name) : dev.cif.testing.TempDirs.create("cif-hostile").resolve(name);
  }
}
