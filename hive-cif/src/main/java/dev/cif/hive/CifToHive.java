package dev.cif.hive;

import dev.cif.schema.CifSchemas;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.objectinspector.StandardUnionObjectInspector.StandardUnion;
import org.apache.hadoop.hive.serde2.typeinfo.CharTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.DecimalTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.ListTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.StructTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.UnionTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.VarcharTypeInfo;

/**
 * Converts values as cif-core reads them (Avro generic: Utf8, ByteBuffer, records, arrays, maps)
 * into the Java objects of Hive's standard Java ObjectInspectors. Strings stay Utf8 (read by
 * {@link CifStringObjectInspector}); maps are left as they are:
 * {@link CifMapObjectInspector} converts one entry at a time, so a DCSL map is never decoded whole
 * for a single-key lookup. The converter tree is built once per column, not per value.
 */
final class CifToHive {
  private CifToHive() {}

  static Function<Object, Object> forType(TypeInfo t, Schema schema) {
    Function<Object, Object> f = build(t, CifSchemas.nonNull(schema));
    return v -> v == null ? null : f.apply(v);
  }

  /** Whether values of this type reach Hive as cif-core read them (strings; maps of such). */
  static boolean isAsRead(TypeInfo t) {
    if (t instanceof PrimitiveTypeInfo) {
      return ((PrimitiveTypeInfo) t).getPrimitiveCategory() == org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector.PrimitiveCategory.STRING;
    }
    return false;
  }

  private static Function<Object, Object> build(TypeInfo t, Schema s) {
    switch (t.getCategory()) {
      case PRIMITIVE:
        return primitive((PrimitiveTypeInfo) t);
      case LIST: {
        Function<Object, Object> element = forType(((ListTypeInfo) t).getListElementTypeInfo(), s.getElementType());
        return v -> {
          List<?> in = (List<?>) v;
          List<Object> out = new ArrayList<>(in.size());
          for (Object o : in) out.add(element.apply(o));
          return out;
        };
      }
      case MAP:
        return v -> v;
      case STRUCT: {
        List<TypeInfo> types = ((StructTypeInfo) t).getAllStructFieldTypeInfos();
        List<Function<Object, Object>> fields = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) fields.add(forType(types.get(i), s.getFields().get(i).schema()));
        return v -> {
          IndexedRecord r = (IndexedRecord) v;
          int have = r.getSchema().getFields().size();
          List<Object> out = new ArrayList<>(fields.size());
          for (int i = 0; i < fields.size(); i++) out.add(i < have ? fields.get(i).apply(r.get(i)) : null);
          return out;
        };
      }
      case UNION: {
        // Hive's tag is the index among the non-null branches; the value's Java type picks the branch.
        List<Schema> schemas = HiveTypeMapping.unionBranches(s);
        Schema union = Schema.createUnion(schemas);
        List<TypeInfo> types = ((UnionTypeInfo) t).getAllUnionObjectTypeInfos();
        List<Function<Object, Object>> branches = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) branches.add(build(types.get(i), schemas.get(i)));
        return v -> {
          int tag = GenericData.get().resolveUnion(union, v);
          return new StandardUnion((byte) tag, branches.get(tag).apply(v));
        };
      }
      default:
        throw new IllegalArgumentException("unsupported Hive type " + t);
    }
  }

  private static Function<Object, Object> primitive(PrimitiveTypeInfo p) {
    switch (p.getPrimitiveCategory()) {
      case BOOLEAN: return v -> v;
      case BYTE: return v -> ((Number) v).byteValue();
      case SHORT: return v -> ((Number) v).shortValue();
      case INT: return v -> ((Number) v).intValue();
      case LONG: return v -> ((Number) v).longValue();
      case FLOAT: return v -> ((Number) v).floatValue();
      case DOUBLE: return v -> ((Number) v).doubleValue();
      case STRING: return v -> v; // CifStringObjectInspector reads the Utf8 itself
      case CHAR: {
        int n = ((CharTypeInfo) p).getLength();
        return v -> new HiveChar(v.toString(), n);
      }
      case VARCHAR: {
        int n = ((VarcharTypeInfo) p).getLength();
        return v -> new HiveVarchar(v.toString(), n);
      }
      case BINARY: return CifToHive::bytes;
      case DECIMAL: {
        int scale = ((DecimalTypeInfo) p).getScale();
        return v -> HiveDecimal.create(new BigInteger(bytes(v)), scale);
      }
      case DATE: return v -> Date.ofEpochDay(((Number) v).intValue());
      case TIMESTAMP: return v -> {
        long micros = ((Number) v).longValue();
        return Timestamp.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), (int) Math.floorMod(micros, 1_000_000L) * 1000);
      };
      default:
        throw new IllegalArgumentException("unsupported Hive type " + p.getTypeName());
    }
  }

  private static byte[] bytes(Object v) {
    if (v instanceof GenericFixed) return ((GenericFixed) v).bytes().clone();
    ByteBuffer b = ((ByteBuffer) v).duplicate();
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }
}
