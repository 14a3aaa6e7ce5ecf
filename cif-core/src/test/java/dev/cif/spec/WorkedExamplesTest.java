package dev.cif.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.impl.io.BlockHeader;
import dev.cif.impl.io.FileFraming;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/**
 * FORMAT.md's worked examples are what the writer writes. Each code block tagged
 * {@code <!-- example: NAME -->} is one of two shapes: hex lines (the first block's whole payload,
 * in order) or an offset table ({@code offset  bytes  meaning}, the bytes found at that offset, up to
 * a "..."). Every tag must have a writer here, and every writer a tag.
 */
class WorkedExamplesTest {
  private static final Schema STRING = Schema.create(Schema.Type.STRING);
  private static final Schema INT = Schema.create(Schema.Type.INT);
  private static final Schema NULL = Schema.create(Schema.Type.NULL);

  /** The bytes an example shows, and whether they are a payload (hex lines) or a file (offset table). */
  private static final class Written {
    final byte[] bytes;
    final boolean payload;

    Written(byte[] bytes, boolean payload) {
      this.bytes = bytes;
      this.payload = payload;
    }
  }

  private static byte[] file(ColumnSpec spec, List<?> values) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ColumnFileWriter w = new ColumnFileWriter(out, spec, 1 << 20, 1 << 20)) {
      for (Object v : values) w.write(v);
    }
    return out.toByteArray();
  }

  /** The first block's stored bytes (the examples are uncompressed, so its payload). */
  private static byte[] payload(byte[] file) throws Exception {
    int at = FileFraming.headerLength(file, "example", file.length);
    int length = (int) BlockHeader.storedLength(file, at);
    byte[] p = new byte[length];
    System.arraycopy(file, at + BlockHeader.BYTES, p, 0, length);
    return p;
  }

  private static Map<String, Written> writers() throws Exception {
    Map<String, Written> w = new LinkedHashMap<>();
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < 25; i++) rows.add(String.format("row%02d", i));
    byte[] skipList = file(new ColumnSpec("c", STRING, ColumnLayout.SKIP_LIST, BlockCodec.NONE, new int[] {1000, 100, 10}), rows);
    w.put("skip-list-payload", new Written(payload(skipList), false));
    w.put("skip-list-file", new Written(skipList, false));

    Schema intMap = Schema.createUnion(NULL, Schema.createMap(INT));
    Map<String, Integer> ab = new LinkedHashMap<>();
    ab.put("a", 1);
    ab.put("b", 2);
    w.put("dcsl-dictionary", new Written(payload(file(new ColumnSpec("m", intMap, ColumnLayout.DCSL, BlockCodec.NONE, new int[] {2})
        .withKeyStreams(false), java.util.Arrays.asList(ab, null, Map.of("b", 3)))), true));

    Schema stringMap = Schema.createMap(Schema.createUnion(NULL, STRING));
    Map<String, String> ax = new LinkedHashMap<>();
    ax.put("a", "x");
    ax.put("b", null);
    w.put("dcsl-value-dictionary", new Written(payload(file(new ColumnSpec("m", stringMap, ColumnLayout.DCSL, BlockCodec.NONE, new int[] {2})
        .withKeyStreams(false), List.of(ax, Map.of(), Map.of("a", "x")))), true));

    w.put("dict-dictionary", new Written(payload(file(new ColumnSpec("c", STRING, ColumnLayout.DICT, BlockCodec.NONE, new int[0]),
        List.of("a", "b", "a"))), true));
    w.put("dict-nullable", new Written(payload(file(new ColumnSpec("c", Schema.createUnion(NULL, STRING), ColumnLayout.DICT, BlockCodec.NONE,
        new int[] {2}), java.util.Arrays.asList("x", null, "x"))), true));

    w.put("packed-frame-of-reference", new Written(payload(file(new ColumnSpec("c", INT, ColumnLayout.PACKED, BlockCodec.NONE, new int[0]),
        List.of(5, 6, 7))), true));
    List<Integer> repeats = new ArrayList<>(Collections.nCopies(512, 5));
    repeats.addAll(Collections.nCopies(512, 260));
    w.put("packed-repeats", new Written(payload(file(new ColumnSpec("c", INT, ColumnLayout.PACKED, BlockCodec.NONE, new int[0]), repeats)), true));
    w.put("packed-double", new Written(payload(file(new ColumnSpec("c", Schema.create(Schema.Type.DOUBLE), ColumnLayout.PACKED, BlockCodec.NONE,
        new int[0]), List.of(1.5, 2.25, 3.0))), true));
    return w;
  }

  @Test
  void everyTaggedExampleIsWhatTheWriterWrites() throws Exception {
    Map<String, List<String>> examples = FormatDoc.load().examples();
    Map<String, Written> writers = writers();
    assertEquals(writers.keySet(), Set.copyOf(examples.keySet()), "tagged examples of FORMAT.md and their writers here");
    for (Map.Entry<String, List<String>> e : examples.entrySet()) {
      Written w = writers.get(e.getKey());
      if (w.payload) checkHexLines(e.getKey(), e.getValue(), w.bytes);
      else checkOffsetTable(e.getKey(), e.getValue(), w.bytes);
    }
  }

  /** Each line's bytes come before its first run of two spaces; together they are the payload. */
  private static void checkHexLines(String name, List<String> lines, byte[] written) {
    List<Integer> doc = new ArrayList<>();
    for (String l : lines) doc.addAll(FormatDoc.hex(l.split(" {2,}")[0]));
    assertEquals(doc, unsigned(written, 0, written.length), "FORMAT.md example " + name);
  }

  /** Below a header line, each line is an offset, its bytes (to a "..." or the meaning), and a meaning. */
  private static void checkOffsetTable(String name, List<String> lines, byte[] written) {
    for (String l : lines.subList(1, lines.size())) {
      String[] cols = l.split(" {2,}", 3);
      int offset = Integer.parseInt(cols[0].trim());
      List<Integer> doc = FormatDoc.hex(cols[1]);
      assertEquals(doc, unsigned(written, offset, doc.size()), "FORMAT.md example " + name + " at offset " + offset);
    }
  }

  private static List<Integer> unsigned(byte[] b, int from, int n) {
    List<Integer> l = new ArrayList<>();
    for (int i = from; i < Math.min(b.length, from + n); i++) l.add(b[i] & 0xFF);
    return l;
  }
}
