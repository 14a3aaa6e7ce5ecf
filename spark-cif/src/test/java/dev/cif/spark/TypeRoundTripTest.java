package dev.cif.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.Cif;
import dev.cif.ReadOptions;
import dev.cif.schema.CifSchemas;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/** Every type CIF stores, written by Spark and read back by Spark, and as cif-core sees the files. */
class TypeRoundTripTest {
  /** One column of each Spark type the mapping covers, nulls among them, 1,000 rows. */
  static final String ALL_TYPES = "SELECT id,"
      + " CASE WHEN id % 7 = 0 THEN NULL ELSE id % 2 = 0 END AS bool,"
      + " CAST(id % 100 AS TINYINT) AS tiny, CAST(id - 1500 AS SMALLINT) AS small, CAST(id * 7 AS INT) AS i,"
      + " CASE WHEN id % 11 = 0 THEN NULL ELSE id * 1000000007 END AS big,"
      + " CAST(id AS FLOAT) / 3 AS f, id / 7.0D AS d,"
      + " CASE WHEN id % 5 = 0 THEN NULL ELSE concat('s', id, 'é') END AS str,"
      + " CAST(concat('b', id) AS BINARY) AS bin,"
      + " CAST(id / 3 AS DECIMAL(9,2)) AS dec9, CAST(id * 12345.6789 - 1e6 AS DECIMAL(18,4)) AS dec18,"
      + " CAST(id AS DECIMAL(30,5)) * CAST(1000000000000000 AS DECIMAL(30,5)) AS dec38,"
      + " date_add(DATE'1969-12-01', CAST(id AS INT)) AS dt,"
      + " timestamp_micros(id * 1000003 - 500000000) AS ts,"
      + " CAST(timestamp_micros(id * 999983) AS TIMESTAMP_NTZ) AS ntz,"
      + " array(CAST(id AS INT), NULL, 3) AS arr,"
      + " CASE WHEN id % 4 = 0 THEN NULL ELSE array(named_struct('x', id, 'y', concat('y', id))) END AS arrs,"
      + " map('a', CAST(id AS INT), 'b', NULL) AS ms,"
      + " map(CAST(id AS INT), concat('v', id)) AS mi,"
      + " map(id, CAST(id AS DOUBLE), -id - 1, NULL) AS ml,"
      + " map(id % 2 = 0, id) AS mb,"
      + " map(CAST(concat('k', id) AS BINARY), id) AS mbin,"
      + " named_struct('a', CAST(id AS INT), 'n', named_struct('c', concat('c', id), 'd', CAST(NULL AS DOUBLE))) AS st,"
      + " CASE WHEN id % 3 = 0 THEN NULL ELSE named_struct('q', id, 'r', array(map('z', id))) END AS nst"
      + " FROM range(0, 1000)";

  @Test
  void everyTypeReadsBackAsWritten() throws Exception {
    SparkSession spark = SharedSpark.session();
    Path dir = SharedSpark.newDir("types");
    Dataset<Row> df = spark.sql(ALL_TYPES).repartition(2);
    df.write().format("cif").mode("append").option("cif.block.bytes", "2048").save(dir.toString());

    Dataset<Row> back = spark.read().format("cif").option("batchRows", "100").load(dir.toString());
    assertEquals(df.schema().asNullable(), back.schema().asNullable());
    List<Row> expected = spark.sql(ALL_TYPES).orderBy("id").collectAsList();
    List<Row> actual = back.orderBy("id").collectAsList();
    assertEquals(expected.size(), actual.size());
    for (int r = 0; r < expected.size(); r++) assertEquals(canonical(expected.get(r)), canonical(actual.get(r)), "row " + r);
  }

  /** A value that compares by content: binary (also as a map key) as hex, rows, sequences and maps as Java collections. */
  static Object canonical(Object v) {
    if (v instanceof byte[]) return java.util.HexFormat.of().formatHex((byte[]) v);
    if (v instanceof Row) {
      Row row = (Row) v;
      List<Object> out = new java.util.ArrayList<>();
      for (int i = 0; i < row.length(); i++) out.add(canonical(row.get(i)));
      return out;
    }
    if (v instanceof scala.collection.Map) {
      java.util.Map<Object, Object> out = new java.util.HashMap<>();
      scala.jdk.javaapi.CollectionConverters.asJava((scala.collection.Map<?, ?>) v).forEach((k, x) -> out.put(canonical(k), canonical(x)));
      return out;
    }
    if (v instanceof scala.collection.Seq) {
      List<Object> out = new java.util.ArrayList<>();
      for (Object x : scala.jdk.javaapi.CollectionConverters.asJava((scala.collection.Seq<?>) v)) out.add(canonical(x));
      return out;
    }
    return v;
  }

  @Test
  void theFilesCarryTheDocumentedCifTypes() throws Exception {
    SparkSession spark = SharedSpark.session();
    Path dir = SharedSpark.newDir("mapping");
    spark.sql(ALL_TYPES).limit(10).write().format("cif").mode("append").save(dir.toString());
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Schema s = Cif.createReader(fs, new org.apache.hadoop.fs.Path(dir.toString()), new ReadOptions()).schema();
    assertEquals("tinyint", CifSchemas.nonNull(s.getField("tiny").schema()).getObjectProp("cif.hiveType"));
    assertEquals(LogicalTypes.decimal(18, 4), CifSchemas.nonNull(s.getField("dec18").schema()).getLogicalType());
    assertEquals(LogicalTypes.date(), CifSchemas.nonNull(s.getField("dt").schema()).getLogicalType());
    assertEquals(LogicalTypes.timestampMicros(), CifSchemas.nonNull(s.getField("ts").schema()).getLogicalType());
    assertEquals(LogicalTypes.localTimestampMicros(), CifSchemas.nonNull(s.getField("ntz").schema()).getLogicalType());
    assertEquals(Schema.Type.INT, CifSchemas.mapKeySchema(CifSchemas.nonNull(s.getField("mi").schema())).getType());
    assertEquals(Schema.Type.BYTES, CifSchemas.mapKeySchema(CifSchemas.nonNull(s.getField("mbin").schema())).getType());
    assertTrue(SparkTypeMapping.nullable(s.getField("id").schema()));
    // cif-core's own reader sees Spark's rows: the ninth row's string and its map with an int key.
    try (dev.cif.RowReader rows = Cif.createReader(fs, new org.apache.hadoop.fs.Path(dir.toString()),
        new ReadOptions().columns("id,str,mi")).rows()) {
      int n = 0;
      while (rows.next()) {
        long id = (Long) rows.current().get("id");
        Object str = rows.current().get("str");
        assertEquals(id % 5 == 0 ? null : "s" + id + "é", str == null ? null : str.toString());
        assertEquals("v" + id, ((java.util.Map<?, ?>) rows.current().get("mi")).get((int) id).toString());
        n++;
      }
      assertEquals(10, n);
    }
  }

  @Test
  void aTypeCifCannotStoreIsRefusedNamingTheColumn() {
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> SparkTypeMapping.toCif(SharedSpark.session().sql("SELECT map(DATE'2020-01-01', 1) AS md").schema()));
    assertTrue(e.getMessage().contains("md"), e.getMessage());
  }
}
