package dev.cif.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The paper's crawl query (§6.3) timed on CIF, ORC and Parquet copies of one generated crawl table, in
 * embedded Hive (MR local). Not part of the default test run; run it with
 * {@code mvn -pl hive-cif test -Dtest=CrawlQueryBench -Dhive.excludedGroups=none -Dcif.bench.rows=250000},
 * or through {@link #main} on the module's test classpath.
 * Writes its table to stdout and to {@code target/crawl-query-bench.txt}.
 */
@Tag("bench")
public class CrawlQueryBench {
  private static final String QUERY = "SELECT DISTINCT metadata['content-type'] FROM $t WHERE url LIKE '%ibm.com/jp%'";
  /** Runs per format after one warm-up run; the median is reported. */
  private static final int RUNS = 5;

  /** About 6% of urls are under ibm.com/jp (the paper's selectivity); content makes a row ~1.2 KB. */
  private static String generator(long rows) {
    return "SELECT concat('http://', CASE WHEN pmod(hash(pos, 7), 1000) < 60 THEN 'www.ibm.com/jp/' "
        + "ELSE elt(pmod(hash(pos, 3), 5) + 1, 'www.ibm.com/us/', 'example.org/', 'news.example.com/', "
        + "'www.ibm.com/de/', 'docs.example.net/') END, 'page', pos, '.html') AS url, "
        + "concat('http://example.org/from/', pmod(hash(pos, 11), 100000)) AS srcurl, "
        + "1293840000000 + pos * 1000 AS fetchtime, "
        + "map('content-type', elt(pmod(hash(pos, 5), 6) + 1, 'text/html', 'text/html; charset=utf-8', "
        + "'application/pdf', 'image/png', 'text/plain', 'application/xml'), "
        + "'server', elt(pmod(hash(pos, 13), 3) + 1, 'Apache', 'nginx', 'IBM_HTTP_Server'), "
        + "'content-length', cast(pmod(hash(pos, 17), 90000) AS STRING), "
        + "'etag', md5(cast(pos AS STRING)), 'x-crawl-id', cast(pos AS STRING)) AS metadata, "
        + "concat_ws(' ', repeat(md5(cast(pos AS STRING)), 16), repeat(sha1(cast(pos AS STRING)), 12), "
        + "repeat(md5(cast(pos * 31 AS STRING)), 8)) AS content "
        + "FROM (SELECT posexplode(split(space(" + (rows - 1) + "), ' '))) g";
  }

  /** Bytes of table data read by this JVM (MR local runs the tasks in it). */
  private static long localBytesRead() {
    return FileSystem.getStatistics("countfile", OpenCountingFileSystem.class).getBytesRead();
  }

  private static double median(double[] a) {
    double[] s = a.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  public static void main(String[] args) throws Exception {
    new CrawlQueryBench().crawlQueryPerFormat();
  }

  @Test
  void crawlQueryPerFormat() throws Exception {
    long rows = Long.getLong("cif.bench.rows", 250_000);
    File root = new File("target/crawl-bench");
    try (EmbeddedHive hive = new EmbeddedHive(root, false)) {
      long t0 = System.nanoTime();
      hive.run("CREATE TABLE crawl_text STORED AS TEXTFILE AS " + generator(rows));
      List<String> report = new ArrayList<>();
      report.add(String.format("rows %d, generated in %.1f s", rows, (System.nanoTime() - t0) / 1e9));
      Map<String, String> tables = new LinkedHashMap<>();
      tables.put("TEXTFILE", "crawl_text");
      tables.put("CIF", "crawl_cif");
      tables.put("ORC", "crawl_orc");
      tables.put("PARQUET", "crawl_parquet");
      hive.runAll("CREATE TABLE crawl_cif STORED AS CIF TBLPROPERTIES ('cif.layout' = 'metadata:dcsl') AS SELECT * FROM crawl_text",
          "CREATE TABLE crawl_orc STORED AS ORC AS SELECT * FROM crawl_text",
          "CREATE TABLE crawl_parquet STORED AS PARQUET AS SELECT * FROM crawl_text");
      FileSystem fs = FileSystem.getLocal(hive.conf);
      // Queries read each table through the countfile: scheme, so bytes read are the table's alone
      // (MR local also reads Hive's jars through file: for every job).
      String[] stored = {"TEXTFILE", "CIF", "ORC", "PARQUET"};
      int k = 0;
      for (Map.Entry<String, String> e : tables.entrySet()) {
        String path = hive.location(e.getValue()).toUri().getPath();
        hive.run("CREATE EXTERNAL TABLE " + e.getValue() + "_counted (url STRING, srcurl STRING, fetchtime BIGINT,"
            + " metadata MAP<STRING,STRING>, content STRING) STORED AS " + stored[k++] + " LOCATION 'countfile://" + path + "'");
      }
      List<String> expected = null;
      report.add("format    vectorized size on disk  runs (s)                                 median(s) CPU (s)  bytes read");
      // Vectorized (Hive 4's default) CIF, ORC and Parquet read through their vectorized readers, TEXTFILE
      // through Hive's vectorized text deserializer; row by row otherwise.
      java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
      for (boolean vectorized : new boolean[] {true, false}) {
      hive.set("hive.vectorized.execution.enabled", String.valueOf(vectorized));
      for (Map.Entry<String, String> e : tables.entrySet()) {
        ContentSummary size = fs.getContentSummary(new Path(hive.location(e.getValue()).toUri().getPath()));
        double[] seconds = new double[RUNS];
        double[] cpu = new double[RUNS];
        long[] read = new long[RUNS];
        List<String> answer = null;
        hive.run(QUERY.replace("$t", e.getValue() + "_counted")); // warm-up
        for (int r = 0; r < RUNS; r++) {
          long start = System.nanoTime();
          long cpu0 = ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
          long read0 = localBytesRead();
          answer = EmbeddedHive.sorted(hive.run(QUERY.replace("$t", e.getValue() + "_counted")));
          seconds[r] = (System.nanoTime() - start) / 1e9;
          cpu[r] = (((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() - cpu0) / 1e9;
          read[r] = localBytesRead() - read0;
        }
        if (expected == null) expected = answer;
        assertFalse(expected.isEmpty());
        assertEquals(expected, answer, e.getKey());
        report.add(String.format("%-9s %-10s %-13d %-40s %-9.2f %-8.2f %d", e.getKey(), vectorized, size.getLength(),
            Arrays.toString(seconds), median(seconds), median(cpu), read[RUNS / 2]));
      }
      }
      report.add("answer: " + expected);
      String text = String.join("\n", report) + "\n";
      System.out.print(text);
      Files.writeString(new File("target/crawl-query-bench.txt").toPath(), text, StandardCharsets.UTF_8);
    }
  }
}
