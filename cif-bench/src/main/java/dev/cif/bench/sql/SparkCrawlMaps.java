package dev.cif.bench.sql;

import java.io.File;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bin/cif bench-sql crawl-maps --engine spark}: the crawl-map workload ({@link CrawlMapQueries}) on Spark
 * SQL ({@link SparkChildSession}, CIF's session extensions on, so {@code m['k']} over a CIF table reads key k
 * alone). The table is made by Spark in ORC, then copied into CIF and Parquet; each query runs W times per
 * format to warm up, then K times with the formats taking turns, and the medians of wall time, task CPU (the
 * tasks' executor CPU time) and bytes read (the Spark JVM's reads of the tables' files on every thread) are reported, with {@code EXPLAIN} of the first
 * query on CIF (its scan's {@code MapKeys}). Every format's answer must be ORC's (compared as {@link Answer}s).
 */
final class SparkCrawlMaps {
  private static final List<Format> FORMATS = List.of(Format.CIF, Format.PARQUET, Format.ORC);

  private record Cost(double seconds, double taskCpuSeconds, long bytesRead) {}

  private SparkCrawlMaps() {}

  static int run(long rows, int runs, int warmups, File dir, List<Integer> queries, PrintStream out) throws Exception {
    SqlBench.clearSessionDirectories(dir);
    boolean ok = true;
    StringBuilder md = new StringBuilder();
    try (SparkChildSession spark = new SparkChildSession(dir)) {
      String versions = spark.versions();
      spark.run("CREATE DATABASE crawl_maps LOCATION '" + spark.databaseLocation("crawl_maps", dir) + "'");
      spark.run("USE crawl_maps");
      spark.run("CREATE TABLE crawl_orc " + spark.storage(Format.ORC) + " AS " + CrawlMapQueries.rows(rows));
      for (Format f : List.of(Format.CIF, Format.PARQUET)) {
        spark.run("CREATE TABLE crawl_" + f.id() + " " + spark.storage(f) + " AS SELECT * FROM crawl_orc");
      }
      md.append(String.format(Locale.ROOT, "crawl-maps on Spark (%s): %,d rows, median of %d runs after %d warm-up(s) per format,"
          + " the formats taking turns; task CPU = the tasks' executor CPU time, MB read = the tables' files read on every thread%n%n"
          + "Versions: %s%n%n| table | bytes |%n|---|---:|%n", SparkChildSession.MASTER, rows, runs, warmups, versions));
      for (Format f : FORMATS) {
        md.append(String.format(Locale.ROOT, "| crawl_%s | %,d |%n", f.id(), sizeOnDisk(new File(dir, "warehouse/crawl_maps/crawl_" + f.id()))));
      }
      Map<String, Map<Format, Cost>> results = new LinkedHashMap<>();
      for (int qi = 0; qi < CrawlMapQueries.QUERIES.size(); qi++) {
        if (queries != null && !queries.contains(qi + 1)) continue;
        CrawlMapQueries.Query q = CrawlMapQueries.QUERIES.get(qi);
        Answer expected = null;
        for (Format f : List.of(Format.ORC, Format.CIF, Format.PARQUET)) {
          Answer answer = null;
          for (int w = 0; w < Math.max(1, warmups); w++) answer = new Answer(spark.run(sql(q, f)));
          if (expected == null) {
            expected = answer;
          } else if (answer.difference(expected) != null) {
            ok = false;
            System.err.println("crawl-maps: " + f.id() + " answered " + q.name() + " differently from orc: " + answer.difference(expected));
          }
        }
        Map<Format, List<Cost>> costs = new LinkedHashMap<>();
        for (int r = 0; r < runs; r++) {
          for (int k = 0; k < FORMATS.size(); k++) {
            Format f = FORMATS.get((r + k) % FORMATS.size());
            costs.computeIfAbsent(f, x -> new ArrayList<>()).add(measure(spark, sql(q, f)));
          }
        }
        Map<Format, Cost> medians = new LinkedHashMap<>();
        for (Format f : FORMATS) medians.put(f, median(costs.get(f)));
        System.err.println("crawl-maps: " + q.name() + ": " + medians);
        results.put(q.name(), medians);
      }
      table(md, "seconds (whole statement)", results, Cost::seconds);
      table(md, "task CPU seconds", results, Cost::taskCpuSeconds);
      table(md, "MB read", results, c -> c.bytesRead() / 1e6);
      md.append("\nEXPLAIN of \"").append(CrawlMapQueries.QUERIES.get(0).name()).append("\" on CIF, its scan:\n\n```\n");
      for (String line : String.join("\n", spark.run("EXPLAIN " + sql(CrawlMapQueries.QUERIES.get(0), Format.CIF))).split("\n")) {
        if (line.contains("BatchScan") || line.contains("MapKeys")) md.append(line.trim()).append('\n');
      }
      md.append("```\n");
    }
    out.print(md);
    return ok ? 0 : 1;
  }

  private static String sql(CrawlMapQueries.Query q, Format f) { return q.sql().replace("$t", "crawl_" + f.id()); }

  private static Cost measure(SparkChildSession spark, String sql) throws Exception {
    long cpu = spark.cpuNanos();
    long bytes = spark.bytesRead();
    long t0 = System.nanoTime();
    spark.run(sql);
    double seconds = (System.nanoTime() - t0) / 1e9;
    return new Cost(seconds, (spark.cpuNanos() - cpu) / 1e9, spark.bytesRead() - bytes);
  }

  private static Cost median(List<Cost> costs) {
    return new Cost(median(costs, Cost::seconds), median(costs, Cost::taskCpuSeconds), (long) median(costs, c -> c.bytesRead()));
  }

  private static double median(List<Cost> costs, java.util.function.ToDoubleFunction<Cost> metric) {
    double[] v = costs.stream().mapToDouble(metric).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  private static void table(StringBuilder md, String what, Map<String, Map<Format, Cost>> results,
      java.util.function.ToDoubleFunction<Cost> metric) {
    md.append("\n| ").append(what).append(" | cif | parquet | orc | cif/parquet | cif/orc |\n|---|---:|---:|---:|---:|---:|\n");
    results.forEach((q, byFormat) -> {
      double c = metric.applyAsDouble(byFormat.get(Format.CIF));
      double p = metric.applyAsDouble(byFormat.get(Format.PARQUET));
      double o = metric.applyAsDouble(byFormat.get(Format.ORC));
      md.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %.2f | %.2f |%n", q, c, p, o, c / p, c / o));
    });
  }

  private static long sizeOnDisk(File dir) throws java.io.IOException {
    if (!dir.exists()) return -1;
    try (var files = java.nio.file.Files.walk(dir.toPath())) {
      return files.filter(java.nio.file.Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("."))
          .mapToLong(p -> p.toFile().length()).sum();
    }
  }
}
