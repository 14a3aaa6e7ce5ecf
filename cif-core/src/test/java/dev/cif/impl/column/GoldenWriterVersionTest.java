package dev.cif.impl.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.WriterVersion;
import dev.cif.WrittenBy;
import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.io.FileFraming;
import dev.cif.impl.io.FormatVersion;
import dev.cif.impl.io.HeaderKey;
import dev.cif.impl.layout.plain.ValueCodecs;
import dev.cif.impl.split.SplitDirectory;
import java.io.File;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * The golden files of format version 6 were regenerated when files began to record their writer
 * version; the ones from before are kept as the fixture compat/v6-before-writer-version. This proves
 * the two differ by the {@code cif.writer.version} key alone: each new file is the old file's header
 * with the key appended to its Meta, the old body byte for byte, and the old footer with its block
 * offsets moved by the header's growth. And both read, the old as {@link WriterVersion#ORIGINAL}.
 */
class GoldenWriterVersionTest {
  private static final String BEFORE = "/compat/v6-before-writer-version/v6-00000";
  /** The golden files of version 6, frozen since version 7 became current. */
  private static final String GOLDEN = "/compat/v6-golden/v6-00000";

  private static File dir(String resource) throws Exception {
    return new File(GoldenWriterVersionTest.class.getResource(resource).toURI());
  }

  @Test
  void goldenFilesDifferFromThoseBeforeOnlyByTheWriterVersionKey() throws Exception {
    String[] names = dir(BEFORE).list();
    Arrays.sort(names);
    String[] now = dir(GOLDEN).list();
    Arrays.sort(now);
    assertEquals(Arrays.asList(names), Arrays.asList(now));
    for (String name : names) {
      byte[] old = Files.readAllBytes(new File(dir(BEFORE), name).toPath());
      byte[] cur = Files.readAllBytes(new File(dir(GOLDEN), name).toPath());
      String key = FileFraming.parseHeader(Arrays.copyOf(cur, FileFraming.headerLength(cur, name, cur.length)), name).get(HeaderKey.WRITER_VERSION);
      assertTrue(key.endsWith(" 6 1"), name + ": " + key);
      assertArrayEquals(expected(old, name, key), cur, name + " differs by more than the writer-version key");
    }
  }

  /** The old file as it reads with this writer's version key added: header, body, footer and tail rebuilt. */
  private static byte[] expected(byte[] old, String name, String key) throws Exception {
    FileFraming.Header h = FileFraming.parseHeader(Arrays.copyOf(old, FileFraming.headerLength(old, name, old.length)), name);
    assertNull(h.get(HeaderKey.WRITER_VERSION), name + " already has the key");
    Map<String, String> meta = new LinkedHashMap<>(h.meta);
    byte[] header = FileFraming.header(h.kind, meta, FormatVersion.DCSL_KEY_STREAMS, key); // appends the key
    int footerLength = FileFraming.footerLength(Arrays.copyOfRange(old, old.length - FileFraming.TAIL_BYTES, old.length), name, old.length, h.length);
    int footerStart = old.length - FileFraming.TAIL_BYTES - footerLength;
    byte[] footer = Arrays.copyOfRange(old, footerStart, footerStart + footerLength);
    if (h.kind == FileFraming.KIND_COLUMN) {
      ColumnSpec spec = ColumnSpec.fromHeader(h, name);
      var statsType = BlockStats.statsType(spec.schema);
      var statsCodec = statsType == null ? null : ValueCodecs.forSchema(statsType);
      ColumnFooter f = ColumnFooter.decode(new ByteSource(footer, 0, footer.length), statsCodec, h.length, footerStart);
      long shift = header.length - h.length;
      f.offsets.replaceAll(o -> o + shift);
      f.bodyEnd += shift;
      footer = f.encode(statsCodec);
    }
    ByteSink out = new ByteSink(old.length + 64);
    out.writeBytes(header, 0, header.length);
    out.writeBytes(old, h.length, footerStart - h.length);
    java.io.ByteArrayOutputStream rest = new java.io.ByteArrayOutputStream();
    FileFraming.writeTail(rest, footer);
    byte[] r = rest.toByteArray();
    out.writeBytes(r, 0, r.length);
    return out.toByteArray();
  }

  @Test
  void filesBeforeTheWriterVersionReadAsOriginalAndNewOnesNameThisWriter() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    SplitDirectory before = SplitDirectory.open(fs, new Path(dir(BEFORE).toURI()));
    SplitDirectory golden = SplitDirectory.open(fs, new Path(dir(GOLDEN).toURI()));
    assertEquals(WrittenBy.original(6), before.writtenBy());
    assertEquals(6, golden.writtenBy().formatVersion());
    assertEquals(WriterVersion.RECORDED, golden.writtenBy().writerVersion());
    for (org.apache.avro.Schema.Field f : golden.schema().getFields()) {
      try (ColumnFileReader a = before.openColumn(f.name(), 1 << 26); ColumnFileReader b = golden.openColumn(f.name(), 1 << 26)) {
        assertEquals(WriterVersion.ORIGINAL, a.writtenBy().writerVersion());
        assertEquals(WriterVersion.RECORDED, b.writtenBy().writerVersion());
        for (long row = 0; row < before.rows(); row++) assertEquals(a.next(), b.next(), f.name() + " row " + row);
      }
    }
  }
}
