package dev.cif.hive.vector;

import dev.cif.schema.CifSchemas;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.hadoop.hive.serde2.typeinfo.DecimalTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.ListTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.StructTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.UnionTypeInfo;

/**
 * Puts one value, as cif-core reads it (Avro generic: Integer, Utf8, ByteBuffer, records, lists,
 * maps, a DCSL DcslMap), into row of a Hive column vector. This is the batch path for what has
 * no array form — nested types, a column's default in split-directories written before the column
 * was added — and it recurses into the child vectors of lists, maps, structs and unions. The tree is
 * built once per column, not per value.
 */
@FunctionalInterface
interface ValueSetter {
  /** Sets row of cv to v (v not null). */
  void setNonNull(ColumnVector cv, int row, Object v);

  /** Sets row of cv to v, or marks it null. */
  default void set(ColumnVector cv, int row, Object v) {
    if (v == null) {
      cv.isNull[row] = true;
      cv.noNulls = false;
    } else {
      cv.isNull[row] = false;
      setNonNull(cv, row, v);
    }
  }

  static ValueSetter forType(TypeInfo t, Schema schema) {
    Schema s = CifSchemas.nonNull(schema);
    switch (t.getCategory()) {
      case PRIMITIVE: return primitive((PrimitiveTypeInfo) t);
      case LIST: {
        ValueSetter element = forType(((ListTypeInfo) t).getListElementTypeInfo(), s.getElementType());
        return (cv, row, v) -> {
          ListColumnVector l = (ListColumnVector) cv;
          List<?> items = (List<?>) v;
          int off = openChildren(l.offsets, l.lengths, row, (int) l.childCount, items.size());
          l.childCount += items.size();
          l.child.ensureSize((int) l.childCount, true);
          for (int k = 0; k < items.size(); k++) element.set(l.child, off + k, items.get(k));
        };
      }
      case MAP: {
        MapTypeInfo m = (MapTypeInfo) t;
        ValueSetter key = forType(m.getMapKeyTypeInfo(), CifSchemas.mapKeySchema(s));
        ValueSetter value = forType(m.getMapValueTypeInfo(), s.getValueType());
        return (cv, row, v) -> {
          MapColumnVector mv = (MapColumnVector) cv;
          Map<?, ?> entries = (Map<?, ?>) v;
          int off = openChildren(mv.offsets, mv.lengths, row, (int) mv.childCount, entries.size());
          mv.childCount += entries.size();
          mv.keys.ensureSize((int) mv.childCount, true);
          mv.values.ensureSize((int) mv.childCount, true);
          int k = off;
          for (Map.Entry<?, ?> e : entries.entrySet()) {
            key.set(mv.keys, k, e.getKey());
            value.set(mv.values, k++, e.getValue());
          }
        };
      }
      case STRUCT: {
        List<TypeInfo> types = ((StructTypeInfo) t).getAllStructFieldTypeInfos();
        ValueSetter[] fields = new ValueSetter[types.size()];
        for (int i = 0; i < fields.length; i++) fields[i] = forType(types.get(i), s.getFields().get(i).schema());
        return (cv, row, v) -> {
          StructColumnVector sv = (StructColumnVector) cv;
          IndexedRecord r = (IndexedRecord) v;
          int have = r.getSchema().getFields().size();
          for (int i = 0; i < fields.length; i++) fields[i].set(sv.fields[i], row, i < have ? r.get(i) : null);
        };
      }
      case UNION: {
        // Hive's tag is the index among the non-null branches; the value's Java type picks the branch.
        List<Schema> schemas = dev.cif.hive.HiveTypeMapping.unionBranches(s);
        Schema union = Schema.createUnion(schemas);
        List<TypeInfo> types = ((UnionTypeInfo) t).getAllUnionObjectTypeInfos();
        ValueSetter[] branches = new ValueSetter[types.size()];
        for (int i = 0; i < branches.length; i++) branches[i] = forType(types.get(i), schemas.get(i));
        return (cv, row, v) -> {
          UnionColumnVector u = (UnionColumnVector) cv;
          int tag = GenericData.get().resolveUnion(union, v);
          u.tags[row] = tag;
          branches[tag].set(u.fields[tag], row, v);
        };
      }
      default:
        throw new IllegalArgumentException("unsupported Hive type " + t);
    }
  }

  /** Records where row's children start and how many there are; returns the start. */
  private static int openChildren(long[] offsets, long[] lengths, int row, int start, int n) {
    offsets[row] = start;
    lengths[row] = n;
    return start;
  }

  private static ValueSetter primitive(PrimitiveTypeInfo p) {
    switch (p.getPrimitiveCategory()) {
      case BOOLEAN: return (cv, row, v) -> ((LongColumnVector) cv).vector[row] = ((Boolean) v) ? 1 : 0;
      case BYTE: case SHORT: case INT: case LONG: case DATE:
        return (cv, row, v) -> ((LongColumnVector) cv).vector[row] = ((Number) v).longValue();
      case FLOAT: case DOUBLE: return (cv, row, v) -> ((DoubleColumnVector) cv).vector[row] = ((Number) v).doubleValue();
      case STRING: case CHAR: case VARCHAR: return (cv, row, v) -> {
        if (v instanceof Utf8) {
          Utf8 u = (Utf8) v;
          ((BytesColumnVector) cv).setRef(row, u.getBytes(), 0, u.getByteLength());
        } else {
          byte[] b = v.toString().getBytes(StandardCharsets.UTF_8);
          ((BytesColumnVector) cv).setRef(row, b, 0, b.length);
        }
      };
      case BINARY: return (cv, row, v) -> {
        byte[] b = bytes(v);
        ((BytesColumnVector) cv).setRef(row, b, 0, b.length);
      };
      case DECIMAL: {
        int scale = ((DecimalTypeInfo) p).getScale();
        return (cv, row, v) -> {
          byte[] b = bytes(v);
          if (cv instanceof Decimal64ColumnVector) ((Decimal64ColumnVector) cv).vector[row] = unscaledLong(b, 0, b.length);
          else ((DecimalColumnVector) cv).vector[row].setFromBigIntegerBytesAndScale(b, 0, b.length, scale);
        };
      }
      case TIMESTAMP: return (cv, row, v) -> setMicros((TimestampColumnVector) cv, row, ((Number) v).longValue());
      default:
        throw new IllegalArgumentException("unsupported Hive type " + p.getTypeName());
    }
  }

  /**
   * A decimal's unscaled value from its big-endian two's-complement bytes, for DECIMAL_64 columns
   * (precision up to 18: at most 8 bytes; Hive writes them minimal, a longer run is sign padding).
   */
  static long unscaledLong(byte[] b, int start, int len) {
    if (len == 0) return 0;
    if (len > 8) return new java.math.BigInteger(java.util.Arrays.copyOfRange(b, start, start + len)).longValueExact();
    long v = b[start]; // sign-extends
    for (int i = start + 1; i < start + len; i++) v = (v << 8) | (b[i] & 0xFF);
    return v;
  }

  /** CIF stores a Hive timestamp as microseconds since the epoch (local time, no zone). */
  static void setMicros(TimestampColumnVector cv, int row, long micros) {
    cv.time[row] = Math.floorDiv(micros, 1000L);
    cv.nanos[row] = (int) Math.floorMod(micros, 1_000_000L) * 1000;
  }

  private static byte[] bytes(Object v) {
    if (v instanceof GenericFixed) return ((GenericFixed) v).bytes();
    ByteBuffer b = ((ByteBuffer) v).duplicate();
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }
}
