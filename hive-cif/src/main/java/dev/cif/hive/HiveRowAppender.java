package dev.cif.hive;

import dev.cif.ColumnAppender;
import dev.cif.CifWriter;
import dev.cif.schema.CifSchemas;
import java.io.IOException;
import java.math.RoundingMode;
import java.util.List;
import java.util.function.Function;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.BinaryObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.BooleanObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.ByteObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.DateObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.DoubleObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.FloatObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.HiveDecimalObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.IntObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.LongObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.ShortObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.StringObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.TimestampObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.HiveVarcharObjectInspector;
import org.apache.hadoop.io.Text;

/**
 * Hive's rows, seen through the ObjectInspector the plan hands the SerDe, appended to a {@link CifWriter}'s
 * columns ({@link dev.cif.ColumnAppender}) without an Avro record: numbers as primitives, a string as its
 * Text's bytes, a decimal as its unscaled bytes from Hive's own scratch buffers. A nested column's value
 * (array, map, struct, uniontype) is converted whole by {@link HiveToCif}, as each is stored whole. The
 * files are byte for byte those the record path wrote (HiveRowAppenderTest). Built once per inspector.
 */
final class HiveRowAppender {
  /** Appends one field's value (never null) to its column. */
  private interface Field {
    void append(Object v, ColumnAppender to) throws IOException;
  }

  private final StructObjectInspector inspector;
  private final List<? extends StructField> refs;
  private final Field[] fields;

  HiveRowAppender(StructObjectInspector inspector, Schema table) throws SerDeException {
    this.inspector = inspector;
    this.refs = inspector.getAllStructFieldRefs();
    if (refs.size() != table.getFields().size()) {
      throw new SerDeException("row has " + refs.size() + " fields, table " + table.getFields().size());
    }
    fields = new Field[refs.size()];
    for (int i = 0; i < fields.length; i++) fields[i] = field(refs.get(i).getFieldObjectInspector(), table.getFields().get(i).schema());
  }

  /** The inspector this appender reads rows through. */
  ObjectInspector inspector() { return inspector; }

  /** Appends the row's fields to the writer's columns and ends the row. */
  void append(Object row, CifWriter w) throws IOException {
    for (int i = 0; i < fields.length; i++) {
      Object v = inspector.getStructFieldData(row, refs.get(i));
      ColumnAppender c = w.column(i);
      if (v == null) c.appendNull();
      else fields[i].append(v, c);
    }
    w.endRow();
  }

