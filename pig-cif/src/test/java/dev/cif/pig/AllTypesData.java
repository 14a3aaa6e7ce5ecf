package dev.cif.pig;

import dev.cif.ColumnLayout;
import dev.cif.WriteOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * A small dataset with every type the Pig mapping covers, including nulls, empty maps and empty bags,
 * made twice from one generator: as CIF (written by cif-core) and as PigStorage text with the
 * equivalent AS schema, so answers over the two can be compared.
 */
final class AllTypesData {
  static final int ROWS = 12;

  static final String PIG_SCHEMA = "id:int, n:long, f:float, d:double, s:chararray, b:bytearray, flag:boolean, "
      + "props:map[chararray], point:tuple(x:int, label:chararray), nums:bag{t:tuple(value:int)}, "
      + "pts:bag{t:tuple(x:int, label:chararray)}, u:bytearray";

  static final Schema AVRO = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Row\",\"fields\":["
      + "{\"name\":\"id\",\"type\":\"int\"},"
      + "{\"name\":\"n\",\"type\":[\"null\",\"long\"]},"
      + "{\"name\":\"f\",\"type\":[\"null\",\"float\"]},"
      + "{\"name\":\"d\",\"type\":[\"null\",\"double\"]},"
      + "{\"name\":\"s\",\"type\":[\"null\",\"string\"]},"
      + "{\"name\":\"b\",\"type\":[\"null\",\"bytes\"]},"
      + "{\"name\":\"flag\",\"type\":[\"null\",\"boolean\"]},"
      + "{\"name\":\"props\",\"type\":[\"null\",{\"type\":\"map\",\"values\":[\"null\",\"string\"]}]},"
      + "{\"name\":\"point\",\"type\":[\"null\",{\"type\":\"record\",\"name\":\"Point\",\"fields\":["
      + "  {\"name\":\"x\",\"type\":[\"null\",\"int\"]},{\"name\":\"label\",\"type\":[\"null\",\"string\"]}]}]},"
      + "{\"name\":\"nums\",\"type\":[\"null\",{\"type\":\"array\",\"items\":\"int\"}]},"
      + "{\"name\":\"pts\",\"type\":{\"type\":\"array\",\"items\":{\"type\":\"record\",\"name\":\"Pt\",\"fields\":["
      + "  {\"name\":\"x\",\"type\":\"int\"},{\"name\":\"label\",\"type\":\"string\"}]}}},"
      + "{\"name\":\"u\",\"type\":[\"null\",\"int\",\"string\"]}]}");

  private AllTypesData() {}

  /** Row i as Java values in schema order; null where the row has no value. */
  static Object[] row(int i) {
    Map<String, String> props = null;
    if (i % 4 == 1) props = new HashMap<>();
    if (i % 4 >= 2) {
      props = new HashMap<>();
      props.put("color", "c" + i);
      props.put("size", "z" + (i % 3));
      props.put("k" + i, "v" + i);
    }
    Object[] point = i % 6 == 5 ? null : i % 6 == 4 ? new Object[] {null, "q" + i} : new Object[] {i, "p" + i};
    List<Integer> nums = i % 5 == 0 ? new ArrayList<>() : i % 5 == 4 ? null : Arrays.asList(i, i + 1);
    List<Object[]> pts = i % 3 == 1 ? new ArrayList<>() : Arrays.asList(new Object[] {i, "a"}, new Object[] {i + 1, "b"});
    Object u = i % 3 == 0 ? (Object) i : i % 3 == 1 ? "u" + i : null;
    return new Object[] {i, i * 10_000_000_000L, i + 0.5f, i * 1.25, i % 5 == 3 ? null : "s" + i, "b" + i,
        i % 7 == 6 ? null : i % 2 == 0, props, point, nums, pts, u};
  }

  static String textLine(int i) {
    Object[] r = row(i);
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < r.length; c++) {
      if (c > 0) sb.append('\t');
      sb.append(text(r[c]));
    }
    return sb.toString();
  }

  @SuppressWarnings("unchecked")
  private static String text(Object v) {
    if (v == null) return "";
    if (v instanceof Map) {
      StringBuilder sb = new StringBuilder("[");
      for (Map.Entry<String, String> e : ((Map<String, String>) v).entrySet()) {
        if (sb.length() > 1) sb.append(',');
        sb.append(e.getKey()).append('#').append(e.getValue());
      }
      return sb.append(']').toString();
    }
    if (v instanceof Object[]) {
      Object[] a = (Object[]) v;
      StringBuilder sb = new StringBuilder("(");
      for (int i = 0; i < a.length; i++) sb.append(i > 0 ? "," : "").append(text(a[i]));
      return sb.append(')').toString();
    }
    if (v instanceof List) {
      StringBuilder sb = new StringBuilder("{");
      for (Object o : (List<Object>) v) {
        if (sb.length() > 1) sb.append(',');
        sb.append(o instanceof Object[] ? text(o) : "(" + text(o) + ")");
      }
      return sb.append('}').toString();
    }
    return v.toString();
  }

  static GenericRecord record(int i) {
    Object[] r = row(i);
    GenericData.Record rec = new GenericData.Record(AVRO);
    for (int c = 0; c < r.length; c++) rec.put(c, avro(r[c], AVRO.getFields().get(c).schema()));
    return rec;
  }

  @SuppressWarnings("unchecked")
  private static Object avro(Object v, Schema s) {
    if (v == null) return null;
    if (s.getType() == Schema.Type.UNION) {
      if (!(v instanceof Object[]) && !(v instanceof List)) {
        if (v instanceof String && s.getTypes().stream().anyMatch(t -> t.getType() == Schema.Type.BYTES)) {
          return ByteBuffer.wrap(((String) v).getBytes(StandardCharsets.UTF_8));
        }
        return v;
      }
      s = s.getTypes().get(1);
    }
    if (v instanceof Object[]) {
      Object[] a = (Object[]) v;
      GenericData.Record rec = new GenericData.Record(s);
      for (int c = 0; c < a.length; c++) rec.put(c, avro(a[c], s.getFields().get(c).schema()));
      return rec;
    }
    if (v instanceof List) {
      List<Object> out = new ArrayList<>();
      for (Object o : (List<Object>) v) out.add(avro(o, s.getElementType()));
      return new GenericData.Array<>(s, out);
    }
    return v;
  }

  static List<String> textLines() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) out.add(textLine(i));
    return out;
  }

  /** Writes the rows as a CIF dataset, props as a DCSL map column, in two split-directories. */
  static void writeCif(String dataset) throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) records.add(record(i));
    CifFixtures.write(dataset, AVRO, records, new WriteOptions().layout("props", ColumnLayout.DCSL), 2);
  }
}
