package dev.cif.spark;

import dev.cif.pushdown.ColumnStatistics;
import dev.cif.pushdown.Predicate;
import org.apache.avro.util.Utf8;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Partition pruning by cif-core's own evaluator: the filters on partition columns are translated as
 * those on data columns are ({@link FilterTranslation}, over the partition columns as CIF columns), and
 * judged against each partition directory as if it were a block whose every row holds the directory's
 * values (minimum = maximum = the value; all null for the default partition). A directory is planned
 * unless the predicate cannot be true there. Partition columns of types other than int, bigint, double
 * and string are not judged.
 */
final class PartitionPruning {
  private PartitionPruning() {}

  /** The translation of filters on the partition columns that can be judged, or null if none can. */
  static FilterTranslation translation(StructType partitionSchema) {
    StructType judged = new StructType();
    for (StructField f : partitionSchema.fields()) if (judged(f.dataType())) judged = judged.add(f);
    return judged.isEmpty() ? null : new FilterTranslation(SparkTypeMapping.toCif(judged));
  }

  private static boolean judged(DataType t) {
    return t instanceof IntegerType || t instanceof LongType || t instanceof DoubleType || t instanceof StringType;
  }

  /** Whether rows of a directory with these partition values may pass p (null: no predicate). */
  static boolean mayMatch(Predicate p, InternalRow values, StructType partitionSchema) {
    if (p == null) return true;
    return p.evaluate(column -> {
      int i = java.util.Arrays.asList(partitionSchema.fieldNames()).indexOf(column);
      if (i < 0 || !judged(partitionSchema.fields()[i].dataType())) return null;
      if (values.isNullAt(i)) return new ColumnStatistics(1, 1, null, null);
      DataType t = partitionSchema.fields()[i].dataType();
      Object v = t instanceof StringType ? new Utf8(values.getUTF8String(i).getBytes()) : values.get(i, t);
      return new ColumnStatistics(1, 0, v, v);
    }).mayBeTrue();
  }
}
