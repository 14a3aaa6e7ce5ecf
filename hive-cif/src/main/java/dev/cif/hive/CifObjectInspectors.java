package dev.cif.hive;

import dev.cif.schema.CifSchemas;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.ListTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.StructTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.UnionTypeInfo;

/**
 * The ObjectInspector of one column's values as {@link CifToHive} produces them: Hive's standard
 * Java inspectors, except strings ({@link CifStringObjectInspector} over the Utf8 cif-core read) and
 * maps, which get a {@link CifMapObjectInspector} over the map cif-core read.
 */
final class CifObjectInspectors {
  private CifObjectInspectors() {}

  static ObjectInspector forType(TypeInfo t, Schema schema) {
    Schema s = CifSchemas.nonNull(schema);
    switch (t.getCategory()) {
      case PRIMITIVE:
        return primitive((PrimitiveTypeInfo) t);
      case LIST: {
        ListTypeInfo l = (ListTypeInfo) t;
        return ObjectInspectorFactory.getStandardListObjectInspector(forType(l.getListElementTypeInfo(), s.getElementType()));
      }
      case MAP:
        return new CifMapObjectInspector((MapTypeInfo) t, s);
      case STRUCT: {
        StructTypeInfo st = (StructTypeInfo) t;
        List<ObjectInspector> fields = new ArrayList<>();
        for (int i = 0; i < st.getAllStructFieldTypeInfos().size(); i++) {
          fields.add(forType(st.getAllStructFieldTypeInfos().get(i), s.getFields().get(i).schema()));
        }
        return ObjectInspectorFactory.getStandardStructObjectInspector(st.getAllStructFieldNames(), fields);
      }
      case UNION: {
        List<TypeInfo> types = ((UnionTypeInfo) t).getAllUnionObjectTypeInfos();
        List<Schema> schemas = HiveTypeMapping.unionBranches(s);
        List<ObjectInspector> branches = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) branches.add(forType(types.get(i), schemas.get(i)));
        return ObjectInspectorFactory.getStandardUnionObjectInspector(branches);
      }
      default:
        throw new IllegalArgumentException("unsupported Hive type " + t);
    }
  }

  /** Strings stay as cif-core read them (Utf8); other primitives are Hive's Java objects. */
  static ObjectInspector primitive(PrimitiveTypeInfo t) {
    if (t.getPrimitiveCategory() == PrimitiveObjectInspector.PrimitiveCategory.STRING) return CifStringObjectInspector.INSTANCE;
    return PrimitiveObjectInspectorFactory.getPrimitiveJavaObjectInspector(t);
  }
}
