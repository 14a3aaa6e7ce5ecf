package dev.cif.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * A rough measurement for docs/bench/spark-ssb-tpch.md, not a test: the driver's planning of SSB's q2.1 (a
 * fact table joined to three dimensions) over tables of each format given, in phases (analysis, optimization,
 * physical planning, the executed plan), each format in turn. The tables, shaped as SSB's (600,000 fact rows in
 * 6 files or split-directories), are written on first use into the directory given, on the local file system.
 * Arguments: the directory, the rounds, the formats (e.g. cif,parquet).
 */
public final class PlanningTime {
  private PlanningTime() {}

  private static final String[][] TABLES = {
    {"lineorder", "SELECT /*+ REPARTITION(6) */ id AS lo_orderkey, CAST(id % 7 AS INT) AS lo_linenumber, CAST(id % 30000 AS INT) AS lo_custkey,"
        + " CAST(id % 200000 AS INT) AS lo_partkey, CAST(id % 2000 AS INT) AS lo_suppkey, CAST(19920101 + id % 2500 AS INT) AS lo_orderdate,"
        + " concat('P', id % 5) AS lo_orderpriority, 0 AS lo_shippriority, CAST(id % 50 AS INT) AS lo_quantity, id * 1.5D AS lo_extendedprice,"
        + " id * 2.5D AS lo_ordtotalprice, CAST(id % 10 AS INT) AS lo_discount, id * 0.5D AS lo_revenue, id * 0.25D AS lo_supplycost,"
        + " CAST(id % 8 AS INT) AS lo_tax, CAST(19920101 + id % 2500 AS INT) AS lo_commitdate, concat('MODE', id % 7) AS lo_shipmode FROM range(0, 600000)"},
    {"part", "SELECT CAST(id AS INT) AS p_partkey, concat('P', id) AS p_name, concat('MFGR#', id % 5) AS p_mfgr, concat('MFGR#1', id % 5) AS p_category,"
        + " concat('MFGR#12', id % 40) AS p_brand1, 'red' AS p_color, 'type' AS p_type, CAST(id % 50 AS INT) AS p_size, 'box' AS p_container FROM range(0, 200000)"},
    {"supplier", "SELECT CAST(id AS INT) AS s_suppkey, concat('S', id) AS s_name, concat('C', id % 25) AS s_city, concat('N', id % 25) AS s_nation,"
        + " CASE WHEN id % 5 = 0 THEN 'AMERICA' ELSE 'ASIA' END AS s_region FROM range(0, 2000)"},
    {"dates", "SELECT CAST(19920101 + id AS INT) AS d_datekey, CAST(1992 + id / 365 AS INT) AS d_year FROM range(0, 2556)"},
  };

  private static final String Q21 = "SELECT sum(lo_revenue), d_year, p_brand1 FROM DB.lineorder, DB.dates, DB.part, DB.supplier"
      + " WHERE lo_orderdate = d_datekey AND lo_partkey = p_partkey AND lo_suppkey = s_suppkey AND p_category = 'MFGR#12'"
      + " AND s_region = 'AMERICA' GROUP BY d_year, p_brand1 ORDER BY d_year, p_brand1";

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]).toAbsolutePath();
    int rounds = Integer.parseInt(args[1]);
    String[] formats = args[2].split(",");
    SparkSession spark = SparkSession.builder().master("local[2]").appName("planning time")
        .config("spark.ui.enabled", "false").config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.warehouse.dir", dir.resolve("warehouse").toString())
        .config("spark.sql.extensions", CifExtensions.class.getName()).getOrCreate();
    for (String f : formats) {
      spark.sql("CREATE DATABASE IF NOT EXISTS " + f);
      for (String[] t : TABLES) {
        Path location = dir.resolve(f).resolve(t[0]);
        if (!Files.exists(location)) spark.sql(t[1]).write().format(f).mode("overwrite").save(location.toString());
        spark.sql("CREATE TABLE IF NOT EXISTS " + f + "." + t[0] + " USING " + f + " LOCATION '" + location + "'");
      }
    }
    for (int i = 0; i < rounds; i++) {
      for (String f : formats) {
        long t0 = System.nanoTime();
        QueryExecution qe = spark.sql(Q21.replace("DB", f)).queryExecution();
        long t1 = System.nanoTime();
        qe.optimizedPlan();
        long t2 = System.nanoTime();
        qe.sparkPlan();
        long t3 = System.nanoTime();
        qe.executedPlan();
        long t4 = System.nanoTime();
        System.out.printf("%s round %d: analysis %d, optimization %d, physical %d, executed plan %d; total %d ms%n", f, i,
            (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000, (t4 - t3) / 1_000_000, (t4 - t0) / 1_000_000);
      }
    }
    spark.stop();
  }
}
