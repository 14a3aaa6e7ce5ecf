package dev.cif.pig;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.pig.backend.executionengine.ExecException;
import org.apache.pig.data.DataByteArray;
import org.apache.pig.data.Tuple;

/**
 * One text rendering for Pig values and Avro values alike (tuples and records as (a,b), bags and
 * arrays as {(x),(y)}, maps sorted by key as [k#v], bytes as UTF-8, null as empty), so that answers
 * from PigStorage, CifLoader and ColumnInputFormat can be compared whatever map order they use.
 */
final class Canonical {
  private Canonical() {}

  static String of(Object v) {
    StringBuilder sb = new StringBuilder();
    append(sb, v);
    return sb.toString();
  }

  private static void append(StringBuilder sb, Object v) {
    if (v == null) return;
    if (v instanceof Tuple) {
      Tuple t = (Tuple) v;
      sb.append('(');
      for (int i = 0; i < t.size(); i++) {
        if (i > 0) sb.append(',');
        try {
          append(sb, t.get(i));
        } catch (ExecException e) {
          throw new IllegalStateException(e);
        }
      }
      sb.append(')');
    } else if (v instanceof IndexedRecord) {
      IndexedRecord r = (IndexedRecord) v;
      sb.append('(');
      for (int i = 0; i < r.getSchema().getFields().size(); i++) {
        if (i > 0) sb.append(',');
        append(sb, r.get(i));
      }
      sb.append(')');
    } else if (v instanceof Map) {
      Map<String, Object> sorted = new TreeMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) sorted.put(e.getKey().toString(), e.getValue());
      sb.append('[');
      boolean first = true;
      for (Map.Entry<String, Object> e : sorted.entrySet()) {
        if (!first) sb.append(',');
        first = false;
        sb.append(e.getKey()).append('#');
        append(sb, e.getValue());
      }
      sb.append(']');
    } else if (v instanceof Iterable) {
      // Pig bags iterate tuples; Avro arrays of scalars are rendered as bags of one-field tuples.
      sb.append('{');
      boolean first = true;
      for (Object o : (Iterable<?>) v) {
        if (!first) sb.append(',');
        first = false;
        if (o instanceof Tuple || o instanceof IndexedRecord) append(sb, o);
        else {
          sb.append('(');
          append(sb, o);
          sb.append(')');
        }
      }
      sb.append('}');
    } else if (v instanceof DataByteArray) {
      sb.append(new String(((DataByteArray) v).get(), StandardCharsets.UTF_8));
    } else if (v instanceof ByteBuffer) {
      ByteBuffer b = ((ByteBuffer) v).duplicate();
      byte[] a = new byte[b.remaining()];
      b.get(a);
      sb.append(new String(a, StandardCharsets.UTF_8));
    } else if (v instanceof GenericFixed) {
      sb.append(new String(((GenericFixed) v).bytes(), StandardCharsets.UTF_8));
    } else {
      sb.append(v);
    }
  }
}
