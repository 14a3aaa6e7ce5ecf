package dev.cif.pig;

import dev.cif.schema.CifSchemas;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.Utf8;
import org.apache.pig.data.DataBag;
import org.apache.pig.data.DataByteArray;
import org.apache.pig.data.Tuple;
import org.joda.time.DateTime;

/**
 * Pig tuples to CIF records for a schema made by {@link PigToAvroSchema}. A value whose Java type
 * does not match the declared Pig type is refused with the field's path, rather than written as
 * something a later reader would misread.
 */
final class PigToAvro {
  private PigToAvro() {}

  static GenericData.Record record(Tuple t, Schema schema, String path) throws IOException {
    List<Schema.Field> fields = schema.getFields();
    if (t.size() != fields.size()) {
      throw new IOException("CifStorer: " + (path.isEmpty() ? "a tuple" : path) + " has " + t.size()
          + " fields but the schema declares " + fields.size() + " " + names(fields) + ": " + t);
    }
    GenericData.Record r = new GenericData.Record(schema);
    for (int i = 0; i < fields.size(); i++) {
      Schema.Field f = fields.get(i);
      r.put(i, value(t.get(i), f.schema(), path.isEmpty() ? f.name() : path + "." + f.name()));
    }
    return r;
  }

  static Object value(Object v, Schema schema, String path) throws IOException {
    if (v == null) return null;
    Schema s = CifSchemas.nonNull(schema);
    switch (s.getType()) {
      case BOOLEAN: return expect(v, Boolean.class, s, path);
      case INT: return expect(v, Integer.class, s, path);
      case LONG:
        return AvroToPig.isTimestampMillis(s) ? expect(v, DateTime.class, s, path).getMillis() : expect(v, Long.class, s, path);
      case FLOAT: return expect(v, Float.class, s, path);
      case DOUBLE: return expect(v, Double.class, s, path);
      case STRING: return new Utf8(expect(v, String.class, s, path));
      case BYTES: return ByteBuffer.wrap(expect(v, DataByteArray.class, s, path).get());
      case RECORD: return record(expect(v, Tuple.class, s, path), s, path);
      case MAP: return map(expect(v, Map.class, s, path), s.getValueType(), path);
      case ARRAY: return array(expect(v, DataBag.class, s, path), s.getElementType(), path);
      case UNION: return untyped(v, path);
      default: throw new IOException("CifStorer: no CIF value for " + s + " at " + path);
    }
  }

  private static Map<Utf8, Object> map(Map<?, ?> m, Schema values, String path) throws IOException {
    Map<Utf8, Object> out = new HashMap<>(Math.max(4, m.size() * 2));
    for (Map.Entry<?, ?> e : m.entrySet()) {
      out.put(new Utf8(e.getKey().toString()), value(e.getValue(), values, path + "#" + e.getKey()));
    }
    return out;
  }

  private static List<Object> array(DataBag bag, Schema elementType, String path) throws IOException {
    Schema element = CifSchemas.nonNull(elementType);
    List<Object> out = new ArrayList<>((int) Math.min(bag.size(), Integer.MAX_VALUE));
    for (Tuple t : bag) {
      if (element.getType() == Schema.Type.RECORD) out.add(record(t, element, path + "[]"));
      else if (t.size() != 1) {
        throw new IOException("CifStorer: a tuple in bag " + path + " has " + t.size() + " fields, the schema declares 1: " + t);
      } else out.add(value(t.get(0), elementType, path + "[]"));
    }
    return out;
  }

  /** A value of an untyped map: written as the union branch of its own Java type. */
  private static Object untyped(Object v, String path) throws IOException {
    if (v instanceof String) return new Utf8((String) v);
    if (v instanceof DataByteArray) return ByteBuffer.wrap(((DataByteArray) v).get());
    if (v instanceof Integer || v instanceof Long || v instanceof Float || v instanceof Double || v instanceof Boolean) return v;
    throw new IOException("CifStorer: map value at " + path + " is a " + v.getClass().getSimpleName()
        + "; an untyped map can hold only scalars: declare the map's value type (map[...])");
  }

  static <T> T expect(Object v, Class<T> type, Schema s, String path) throws IOException {
    if (type.isInstance(v)) return type.cast(v);
    throw new IOException("CifStorer: field " + path + " is declared " + s.getType().getName() + " but holds a "
        + v.getClass().getSimpleName() + " (" + v + "); the data does not match the relation's schema");
  }

  static String names(List<Schema.Field> fields) {
    List<String> n = new ArrayList<>();
    for (Schema.Field f : fields) n.add(f.name());
    return n.toString();
  }
}
