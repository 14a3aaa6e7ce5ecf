package dev.cif.bench.sql;

import java.util.Locale;

/**
 * The engine an embedded session runs Hive's jobs on, or Spark SQL instead of Hive. MR and Tez run in this JVM. Tez is Hive 4's default
 * engine; MapReduce is deprecated in Hive 4 but still works. They differ in more than start-up cost: on
 * MapReduce a shuffle (common) join reads both of its tables in one map task, and Hive vectorizes a map
 * task only when it has a single table scan ("Vectorized map work only works with 1 TableScanOperator"),
 * so the map side of every shuffle join runs row by row, for every format; Tez reads each table in a
 * vertex of its own, which Hive vectorizes.
 */
public enum Engine {
  MR, TEZ,
  /** Spark SQL in a JVM of its own, over Spark's own Parquet and ORC and spark-cif ({@link SparkChildSession}). */
  SPARK;

  static Engine of(String v) {
    switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "mr": return MR;
      case "tez": return TEZ;
      case "spark": return SPARK;
      default: throw new IllegalArgumentException("--engine " + v + ": mr, tez or spark");
    }
  }

  public String id() { return name().toLowerCase(Locale.ROOT); }
}
