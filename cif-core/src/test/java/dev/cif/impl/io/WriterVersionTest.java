package dev.cif.impl.io;

import dev.cif.CifFormatException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.WriterVersion;
import dev.cif.WrittenBy;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The writer-version key of every header (docs/FORMAT.md §3.1): written, parsed, and the gate it feeds. */
class WriterVersionTest {
  @Test
  void everyHeaderEndsWithThisWritersVersion() throws Exception {
    byte[] h = FileFraming.header(FileFraming.KIND_SCHEMA, Map.of("k", "v"));
    FileFraming.Header parsed = FileFraming.parseHeader(h, "f");
    assertEquals(java.util.List.of("k", HeaderKey.WRITER_VERSION.key), java.util.List.copyOf(parsed.meta.keySet()));
    WrittenBy w = parsed.writtenBy("f");
    assertEquals(FormatVersion.CURRENT.id, w.formatVersion());
    assertEquals(WriterVersion.CURRENT, w.writerVersion());
    assertEquals(w.projectVersion() + " " + FormatVersion.CURRENT.id + " " + WriterVersion.CURRENT.id, parsed.get(HeaderKey.WRITER_VERSION));
    assertTrue(w.projectVersion().matches("[0-9][0-9A-Za-z.+-]*"), w.projectVersion());
  }

  @Test
  void aHeaderWithoutTheKeyWasWrittenBeforeWritersRecordedIt() throws Exception {
    WrittenBy w = CurrentWriter.parse(null, FormatVersion.PACKED_REPEATS, "f");
    assertEquals(WrittenBy.original(5), w);
    assertEquals("cif before writer versions, format 5, writer ORIGINAL (0)", w.toString());
  }

  @Test
  void theGateAsksForAFixNotANumber() {
    assertFalse(WriterVersion.ORIGINAL.includes(WriterVersion.RECORDED), "an old writer lacks a later fix");
    assertTrue(WriterVersion.RECORDED.includes(WriterVersion.ORIGINAL));
    assertTrue(WriterVersion.CURRENT.includes(WriterVersion.CURRENT));
    assertEquals(WriterVersion.FUTURE, WriterVersion.byId(7_000), "a newer writer's unknown id");
    assertTrue(WriterVersion.byId(7_000).includes(WriterVersion.CURRENT));
  }

  @Test
  void aMalformedOrDisagreeingValueIsCorruption() {
    for (String bad : new String[] {"", "0.1.0", "0.1.0 6", "0.1.0 5 1", "0.1.0 6 x", " 6 1", "0.1.0 6 -1", "0.1.0 6 1 more"}) {
      assertThrows(CifFormatException.class, () -> CurrentWriter.parse(bad, FormatVersion.DCSL_KEY_STREAMS, "f"), bad);
    }
  }
}
