package dev.cif.hive;

import dev.cif.schema.CifSchemas;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.RoundingMode;
import java.nio.ByteOrder;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.objectinspector.ListObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.MapObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.UnionObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.StringObjectInspector;
import org.apache.hadoop.io.Text;

/**
 * Converts a Hive value, seen through whatever ObjectInspector the plan hands the SerDe, into the
 * Avro generic value cif-core writes for the column's schema (HiveTypeMapping). The converter tree is
 * built once per ObjectInspector.
 */
final class HiveToCif {
  private HiveToCif() {}

  static Function<Object, Object> forInspector(ObjectInspector oi, Schema schema) {
    Function<Object, Object> f = build(oi, CifSchemas.nonNull(schema), schema);
    return v -> v == null ? null : f.apply(v);
  }

  private static Function<Object, Object> build(ObjectInspector oi, Schema s, Schema declared) {
    switch (oi.getCategory()) {
      case PRIMITIVE:
        return primitive((PrimitiveObjectInspector) oi, s);
      case LIST: {
        ListObjectInspector l = (ListObjectInspector) oi;
        Function<Object, Object> element = forInspector(l.getListElementObjectInspector(), s.getElementType());
        return v -> {
          List<?> in = l.getList(v);
          List<Object> out = new ArrayList<>(in.size());
          for (Object o : in) out.add(element.apply(o));
          return out;
        };
      }
      case MAP: {
        MapObjectInspector m = (MapObjectInspector) oi;
        Function<Object, Object> key = forInspector(m.getMapKeyObjectInspector(), CifSchemas.mapKeySchema(s));
        Function<Object, Object> value = forInspector(m.getMapValueObjectInspector(), s.getValueType());
        return v -> {
          Map<?, ?> in = m.getMap(v);
          Map<Object, Object> out = new HashMap<>(Math.max(4, (int) (in.size() / 0.75f) + 1));
          // A CIF map key is never null (as in Avro); Hive's NULL key has no place to go and is dropped.
          for (Map.Entry<?, ?> e : in.entrySet()) {
            Object k = key.apply(e.getKey());
            if (k != null) out.put(k, value.apply(e.getValue()));
          }
          return out;
        };
      }
      case STRUCT: {
        StructObjectInspector st = (StructObjectInspector) oi;
        List<? extends StructField> refs = st.getAllStructFieldRefs();
        List<Function<Object, Object>> fields = new ArrayList<>();
        for (int i = 0; i < refs.size(); i++) {
          fields.add(forInspector(refs.get(i).getFieldObjectInspector(), s.getFields().get(i).schema()));
        }
        return v -> {
          GenericData.Record r = new GenericData.Record(s);
          for (int i = 0; i < fields.size(); i++) r.put(i, fields.get(i).apply(st.getStructFieldData(v, refs.get(i))));
          return r;
        };
      }
      case UNION: {
        UnionObjectInspector u = (UnionObjectInspector) oi;
        // The written value's Java type selects the branch again (cif-core resolves the union).
        List<Schema> schemas = HiveTypeMapping.unionBranches(declared.getType() == Schema.Type.UNION ? declared : s);
        List<Function<Object, Object>> branches = new ArrayList<>();
        for (int i = 0; i < u.getObjectInspectors().size(); i++) {
          branches.add(build(u.getObjectInspectors().get(i), schemas.get(i), schemas.get(i)));
        }
        return v -> {
          Object field = u.getField(v);
          return field == null ? null : branches.get(u.getTag(v)).apply(field);
        };
      }
      default:
        throw new IllegalArgumentException("unsupported ObjectInspector " + oi.getTypeName());
    }
  }

  /**
   * A string as Avro's Utf8, which cif-core's writers take as it is: the block statistics and DICT's lookup
   * use its bytes, where a String would be encoded to UTF-8 once for each (a CTAS profile showed that cost
   * among the largest of a string column's write). Hive's Text is copied, never kept: a reader hands the
   * same Text for every row. Bytes that are not plain ASCII take the String way as before, so that
   * malformed UTF-8 in a text table is stored as Text.toString() repairs it, and a file is the same bytes
   * whichever way a row came.
   */
  private static Function<Object, Object> string(StringObjectInspector p) {
    if (!p.preferWritable()) return v -> new Utf8(p.getPrimitiveJavaObject(v));
    return v -> {
      Text t = p.getPrimitiveWritableObject(v);
      byte[] b = t.getBytes();
      int n = t.getLength();
      return isAscii(b, n) ? new Utf8(Arrays.copyOf(b, n)) : new Utf8(t.toString());
    };
  }

  private static final long HIGH_BITS = 0x8080808080808080L;
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** Whether no byte has its high bit set; eight at a time (a CTAS profile put the byte loop among the SerDe's costs). */
  static boolean isAscii(byte[] b, int n) {
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      if (((long) LONGS.get(b, i) & HIGH_BITS) != 0) return false;
    }
    for (; i < n; i++) {
      if (b[i] < 0) return false;
    }
    return true;
  }

  private static Function<Object, Object> primitive(PrimitiveObjectInspector p, Schema s) {
    switch (p.getPrimitiveCategory()) {
      case BOOLEAN: case INT: case LONG: case FLOAT: case DOUBLE:
        return p::getPrimitiveJavaObject;
      case BYTE: case SHORT:
        return v -> ((Number) p.getPrimitiveJavaObject(v)).intValue();
      case STRING:
        return string((StringObjectInspector) p);
      case CHAR:
        // Stored without its padding; reading rebuilds a HiveChar of the declared length.
        return v -> ((HiveChar) p.getPrimitiveJavaObject(v)).getStrippedValue();
      case VARCHAR:
        return v -> ((HiveVarchar) p.getPrimitiveJavaObject(v)).getValue();
      case BINARY:
        return v -> ByteBuffer.wrap((byte[]) p.getPrimitiveJavaObject(v));
      case DECIMAL: {
        // A map key's schema has no logical type (CifSchemas keeps only its type name): use Hive's scale.
        int scale = s.getLogicalType() instanceof LogicalTypes.Decimal
            ? ((LogicalTypes.Decimal) s.getLogicalType()).getScale()
            : ((org.apache.hadoop.hive.serde2.typeinfo.DecimalTypeInfo) p.getTypeInfo()).getScale();
        return v -> {
          HiveDecimal d = (HiveDecimal) p.getPrimitiveJavaObject(v);
          return ByteBuffer.wrap(d.bigDecimalValue().setScale(scale, RoundingMode.HALF_UP).unscaledValue().toByteArray());
        };
      }
      case DATE:
        return v -> ((Date) p.getPrimitiveJavaObject(v)).toEpochDay();
      case TIMESTAMP:
        return v -> {
          Timestamp t = (Timestamp) p.getPrimitiveJavaObject(v);
          return Math.addExact(Math.multiplyExact(t.toEpochSecond(), 1_000_000L), t.getNanos() / 1000);
        };
      default:
        throw new IllegalArgumentException("unsupported Hive type " + p.getTypeName());
    }
  }
}
