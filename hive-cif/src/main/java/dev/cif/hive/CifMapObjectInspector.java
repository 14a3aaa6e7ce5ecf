package dev.cif.hive;

import dev.cif.schema.CifSchemas;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.hive.serde2.objectinspector.MapObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/**
 * A map column as cif-core read it (a HashMap, or a {@link dev.cif.LazyMap} for DCSL
 * columns). {@link #getMapValueElement} — what HiveQL's {@code m['key']} calls — looks one key up,
 * so a DCSL map decodes that key's value alone; only {@link #getMap} converts the whole map.
 */
final class CifMapObjectInspector implements MapObjectInspector {
  private final MapTypeInfo type;
  private final ObjectInspector keyInspector;
  private final ObjectInspector valueInspector;
  private final Function<Object, Object> keyToHive;
  private final Function<Object, Object> valueToHive;
  private final Function<Object, Object> javaKeyToCif;
  private final Function<Object, Object> writableKeyToCif;
  private final boolean stringKeys;
  private final Schema schema;
  /** Keys and values are handed to Hive as cif-core read them (e.g. map<string,string>): no copy. */
  private final boolean asRead;
  /** The last string key looked up and its Utf8, in one object so that threads never see a torn pair. */
  private volatile LastKey lastKey;

  private record LastKey(Text text, Utf8 utf8) {}

  CifMapObjectInspector(MapTypeInfo type, Schema map) {
    this.type = type;
    PrimitiveTypeInfo keyType = (PrimitiveTypeInfo) type.getMapKeyTypeInfo();
    Schema keySchema = CifSchemas.mapKeySchema(map);
    keyInspector = CifObjectInspectors.primitive(keyType);
    valueInspector = CifObjectInspectors.forType(type.getMapValueTypeInfo(), map.getValueType());
    keyToHive = CifToHive.forType(keyType, keySchema);
    valueToHive = CifToHive.forType(type.getMapValueTypeInfo(), map.getValueType());
    // Hive hands the lookup key as a Java object or a Writable, depending on the expression.
    javaKeyToCif = HiveToCif.forInspector(PrimitiveObjectInspectorFactory.getPrimitiveJavaObjectInspector(keyType), keySchema);
    writableKeyToCif = HiveToCif.forInspector(
        PrimitiveObjectInspectorFactory.getPrimitiveWritableObjectInspector(keyType), keySchema);
    stringKeys = keySchema.getType() == Schema.Type.STRING;
    schema = map;
    asRead = CifToHive.isAsRead(keyType) && CifToHive.isAsRead(type.getMapValueTypeInfo());
  }

  @Override public ObjectInspector getMapKeyObjectInspector() { return keyInspector; }
  @Override public ObjectInspector getMapValueObjectInspector() { return valueInspector; }

  @Override
  public Object getMapValueElement(Object data, Object key) {
    if (data == null || key == null) return null;
    Object k = stringKeys ? utf8Key(key) : (key instanceof Writable ? writableKeyToCif : javaKeyToCif).apply(key);
    return valueToHive.apply(((Map<?, ?>) data).get(k));
  }

  /**
   * cif-core reads string keys as Utf8, which never equals a String. A query looks the same key up in
   * every row (m['content-type']): the last key's Utf8 is kept and reused while the key is unchanged.
   */
  private Object utf8Key(Object key) {
    if (key instanceof Text) {
      Text t = (Text) key;
      LastKey last = lastKey;
      if (last == null || !last.text().equals(t)) {
        last = new LastKey(new Text(t), new Utf8(java.util.Arrays.copyOf(t.getBytes(), t.getLength())));
        lastKey = last;
      }
      return last.utf8();
    }
    return new Utf8(key.toString());
  }

  @Override
  public Map<?, ?> getMap(Object data) {
    if (data == null) return null;
    Map<?, ?> in = (Map<?, ?>) data;
    if (asRead) return in;
    Map<Object, Object> out = new LinkedHashMap<>(Math.max(4, (int) (in.size() / 0.75f) + 1));
    for (Map.Entry<?, ?> e : in.entrySet()) out.put(keyToHive.apply(e.getKey()), valueToHive.apply(e.getValue()));
    return out;
  }

  @Override public int getMapSize(Object data) { return data == null ? -1 : ((Map<?, ?>) data).size(); }
  @Override public String getTypeName() { return type.getTypeName(); }
  @Override public Category getCategory() { return Category.MAP; }

  /** Same type over the same CIF schema: see {@link CifRowObjectInspector#equals}. */
  @Override
  public boolean equals(Object o) {
    if (this == o) return true;
    if (!(o instanceof CifMapObjectInspector)) return false;
    CifMapObjectInspector other = (CifMapObjectInspector) o;
    return type.equals(other.type) && schema.equals(other.schema);
  }

  @Override public int hashCode() { return type.hashCode(); }
}
