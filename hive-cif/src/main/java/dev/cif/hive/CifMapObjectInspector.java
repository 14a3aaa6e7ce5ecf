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
import org.apache.hadoop.io.Writable;

/**
 * A map column as cif-core read it (a HashMap, or a {@link dev.cif.column.DictionaryMap} for DCSL
 * columns). {@link #getMapValueElement} — what HiveQL's {@code m['key']} calls — looks one key up,
 * so a DictionaryMap decodes that key's value alone; only {@link #getMap} converts the whole map.
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

  CifMapObjectInspector(MapTypeInfo type, Schema map) {
    this.type = type;
    PrimitiveTypeInfo keyType = (PrimitiveTypeInfo) type.getMapKeyTypeInfo();
    Schema keySchema = CifSchemas.mapKeySchema(map);
    keyInspector = PrimitiveObjectInspectorFactory.getPrimitiveJavaObjectInspector(keyType);
    valueInspector = CifObjectInspectors.forType(type.getMapValueTypeInfo(), map.getValueType());
    keyToHive = CifToHive.forType(keyType, keySchema);
    valueToHive = CifToHive.forType(type.getMapValueTypeInfo(), map.getValueType());
    // Hive hands the lookup key as a Java object or a Writable, depending on the expression.
    javaKeyToCif = HiveToCif.forInspector(keyInspector, keySchema);
    writableKeyToCif = HiveToCif.forInspector(
        PrimitiveObjectInspectorFactory.getPrimitiveWritableObjectInspector(keyType), keySchema);
    stringKeys = keySchema.getType() == Schema.Type.STRING;
  }

  @Override public ObjectInspector getMapKeyObjectInspector() { return keyInspector; }
  @Override public ObjectInspector getMapValueObjectInspector() { return valueInspector; }

  @Override
  public Object getMapValueElement(Object data, Object key) {
    if (data == null || key == null) return null;
    Object k = (key instanceof Writable ? writableKeyToCif : javaKeyToCif).apply(key);
    // cif-core reads string keys as Utf8, which never equals a String.
    if (stringKeys) k = new Utf8(k.toString());
    return valueToHive.apply(((Map<?, ?>) data).get(k));
  }

  @Override
  public Map<?, ?> getMap(Object data) {
    if (data == null) return null;
    Map<?, ?> in = (Map<?, ?>) data;
    Map<Object, Object> out = new LinkedHashMap<>(Math.max(4, (int) (in.size() / 0.75f) + 1));
    for (Map.Entry<?, ?> e : in.entrySet()) out.put(keyToHive.apply(e.getKey()), valueToHive.apply(e.getValue()));
    return out;
  }

  @Override public int getMapSize(Object data) { return data == null ? -1 : ((Map<?, ?>) data).size(); }
  @Override public String getTypeName() { return type.getTypeName(); }
  @Override public Category getCategory() { return Category.MAP; }
}
