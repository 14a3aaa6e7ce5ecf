package dev.cif.spark;

import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Partition column values as directory names hold them (strings) and as Spark holds them (its internal
 * values): the type a column's values suggest when nothing declares it (int, then bigint, then double,
 * else string, as Spark infers a file table's partitions), and conversions both ways. Dates are written
 * as yyyy-MM-dd, as Hive writes them.
 */
final class PartitionValues {
  private PartitionValues() {}

  static DataType inferType(List<String> values) {
    boolean ints = true, longs = true, doubles = true;
    for (String v : values) {
      if (v == null) continue;
      ints &= parses(v, Integer::parseInt);
      longs &= parses(v, Long::parseLong);
      doubles &= parses(v, Double::parseDouble);
    }
    return ints ? DataTypes.IntegerType : longs ? DataTypes.LongType : doubles ? DataTypes.DoubleType : DataTypes.StringType;
  }

  private static boolean parses(String v, java.util.function.Function<String, ?> parse) {
    try {
      parse.apply(v);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** A directory's value as Spark's internal value of type t (null stays null); a value that is not of the type is an error naming the column. */
  static Object toInternal(String column, String value, DataType t) {
    if (value == null) return null;
    try {
      if (t instanceof StringType) return UTF8String.fromString(value);
      if (t instanceof IntegerType) return Integer.parseInt(value);
      if (t instanceof LongType) return Long.parseLong(value);
      if (t instanceof ShortType) return Short.parseShort(value);
      if (t instanceof ByteType) return Byte.parseByte(value);
      if (t instanceof DoubleType) return Double.parseDouble(value);
      if (t instanceof FloatType) return Float.parseFloat(value);
      if (t instanceof BooleanType) return Boolean.parseBoolean(value);
      if (t instanceof DateType) return (int) java.time.LocalDate.parse(value).toEpochDay();
      if (t instanceof DecimalType) {
        DecimalType d = (DecimalType) t;
        return Decimal.apply(new java.math.BigDecimal(value), d.precision(), d.scale());
      }
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("CIF: partition column " + column + ": '" + value + "' is not a " + t.simpleString(), e);
    }
    throw new IllegalArgumentException("CIF: partition column " + column + " of type " + t.simpleString() + " is not supported");
  }

  /** The directory value of field i of row, of type t; null for a null. */
  static String toDirectory(InternalRow row, int i, DataType t) {
    if (row.isNullAt(i)) return null;
    if (t instanceof DateType) return java.time.LocalDate.ofEpochDay(row.getInt(i)).toString();
    if (t instanceof DecimalType) return row.getDecimal(i, ((DecimalType) t).precision(), ((DecimalType) t).scale()).toJavaBigDecimal().toPlainString();
    return row.get(i, t).toString();
  }
}
