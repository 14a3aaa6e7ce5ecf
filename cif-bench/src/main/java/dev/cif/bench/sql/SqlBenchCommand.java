package dev.cif.bench.sql;

import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import java.io.PrintStream;

/** {@code cif bench-sql}: {@link SqlBench}. */
public final class SqlBenchCommand implements Command {
  @Override public String name() { return "bench-sql"; }

  @Override public String summary() { return "SSB / TPC-H / crawl-maps on embedded Hive (or Spark: --engine spark) over every format"; }

  @Override
  public String help() {
    // Both usages are compile-time constants, inlined here: listing the commands loads neither class.
    return "usage: cif " + BenchOptions.USAGE + " [--hive 4.1|4.2]\n"
        + "       cif " + CrawlMapBench.USAGE.substring("usage: bin/cif ".length()) + "\n"
        + "--engine spark: Spark SQL (local[2], a JVM of its own on spark-cif's classpath) over cif, parquet and orc,\n"
        + "with the tasks' CPU and the tables' bytes read on every thread; its log in DIR/spark.log (docs/bench/spark-ssb-tpch.md).\n"
        + "Results on stdout, the engines' output in DIR/bench-sql.log (docs/benchmarks.md).";
  }

  @Override
  public int run(ClientConf client, String[] args, PrintStream out) throws Exception {
    SqlBench.main(args);
    return 0;
  }
}
