package dev.cif.spark;

import dev.cif.schema.CifSchemas;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.Utf8;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * Turns Spark's rows (InternalRow, its internal values) into records of the CIF schema
 * SparkTypeMapping made for them, the values cif-core's writers take: Utf8 strings, ByteBuffers for
 * binary and for a decimal's unscaled bytes, days for dates, microseconds for timestamps, lists, maps,
 * records. Built once per write task.
 */
final class RowConverter {
  /** Reads field i of a row or element i of an array, already not null, as the CIF value. */
  private interface Getter {
    Object get(SpecializedGetters g, int i);
  }

  private final Schema schema;
  private final int[] columns;
  private final Getter[] getters;

  /**
   * @param schema the CIF schema of the written data columns
   * @param rowType the rows' type (data and partition columns)
   * @param columns for each CIF column, its index in the row
   */
  RowConverter(Schema schema, StructType rowType, int[] columns) {
    this.schema = schema;
    this.columns = columns.clone();
    this.getters = new Getter[columns.length];
    for (int c = 0; c < columns.length; c++) {
      getters[c] = getter(rowType.fields()[columns[c]].dataType(), schema.getFields().get(c).schema());
    }
  }

  GenericData.Record toRecord(InternalRow row) {
    GenericData.Record r = new GenericData.Record(schema);
    for (int c = 0; c < columns.length; c++) r.put(c, row.isNullAt(columns[c]) ? null : getters[c].get(row, columns[c]));
    return r;
  }

  private static Getter getter(DataType t, Schema cif) {
    Schema s = CifSchemas.nonNull(cif);
    if (t instanceof BooleanType) return SpecializedGetters::getBoolean;
    if (t instanceof ByteType) return (g, i) -> (int) g.getByte(i);
    if (t instanceof ShortType) return (g, i) -> (int) g.getShort(i);
    if (t instanceof IntegerType || t instanceof DateType) return SpecializedGetters::getInt;
    if (t instanceof LongType || t instanceof TimestampType || t instanceof TimestampNTZType) return SpecializedGetters::getLong;
    if (t instanceof FloatType) return SpecializedGetters::getFloat;
    if (t instanceof DoubleType) return SpecializedGetters::getDouble;
    if (t instanceof StringType) return (g, i) -> new Utf8(g.getUTF8String(i).getBytes());
    if (t instanceof BinaryType) return (g, i) -> ByteBuffer.wrap(g.getBinary(i));
    if (t instanceof DecimalType) {
      DecimalType d = (DecimalType) t;
      return (g, i) -> ByteBuffer.wrap(g.getDecimal(i, d.precision(), d.scale()).toJavaBigDecimal().unscaledValue().toByteArray());
    }
    if (t instanceof ArrayType) {
      DataType et = ((ArrayType) t).elementType();
      Getter element = getter(et, s.getElementType());
      return (g, i) -> {
        ArrayData a = g.getArray(i);
        List<Object> out = new ArrayList<>(a.numElements());
        for (int k = 0; k < a.numElements(); k++) out.add(a.isNullAt(k) ? null : element.get(a, k));
        return out;
      };
    }
    if (t instanceof MapType) {
      MapType m = (MapType) t;
      Getter key = getter(m.keyType(), CifSchemas.mapKeySchema(s));
      Getter value = getter(m.valueType(), s.getValueType());
      return (g, i) -> {
        MapData md = g.getMap(i);
        ArrayData keys = md.keyArray();
        ArrayData values = md.valueArray();
        Map<Object, Object> out = new HashMap<>(Math.max(4, (int) (md.numElements() / 0.75f) + 1));
        for (int k = 0; k < md.numElements(); k++) out.put(key.get(keys, k), values.isNullAt(k) ? null : value.get(values, k));
        return out;
      };
    }
    if (t instanceof StructType) {
      StructField[] fields = ((StructType) t).fields();
      Getter[] fieldGetters = new Getter[fields.length];
      for (int k = 0; k < fields.length; k++) fieldGetters[k] = getter(fields[k].dataType(), s.getFields().get(k).schema());
      return (g, i) -> {
        InternalRow in = g.getStruct(i, fields.length);
        GenericData.Record r = new GenericData.Record(s);
        for (int k = 0; k < fields.length; k++) r.put(k, in.isNullAt(k) ? null : fieldGetters[k].get(in, k));
        return r;
      };
    }
    throw new IllegalArgumentException("CIF: cannot write Spark type " + t.simpleString());
  }
}
