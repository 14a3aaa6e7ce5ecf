package dev.cif.spark;

import dev.cif.schema.CifSchemas;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * Spark SQL types to the CIF type model (Avro schemas, {@link CifSchemas}) and back; the table in
 * docs/spark.md, "Types". It agrees with hive-cif's HiveTypeMapping, so a table one engine wrote reads
 * in the other: every column, element, map value and struct field is a [null, T] union; tinyint and
 * smallint are an int marked {@value #HIVE_TYPE_PROP}; decimals are Avro's decimal on bytes; a date is
 * Avro's date; Spark's TIMESTAMP_NTZ is Hive's timestamp (Avro's local-timestamp-micros) and Spark's
 * TIMESTAMP (an instant) is Avro's timestamp-micros; maps with keys other than strings carry
 * {@value CifSchemas#KEY_TYPE_PROP}. Avro unions of two or more non-null branches (Hive's uniontype)
 * have no Spark type and are refused with an error naming the column.
 */
public final class SparkTypeMapping {
  /** The property hive-cif marks tinyint and smallint with (an Avro int carries both). */
  static final String HIVE_TYPE_PROP = "cif.hiveType";

  private int records;

  private SparkTypeMapping() {}

  /** The CIF schema of a Spark table's data columns (partition columns are left out by the caller). */
  public static Schema toCif(StructType columns) {
    SparkTypeMapping m = new SparkTypeMapping();
    List<Schema.Field> fields = new ArrayList<>();
    for (StructField f : columns.fields()) {
      fields.add(new Schema.Field(f.name(), m.nullable(f.dataType(), f.name()), null, Schema.Field.NULL_DEFAULT_VALUE));
    }
    Schema s = Schema.createRecord("spark_row", null, "dev.cif.spark", false, fields);
    CifSchemas.validate(s);
    return s;
  }

  /** The Spark schema of a CIF dataset's columns. */
  public static StructType toSpark(Schema cif) {
    List<StructField> fields = new ArrayList<>();
    for (Schema.Field f : cif.getFields()) {
      fields.add(new StructField(f.name(), of(f.schema(), f.name()), nullable(f.schema()), Metadata.empty()));
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  /** Whether values of the schema may be null: a union with a null branch, or null itself. */
  static boolean nullable(Schema s) {
    if (s.getType() == Schema.Type.NULL) return true;
    if (s.getType() != Schema.Type.UNION) return false;
    for (Schema b : s.getTypes()) if (b.getType() == Schema.Type.NULL) return true;
    return false;
  }

  /** The Spark type of a CIF type; path names the column in errors. */
  static DataType of(Schema schema, String path) {
    Schema s = CifSchemas.nonNull(schema);
    LogicalType logical = s.getLogicalType();
    switch (s.getType()) {
      case NULL: return DataTypes.NullType;
      case BOOLEAN: return DataTypes.BooleanType;
      case INT: {
        if (logical instanceof LogicalTypes.Date) return DataTypes.DateType;
        Object hive = s.getObjectProp(HIVE_TYPE_PROP);
        if ("tinyint".equals(hive)) return DataTypes.ByteType;
        if ("smallint".equals(hive)) return DataTypes.ShortType;
        return DataTypes.IntegerType;
      }
      case LONG:
        if (logical instanceof LogicalTypes.TimestampMicros || logical instanceof LogicalTypes.TimestampMillis) {
          return DataTypes.TimestampType;
        }
        if (logical instanceof LogicalTypes.LocalTimestampMicros || logical instanceof LogicalTypes.LocalTimestampMillis) {
          return DataTypes.TimestampNTZType;
        }
        return DataTypes.LongType;
      case FLOAT: return DataTypes.FloatType;
      case DOUBLE: return DataTypes.DoubleType;
      case STRING: case ENUM: return DataTypes.StringType;
      case BYTES: case FIXED:
        if (logical instanceof LogicalTypes.Decimal) {
          LogicalTypes.Decimal d = (LogicalTypes.Decimal) logical;
          if (d.getPrecision() > DecimalType.MAX_PRECISION()) {
            throw new IllegalArgumentException("column " + path + ": decimal(" + d.getPrecision() + "," + d.getScale()
                + ") is wider than Spark's decimal(" + DecimalType.MAX_PRECISION() + ")");
          }
          return DataTypes.createDecimalType(d.getPrecision(), d.getScale());
        }
        return DataTypes.BinaryType;
      case ARRAY:
        return DataTypes.createArrayType(of(s.getElementType(), path + "[]"), nullable(s.getElementType()));
      case MAP:
        return DataTypes.createMapType(of(CifSchemas.mapKeySchema(s), path + " key"), of(s.getValueType(), path + "{}"),
            nullable(s.getValueType()));
      case RECORD: {
        List<StructField> fields = new ArrayList<>();
        for (Schema.Field f : s.getFields()) {
          fields.add(new StructField(f.name(), of(f.schema(), path + "." + f.name()), nullable(f.schema()), Metadata.empty()));
        }
        return new StructType(fields.toArray(new StructField[0]));
      }
      default:
        throw new IllegalArgumentException("column " + path + ": CIF type " + schema
            + " has no Spark type (a union of several non-null types)");
    }
  }

  private Schema nullable(DataType t, String path) {
    return Schema.createUnion(Schema.create(Schema.Type.NULL), cif(t, path));
  }

  private Schema cif(DataType t, String path) {
    if (t instanceof BooleanType) return Schema.create(Schema.Type.BOOLEAN);
    if (t instanceof ByteType) return hiveInt("tinyint");
    if (t instanceof ShortType) return hiveInt("smallint");
    if (t instanceof IntegerType) return Schema.create(Schema.Type.INT);
    if (t instanceof LongType) return Schema.create(Schema.Type.LONG);
    if (t instanceof FloatType) return Schema.create(Schema.Type.FLOAT);
    if (t instanceof DoubleType) return Schema.create(Schema.Type.DOUBLE);
    if (t instanceof StringType) return Schema.create(Schema.Type.STRING);
    if (t instanceof BinaryType) return Schema.create(Schema.Type.BYTES);
    if (t instanceof DecimalType) {
      DecimalType d = (DecimalType) t;
      return LogicalTypes.decimal(d.precision(), d.scale()).addToSchema(Schema.create(Schema.Type.BYTES));
    }
    if (t instanceof DateType) return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
    if (t instanceof TimestampType) return LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
    if (t instanceof TimestampNTZType) return LogicalTypes.localTimestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
    if (t instanceof ArrayType) return Schema.createArray(nullable(((ArrayType) t).elementType(), path + "[]"));
    if (t instanceof MapType) {
      MapType m = (MapType) t;
      Schema map = Schema.createMap(nullable(m.valueType(), path + "{}"));
      Schema key = cif(m.keyType(), path + " key");
      if (!CifSchemas.isPrimitive(key) || key.getLogicalType() != null || key.getObjectProp(HIVE_TYPE_PROP) != null) {
        throw new IllegalArgumentException("column " + path + ": CIF map keys are boolean, int, bigint, float, double, string"
            + " or binary, not " + m.keyType().simpleString());
      }
      if (key.getType() != Schema.Type.STRING) map.addProp(CifSchemas.KEY_TYPE_PROP, key.getType().getName());
      return map;
    }
    if (t instanceof StructType) {
      List<Schema.Field> fields = new ArrayList<>();
      for (StructField f : ((StructType) t).fields()) {
        fields.add(new Schema.Field(f.name(), nullable(f.dataType(), path + "." + f.name()), null, Schema.Field.NULL_DEFAULT_VALUE));
      }
      // Avro needs a distinct name for each record of a schema.
      return Schema.createRecord("struct" + (records++), null, "dev.cif.spark", false, fields);
    }
    throw new IllegalArgumentException("column " + path + ": Spark type " + t.simpleString() + " has no CIF type");
  }

  private static Schema hiveInt(String hiveType) {
    Schema s = Schema.create(Schema.Type.INT);
    s.addProp(HIVE_TYPE_PROP, hiveType);
    return s;
  }
}
