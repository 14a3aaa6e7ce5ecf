package dev.cif.hive;

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.hadoop.hive.serde2.typeinfo.CharTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.DecimalTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.ListTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.StructTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.UnionTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.VarcharTypeInfo;

/**
 * Hive column types to the CIF type model (Avro schemas, dev.cif.schema.CifSchemas). Every Hive
 * value may be NULL, so every column, element, map value and struct field is a [null, T] union;
 * a uniontype becomes one Avro union [null, branches...], which Avro allows only when the branches'
 * CIF types differ (uniontype&lt;int,smallint&gt; is refused: both are int).
 */
public final class HiveTypeMapping {
  /** Marks the Hive type an Avro int carries where Avro has no narrower type (tinyint, smallint). */
  static final String HIVE_TYPE_PROP = "cif.hiveType";

  private int records;

  private HiveTypeMapping() {}

  /** The dataset schema of a table's (non-partition) columns. */
  public static Schema tableSchema(String name, List<String> columns, List<TypeInfo> types) {
    HiveTypeMapping m = new HiveTypeMapping();
    List<Schema.Field> fields = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      fields.add(new Schema.Field(columns.get(i), m.nullable(types.get(i)), null, Schema.Field.NULL_DEFAULT_VALUE));
    }
    return Schema.createRecord(avroName(name), null, "dev.cif.hive", false, fields);
  }

  /**
   * The branches of a uniontype's schema, in Hive's tag order: the schema's union without its null
   * branch; a one-branch uniontype arrives already unwrapped by CifSchemas.nonNull.
   */
  public static List<Schema> unionBranches(Schema s) {
    if (s.getType() != Schema.Type.UNION) return List.of(s);
    List<Schema> all = s.getTypes();
    return all.get(0).getType() == Schema.Type.NULL ? all.subList(1, all.size()) : all;
  }

  private static String avroName(String s) {
    String n = s == null ? "" : s.replaceAll("[^A-Za-z0-9_]", "_");
    return n.isEmpty() || Character.isDigit(n.charAt(0)) ? "t_" + n : n;
  }

  private Schema nullable(TypeInfo t) {
    Schema s = of(t);
    if (s.getType() == Schema.Type.UNION) {
      List<Schema> branches = new ArrayList<>();
      branches.add(Schema.create(Schema.Type.NULL));
      branches.addAll(s.getTypes());
      return Schema.createUnion(branches);
    }
    return Schema.createUnion(Schema.create(Schema.Type.NULL), s);
  }

  private Schema of(TypeInfo t) {
    switch (t.getCategory()) {
      case PRIMITIVE:
        return primitive((PrimitiveTypeInfo) t);
      case LIST:
        return Schema.createArray(nullable(((ListTypeInfo) t).getListElementTypeInfo()));
      case MAP: {
        MapTypeInfo m = (MapTypeInfo) t;
        Schema map = Schema.createMap(nullable(m.getMapValueTypeInfo()));
        Schema key = primitive((PrimitiveTypeInfo) m.getMapKeyTypeInfo());
        if (key.getType() != Schema.Type.STRING) map.addProp(dev.cif.schema.CifSchemas.KEY_TYPE_PROP, key.getType().getName());
        return map;
      }
      case STRUCT: {
        StructTypeInfo st = (StructTypeInfo) t;
        List<Schema.Field> fields = new ArrayList<>();
        for (int i = 0; i < st.getAllStructFieldNames().size(); i++) {
          fields.add(new Schema.Field(st.getAllStructFieldNames().get(i), nullable(st.getAllStructFieldTypeInfos().get(i)),
              null, Schema.Field.NULL_DEFAULT_VALUE));
        }
        // Avro needs a distinct name for each record of a schema.
        return Schema.createRecord("struct" + (records++), null, "dev.cif.hive", false, fields);
      }
      case UNION: {
        List<Schema> branches = new ArrayList<>();
        for (TypeInfo b : ((UnionTypeInfo) t).getAllUnionObjectTypeInfos()) {
          if (b.getCategory() == org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector.Category.UNION) {
            throw new IllegalArgumentException("CIF cannot store a uniontype directly inside a uniontype: " + t);
          }
          branches.add(of(b));
        }
        try {
          return Schema.createUnion(branches);
        } catch (org.apache.avro.AvroRuntimeException e) {
          throw new IllegalArgumentException("CIF cannot store " + t + ": two branches have the same CIF type ("
              + e.getMessage() + ")", e);
        }
      }
      default:
        throw new IllegalArgumentException("unsupported Hive type " + t);
    }
  }

  private static Schema primitive(PrimitiveTypeInfo p) {
    switch (p.getPrimitiveCategory()) {
      case BOOLEAN: return Schema.create(Schema.Type.BOOLEAN);
      case BYTE: case SHORT: {
        Schema s = Schema.create(Schema.Type.INT);
        s.addProp(HIVE_TYPE_PROP, p.getTypeName());
        return s;
      }
      case INT: return Schema.create(Schema.Type.INT);
      case LONG: return Schema.create(Schema.Type.LONG);
      case FLOAT: return Schema.create(Schema.Type.FLOAT);
      case DOUBLE: return Schema.create(Schema.Type.DOUBLE);
      case STRING: return Schema.create(Schema.Type.STRING);
      case CHAR: return sizedString("char", ((CharTypeInfo) p).getLength());
      case VARCHAR: return sizedString("varchar", ((VarcharTypeInfo) p).getLength());
      case BINARY: return Schema.create(Schema.Type.BYTES);
      case DECIMAL: {
        DecimalTypeInfo d = (DecimalTypeInfo) p;
        return LogicalTypes.decimal(d.getPrecision(), d.getScale()).addToSchema(Schema.create(Schema.Type.BYTES));
      }
      case DATE: return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      // Hive's timestamp has no time zone: Avro's local-timestamp, in microseconds (nanoseconds are cut).
      case TIMESTAMP: return LogicalTypes.localTimestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
      default:
        throw new IllegalArgumentException("unsupported Hive type " + p.getTypeName());
    }
  }

  private static Schema sizedString(String logical, int length) {
    Schema s = Schema.create(Schema.Type.STRING);
    s.addProp("logicalType", logical);
    s.addProp("maxLength", length);
    return s;
  }
}
