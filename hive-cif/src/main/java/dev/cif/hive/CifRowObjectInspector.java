package dev.cif.hive;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;

/**
 * A table row as the record cif-core's reader returns (a lazy one: columns decoded on first use): a field
 * is decoded only when Hive asks for it here. The record holds only the projected columns, found by
 * name; a column Hive did not project reads as NULL (Hive never asks for one).
 */
final class CifRowObjectInspector extends StructObjectInspector {
  private final List<Field> fields = new ArrayList<>();
  private final String typeName;
  private final List<Schema> columnSchemas = new ArrayList<>();
  // Positions of the table's columns in the last record schema seen (one per reader, so it rarely changes).
  private Schema lastSchema;
  private int[] positions;

  CifRowObjectInspector(List<String> names, List<TypeInfo> types, List<String> comments, Schema table) {
    for (int i = 0; i < names.size(); i++) {
      Schema column = table.getFields().get(i).schema();
      columnSchemas.add(column);
      // Hive's DESCRIBE shows the SerDe's comments, and "from deserializer" for a null one.
      String comment = i < comments.size() && comments.get(i) != null ? comments.get(i) : "";
      fields.add(new Field(i, names.get(i), CifObjectInspectors.forType(types.get(i), column),
          CifToHive.forType(types.get(i), column), comment));
    }
    typeName = TypeInfoFactory.getStructTypeInfo(names, types).getTypeName();
  }

  @Override public List<? extends StructField> getAllStructFieldRefs() { return fields; }

  @Override
  public StructField getStructFieldRef(String name) {
    for (Field f : fields) if (f.name.equalsIgnoreCase(name)) return f;
    return null;
  }

  @Override
  public Object getStructFieldData(Object data, StructField ref) {
    if (data == null) return null;
    GenericRecord r = (GenericRecord) data;
    Field f = (Field) ref;
    int pos = positionsFor(r.getSchema())[f.id];
    return pos < 0 ? null : f.toHive.apply(r.get(pos));
  }

  @Override
  public List<Object> getStructFieldsDataAsList(Object data) {
    if (data == null) return null;
    List<Object> out = new ArrayList<>(fields.size());
    for (Field f : fields) out.add(getStructFieldData(data, f));
    return out;
  }

  private int[] positionsFor(Schema s) {
    if (s != lastSchema) {
      int[] p = new int[fields.size()];
      for (Field f : fields) {
        Schema.Field have = s.getField(f.name);
        p[f.id] = have == null ? -1 : have.pos();
      }
      positions = p;
      lastSchema = s;
    }
    return positions;
  }

  @Override public String getTypeName() { return typeName; }
  @Override public Category getCategory() { return Category.STRUCT; }

  /**
   * Inspectors of the same columns read the same rows alike. Hive's MapOperator compares a partition's
   * inspector with the table's (each from its own SerDe instance): unequal ones make it convert every
   * row into standard objects, decoding every map whole and every string twice.
   */
  @Override
  public boolean equals(Object o) {
    if (this == o) return true;
    if (!(o instanceof CifRowObjectInspector)) return false;
    CifRowObjectInspector other = (CifRowObjectInspector) o;
    return typeName.equals(other.typeName) && columnSchemas.equals(other.columnSchemas);
  }

  @Override public int hashCode() { return typeName.hashCode(); }

  private static final class Field implements StructField {
    final int id;
    final String name;
    final ObjectInspector inspector;
    final Function<Object, Object> toHive;
    final String comment;

    Field(int id, String name, ObjectInspector inspector, Function<Object, Object> toHive, String comment) {
      this.id = id;
      this.name = name;
      this.inspector = inspector;
      this.toHive = toHive;
      this.comment = comment;
    }

    @Override public String getFieldName() { return name; }
    @Override public ObjectInspector getFieldObjectInspector() { return inspector; }
    @Override public int getFieldID() { return id; }
    @Override public String getFieldComment() { return comment; }
  }
}
