package dev.cif.spark;

import dev.cif.schema.CifSchemas;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.util.Utf8;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * Appends a value as cif-core decodes it (Avro generic: Utf8, ByteBuffer, records, lists, maps) to a
 * Spark column vector of the type SparkTypeMapping gives the column: the way nested values, and
 * columns without an array form, reach a batch. Struct fields are found by name, so a pruned struct
 * (fewer fields than stored) takes only the fields the query reads. Built once per column.
 */
interface ValueAppender {
  /** Appends value (null appends a null) as the vector's next element. */
  void append(WritableColumnVector v, Object value);

  static ValueAppender of(DataType t, Schema cif) {
    Schema s = CifSchemas.nonNull(cif);
    ValueAppender nonNull = nonNull(t, s);
    if (t instanceof StructType) return (v, x) -> {
      if (x == null) v.appendStruct(true);
      else nonNull.append(v, x);
    };
    return (v, x) -> {
      if (x == null) v.appendNull();
      else nonNull.append(v, x);
    };
  }

  /** How many microseconds one stored unit of a timestamp column is (1000 for millisecond columns). */
  static long microsPerUnit(Schema s) {
    Object l = CifSchemas.nonNull(s).getLogicalType();
    return l instanceof LogicalTypes.TimestampMillis || l instanceof LogicalTypes.LocalTimestampMillis ? 1000L : 1L;
  }

  private static ValueAppender nonNull(DataType t, Schema s) {
    if (t instanceof BooleanType) return (v, x) -> v.appendBoolean((Boolean) x);
    if (t instanceof ByteType) return (v, x) -> v.appendByte(((Number) x).byteValue());
    if (t instanceof ShortType) return (v, x) -> v.appendShort(((Number) x).shortValue());
    if (t instanceof IntegerType || t instanceof DateType) return (v, x) -> v.appendInt(((Number) x).intValue());
    if (t instanceof LongType) return (v, x) -> v.appendLong(((Number) x).longValue());
    if (t instanceof TimestampType || t instanceof TimestampNTZType) {
      long factor = microsPerUnit(s);
      return (v, x) -> v.appendLong(Math.multiplyExact(((Number) x).longValue(), factor));
    }
    if (t instanceof FloatType) return (v, x) -> v.appendFloat(((Number) x).floatValue());
    if (t instanceof DoubleType) return (v, x) -> v.appendDouble(((Number) x).doubleValue());
    if (t instanceof StringType) return (v, x) -> {
      if (x instanceof Utf8) {
        Utf8 u = (Utf8) x;
        v.appendByteArray(u.getBytes(), 0, u.getByteLength());
      } else {
        byte[] b = x.toString().getBytes(StandardCharsets.UTF_8);
        v.appendByteArray(b, 0, b.length);
      }
    };
    if (t instanceof BinaryType) return (v, x) -> {
      byte[] b = bytes(x);
      v.appendByteArray(b, 0, b.length);
    };
    if (t instanceof DecimalType) {
      DecimalType d = (DecimalType) t;
      return (v, x) -> {
        int i = v.appendNotNull();
        v.putDecimal(i, decimal(x, d), d.precision());
      };
    }
    if (t instanceof ArrayType) {
      ValueAppender element = of(((ArrayType) t).elementType(), s.getElementType());
      return (v, x) -> {
        Collection<?> list = (Collection<?>) x;
        WritableColumnVector child = v.arrayData();
        int start = child.getElementsAppended();
        for (Object e : list) element.append(child, e);
        v.putArray(v.appendNotNull(), start, list.size());
      };
    }
    if (t instanceof MapType) {
      MapType m = (MapType) t;
      ValueAppender key = of(m.keyType(), CifSchemas.mapKeySchema(s));
      ValueAppender value = of(m.valueType(), s.getValueType());
      return (v, x) -> {
        Map<?, ?> map = (Map<?, ?>) x;
        WritableColumnVector keys = v.getChild(0);
        WritableColumnVector values = v.getChild(1);
        int start = keys.getElementsAppended();
        int n = 0;
        for (Map.Entry<?, ?> e : map.entrySet()) {
          key.append(keys, e.getKey());
          value.append(values, e.getValue());
          n++;
        }
        v.putArray(v.appendNotNull(), start, n);
      };
    }
    if (t instanceof StructType) {
      StructField[] fields = ((StructType) t).fields();
      ValueAppender[] appenders = new ValueAppender[fields.length];
      for (int i = 0; i < fields.length; i++) {
        Schema.Field f = s.getField(fields[i].name());
        if (f == null) throw new IllegalArgumentException("CIF: struct " + s.getFullName() + " has no field " + fields[i].name());
        appenders[i] = of(fields[i].dataType(), f.schema());
      }
      return (v, x) -> {
        IndexedRecord r = (IndexedRecord) x;
        v.appendStruct(false);
        for (int i = 0; i < fields.length; i++) {
          Schema.Field f = r.getSchema().getField(fields[i].name());
          appenders[i].append(v.getChild(i), f == null ? null : r.get(f.pos()));
        }
      };
    }
    if (t instanceof NullType) return (v, x) -> v.appendNull();
    throw new IllegalArgumentException("CIF: no reader for Spark type " + t.simpleString());
  }

  /** A decimal as stored: unscaled bytes (big-endian two's complement), or an unscaled long (PACKED). */
  static Decimal decimal(Object x, DecimalType d) {
    BigInteger unscaled;
    if (x instanceof Number && !(x instanceof BigDecimal)) unscaled = BigInteger.valueOf(((Number) x).longValue());
    else if (x instanceof BigDecimal) unscaled = ((BigDecimal) x).setScale(d.scale()).unscaledValue();
    else unscaled = new BigInteger(bytes(x));
    return Decimal.apply(new BigDecimal(unscaled, d.scale()), d.precision(), d.scale());
  }

  static byte[] bytes(Object x) {
    if (x instanceof GenericFixed) return ((GenericFixed) x).bytes().clone();
    if (x instanceof byte[]) return (byte[]) x;
    ByteBuffer b = ((ByteBuffer) x).duplicate();
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }
}
