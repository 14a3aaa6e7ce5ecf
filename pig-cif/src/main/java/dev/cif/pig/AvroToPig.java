package dev.cif.pig;

import dev.cif.LazyMap;
import dev.cif.schema.CifSchemas;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.pig.backend.executionengine.ExecException;
import org.apache.pig.data.BagFactory;
import org.apache.pig.data.DataBag;
import org.apache.pig.data.DataByteArray;
import org.apache.pig.data.Tuple;
import org.apache.pig.data.TupleFactory;
import org.joda.time.DateTime;

/**
 * CIF values (Avro generic) to Pig values, following {@link AvroToPigSchema}. A top-level map column
 * may be given the keys a script uses: then only those keys are looked up, and on a DCSL column
 * ({@link LazyMap}) the values of the other keys are never decoded.
 */
final class AvroToPig {
  private static final TupleFactory TUPLES = TupleFactory.getInstance();
  private static final BagFactory BAGS = BagFactory.getInstance();

  /** Map values decoded by DCSL lookups since the last call to {@link #takeDecodedMapValues}. */
  private long decodedMapValues;

  static boolean isTimestampMillis(Schema s) {
    return "timestamp-millis".equals(CifSchemas.logicalName(s));
  }

  /** The scale of a decimal (bytes or fixed with logicalType decimal), or -1 for other types. */
  static int decimalScale(Schema s) {
    if (!"decimal".equals(CifSchemas.logicalName(s))) return -1;
    Object scale = s.getObjectProp("scale");
    return scale instanceof Number ? ((Number) scale).intValue() : 0;
  }

  /** The tuple of one record; keys.get(i), when not null, are the only keys column i's map needs. */
  Tuple tuple(IndexedRecord r, List<Set<String>> keys) throws ExecException {
    List<Schema.Field> fields = r.getSchema().getFields();
    Tuple t = TUPLES.newTuple(fields.size());
    for (int i = 0; i < fields.size(); i++) {
      Set<String> k = keys == null ? null : keys.get(i);
      Object v = r.get(i);
      t.set(i, k != null && v instanceof Map ? someKeys((Map<?, ?>) v, k, fields.get(i).schema()) : value(v, fields.get(i).schema()));
    }
    return t;
  }

  long takeDecodedMapValues() {
    long n = decodedMapValues;
    decodedMapValues = 0;
    return n;
  }

  Object value(Object v, Schema s) throws ExecException {
    if (v == null) return null;
    if (s.getType() == Schema.Type.UNION) s = s.getTypes().get(GenericData.get().resolveUnion(s, v));
    switch (s.getType()) {
      case NULL: return null;
      case BOOLEAN: case INT: case FLOAT: case DOUBLE: return v;
      case LONG: return isTimestampMillis(s) ? new DateTime(((Number) v).longValue()) : v;
      case STRING: case ENUM: return v.toString();
      case BYTES: case FIXED: {
        DataByteArray b = v instanceof GenericFixed ? new DataByteArray(((GenericFixed) v).bytes()) : bytes((ByteBuffer) v);
        int scale = decimalScale(s);
        // A decimal is stored as its unscaled two's-complement value (Avro's convention).
        return scale < 0 ? b : new BigDecimal(new BigInteger(b.get()), scale);
      }
      case RECORD: return tuple((IndexedRecord) v, null);
      case MAP: return allKeys((Map<?, ?>) v, s.getValueType());
      case ARRAY: return bag((Collection<?>) v, s.getElementType());
      default: throw new ExecException("CifLoader: no Pig value for Avro type " + s);
    }
  }

  private static DataByteArray bytes(ByteBuffer b) {
    byte[] a = new byte[b.remaining()];
    b.duplicate().get(a);
    return new DataByteArray(a);
  }

  private Map<String, Object> allKeys(Map<?, ?> m, Schema values) throws ExecException {
    Map<String, Object> out = new HashMap<>(Math.max(4, m.size() * 2));
    for (Map.Entry<?, ?> e : m.entrySet()) out.put(e.getKey().toString(), value(e.getValue(), values));
    count(m);
    return out;
  }

  private Map<String, Object> someKeys(Map<?, ?> m, Set<String> keys, Schema column) throws ExecException {
    Schema values = CifSchemas.nonNull(column).getValueType();
    Map<String, Object> out = new HashMap<>();
    boolean stringKeys = CifSchemas.mapKeySchema(CifSchemas.nonNull(column)).getType() == Schema.Type.STRING;
    if (m instanceof LazyMap && stringKeys) {
      // One lookup per key: a DCSL map decodes that key's value alone (in a keyed block it reads only that key's stream).
      for (String k : keys) {
        Object v = m.get(k);
        if (v != null || m.containsKey(k)) out.put(k, value(v, values));
      }
    } else {
      // A plain map was decoded whole by the column reader; keep only the keys asked for.
      for (Map.Entry<?, ?> e : m.entrySet()) {
        String k = e.getKey().toString();
        if (keys.contains(k)) out.put(k, value(e.getValue(), values));
      }
    }
    count(m);
    return out;
  }

  private void count(Map<?, ?> m) {
    if (m instanceof LazyMap) decodedMapValues += ((LazyMap) m).decodedValues();
  }

  private DataBag bag(Collection<?> items, Schema elementType) throws ExecException {
    Schema element = CifSchemas.nonNull(elementType);
    boolean records = element.getType() == Schema.Type.RECORD;
    DataBag bag = BAGS.newDefaultBag();
    for (Object o : items) {
      if (records) {
        // A null record element becomes a tuple of nulls: a Pig bag cannot hold a null tuple.
        bag.add(o == null ? TUPLES.newTuple(element.getFields().size()) : tuple((IndexedRecord) o, null));
      } else {
        bag.add(TUPLES.newTuple(value(o, elementType)));
      }
    }
    return bag;
  }
}