  private static Field field(ObjectInspector oi, Schema column) {
    if (oi.getCategory() != ObjectInspector.Category.PRIMITIVE) {
      Function<Object, Object> whole = HiveToCif.forInspector(oi, column);
      return (v, to) -> to.appendValue(whole.apply(v));
    }
    Schema s = CifSchemas.nonNull(column);
    PrimitiveObjectInspector p = (PrimitiveObjectInspector) oi;
    switch (p.getPrimitiveCategory()) {
      case BOOLEAN: {
        BooleanObjectInspector b = (BooleanObjectInspector) p;
        return (v, to) -> to.appendBoolean(b.get(v));
      }
      case BYTE: {
        ByteObjectInspector b = (ByteObjectInspector) p;
        return (v, to) -> to.appendInt(b.get(v));
      }
      case SHORT: {
        ShortObjectInspector b = (ShortObjectInspector) p;
        return (v, to) -> to.appendInt(b.get(v));
      }
      case INT: {
        IntObjectInspector b = (IntObjectInspector) p;
        return (v, to) -> to.appendInt(b.get(v));
      }
      case LONG: {
        LongObjectInspector b = (LongObjectInspector) p;
        return (v, to) -> to.appendLong(b.get(v));
      }
      case FLOAT: {
        FloatObjectInspector b = (FloatObjectInspector) p;
        return (v, to) -> to.appendFloat(b.get(v));
      }
      case DOUBLE: {
        DoubleObjectInspector b = (DoubleObjectInspector) p;
        return (v, to) -> to.appendDouble(b.get(v));
      }
      case STRING:
        return string((StringObjectInspector) p);
      case CHAR:
        // Stored without its padding, as HiveToCif does.
        return (v, to) -> utf8(((HiveChar) p.getPrimitiveJavaObject(v)).getStrippedValue(), to);
      case VARCHAR: {
        HiveVarcharObjectInspector b = (HiveVarcharObjectInspector) p;
        return (v, to) -> utf8(b.getPrimitiveJavaObject(v).getValue(), to);
      }
      case BINARY: {
        BinaryObjectInspector b = (BinaryObjectInspector) p;
        return (v, to) -> {
          byte[] bytes = b.getPrimitiveJavaObject(v);
          to.appendBytes(bytes, 0, bytes.length);
        };
      }
      case DECIMAL:
        return decimal((HiveDecimalObjectInspector) p, s);
      case DATE: {
        DateObjectInspector b = (DateObjectInspector) p;
        if (b.preferWritable()) return (v, to) -> to.appendInt(b.getPrimitiveWritableObject(v).getDays());
        return (v, to) -> to.appendInt(b.getPrimitiveJavaObject(v).toEpochDay());
      }
      case TIMESTAMP: {
        TimestampObjectInspector b = (TimestampObjectInspector) p;
        return (v, to) -> {
          Timestamp t = b.getPrimitiveJavaObject(v);
          to.appendLong(Math.addExact(Math.multiplyExact(t.toEpochSecond(), 1_000_000L), t.getNanos() / 1000));
        };
      }
      default:
        throw new IllegalArgumentException("unsupported Hive type " + p.getTypeName());
    }
  }

  /**
   * A Text's bytes as they are when plain ASCII; other text takes Text.toString(), as the record path
   * did, so that malformed UTF-8 is stored as Hive's decoding repairs it and the file is the same bytes.
   */
  private static Field string(StringObjectInspector p) {
    if (!p.preferWritable()) return (v, to) -> utf8(p.getPrimitiveJavaObject(v), to);
    return (v, to) -> {
      Text t = p.getPrimitiveWritableObject(v);
      byte[] b = t.getBytes();
      int n = t.getLength();
      if (HiveToCif.isAscii(b, n)) to.appendBytes(b, 0, n);
      else utf8(t.toString(), to);
    };
  }

  private static void utf8(String s, ColumnAppender to) throws IOException {
    byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    to.appendBytes(b, 0, b.length);
  }

  /**
   * The unscaled bytes at the column's scale. Hive's own scratch buffers hold them when the value's scale
   * is at most the column's (scaling up is exact); otherwise it is rounded half up through BigDecimal, as
   * the record path did.
   */
  private static Field decimal(HiveDecimalObjectInspector p, Schema s) {
    // A map key's schema has no logical type; a top-level column's always has.
    int scale = s.getLogicalType() instanceof LogicalTypes.Decimal
        ? ((LogicalTypes.Decimal) s.getLogicalType()).getScale()
        : ((org.apache.hadoop.hive.serde2.typeinfo.DecimalTypeInfo) p.getTypeInfo()).getScale();
    long[] scratchLongs = new long[HiveDecimal.SCRATCH_LONGS_LEN];
    byte[] buffer = new byte[HiveDecimal.SCRATCH_BUFFER_LEN_BIG_INTEGER_BYTES];
    return (v, to) -> {
      HiveDecimal d = p.getPrimitiveJavaObject(v);
      if (d.scale() <= scale) {
        int n = d.bigIntegerBytesScaled(scale, scratchLongs, buffer);
        to.appendBytes(buffer, 0, n);
      } else {
        byte[] b = d.bigDecimalValue().setScale(scale, RoundingMode.HALF_UP).unscaledValue().toByteArray();
        to.appendBytes(b, 0, b.length);
      }
    };
  }
}
