package dev.cif.bench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.sun.management.OperatingSystemMXBean;
import dev.cif.embedded.hive.EmbeddedHive;
import dev.cif.hive.vector.VectorizedCifReader;
import dev.cif.testing.OpenCountingFileSystem;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The paper's crawl query (§6.3) on CIF, ORC and Parquet copies of one generated crawl table, in
 * embedded Hive (MR local). Per format it reports, as medians of {@value #RUNS} runs after a warm-up (the
 * formats take turns, run by run):
 * the whole statement's wall and CPU time, the CPU time of its map tasks (the scan, the filter and the
 * map-side DISTINCT: what the paper's Table 1 times, and what differs between formats; see
 * {@link TaskCpuSampler}), the bytes of table data read, and CIF's reader counters. Every format must
 * give the first format's answer. Not part of the default test run:
 * {@code mvn -pl cif-bench -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=CrawlQueryBench -Dbench.excludedGroups=none -Dcif.bench.rows=1000000}.
 * Settings: {@code cif.bench.rows} (250,000); {@code cif.bench.formats} (TEXTFILE,CIF,ORC,PARQUET, and
 * CIF_LZ4: CIF with every column LZ4-compressed); {@code cif.bench.modes} (vectorized,row);
 * {@code cif.bench.dir} (target/crawl-bench-ROWS: tables and metastore are kept there and reused by the
 * next run with the same row count); {@code cif.bench.settings} (k=v,...: session settings for the
 * queries); {@code cif.bench.engine} (mr, or tez: Tez local mode, Hive 4's default engine). Writes its
 * table to stdout and to {@code target/crawl-query-bench.txt}.
 */
@Tag("bench")
public class CrawlQueryBench {
  private static final String QUERY = "SELECT DISTINCT metadata['content-type'] FROM $t WHERE url LIKE '%ibm.com/jp%'";
  /** Runs per format after one warm-up run; the median is reported. */
  private static final int RUNS = 5;
  private static final Map<String, String> CTAS = Map.of(
      "CIF", "STORED AS CIF TBLPROPERTIES ('cif.layout' = 'metadata:dcsl', 'cif.codec' = '*:none')",
      "CIF_LZ4", "STORED AS CIF TBLPROPERTIES ('cif.layout' = 'metadata:dcsl', 'cif.codec' = '*:lz4')",
      "ORC", "STORED AS ORC",
      "PARQUET", "STORED AS PARQUET");

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

  /** One format's figures, one entry per timed run. */
  private static final class Measured {
    final double[] wall = new double[RUNS];
    final double[] cpu = new double[RUNS];
    final double[] mapCpu = new double[RUNS];
    final double[] other = new double[RUNS];
    final double[] jvm = new double[RUNS];
    final double[] read = new double[RUNS];
    long scanned;
    long materialized;
    long maps;
  }

  /** Bytes of table data read by this JVM (MR local and Tez local run the tasks in it). */
  private static long localBytesRead() { return OpenCountingFileSystem.BYTES_READ.get(); }

  /**
   * Hive 4's default engine, Tez, in local mode (cif.bench.engine=tez): the DAG's tasks run on a pool of
   * threads of this JVM, map and reduce vertices alike, so on Tez the "map CPU" column is the CPU of all
   * the DAG's tasks ({@link TaskCpuSampler}); Hive prints each DAG's vertices and counters to stderr.
   */
  private static void useTez(EmbeddedHive hive, List<String> report) {
    hive.useTezLocal(1024, 64);
    hive.set("hive.tez.exec.print.summary", "true");
    report.add("engine: tez local");
  }

  private static double median(double[] a) {
    double[] s = a.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  public static void main(String[] args) throws Exception {
    new CrawlQueryBench().crawlQueryPerFormat();
  }

  private static String table(String format) { return "crawl_" + format.toLowerCase(); }

  /** Creates what a run with the same row count has not left behind: the tables and their countfile: twins. */
  private static void createTables(EmbeddedHive hive, List<String> formats, long rows, List<String> report) throws Exception {
    List<String> have = hive.run("SHOW TABLES");
    if (!have.contains("crawl_textfile")) {
      long t0 = System.nanoTime();
      hive.run("CREATE TABLE crawl_textfile STORED AS TEXTFILE AS " + generator(rows));
      report.add(String.format("generated %d rows in %.1f s", rows, (System.nanoTime() - t0) / 1e9));
    }
    for (String f : formats) {
      if (!have.contains(table(f)) && !f.equals("TEXTFILE")) {
        long t0 = System.nanoTime();
        hive.run("CREATE TABLE " + table(f) + " " + CTAS.get(f) + " AS SELECT * FROM crawl_textfile");
        report.add(String.format("%s written in %.1f s", f, (System.nanoTime() - t0) / 1e9));
      }
      // Queries read each table through the countfile: scheme, so bytes read are the table's alone
      // (MR local also reads Hive's jars through file: for every job).
      if (!have.contains(table(f) + "_counted")) {
        String path = hive.location(table(f)).toUri().getPath();
        hive.run("CREATE EXTERNAL TABLE " + table(f) + "_counted (url STRING, srcurl STRING, fetchtime BIGINT,"
            + " metadata MAP<STRING,STRING>, content STRING) STORED AS " + f.replaceFirst("^CIF_.*", "CIF")
            + " LOCATION 'countfile://" + path + "'");
      }
      copyRowCount(hive, table(f));
    }
  }

  /**
   * The countfile: twin gets its table's row count. An external table created over existing files has
   * no statistics, and without a row count Hive's planner estimates a scan's size from the files' bytes:
   * on Tez that sets the number of reduce tasks, so the uncompressed 1.4 GB copies (CIF, Parquet,
   * TEXTFILE) got 21 reducers and ORC's 122 MB 2 (counted from the task attempts of a run), which Tez
   * local runs one after another. With the row count every format's plan estimates the same size from
   * the column types, as for the CTAS tables themselves. (MR sizes its reduces from the input files'
   * bytes at run time whatever the statistics say.)
   */
  private static void copyRowCount(EmbeddedHive hive, String table) throws Exception {
    String rows = hive.tableParameter(table, "numRows");
    hive.run("ALTER TABLE " + table + "_counted SET TBLPROPERTIES ('numRows' = '" + rows + "')");
  }

  @Test
  void crawlQueryPerFormat() throws Exception {
    long rows = Long.getLong("cif.bench.rows", 250_000);
    List<String> formats = Arrays.asList(System.getProperty("cif.bench.formats", "TEXTFILE,CIF,ORC,PARQUET").split(","));
    List<String> modes = Arrays.asList(System.getProperty("cif.bench.modes", "vectorized,row").split(","));
    File root = new File(System.getProperty("cif.bench.dir", "target/crawl-bench-" + rows));
    OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    List<String> report = new ArrayList<>();
    try (EmbeddedHive hive = new EmbeddedHive(root, true); TaskCpuSampler tasks = new TaskCpuSampler(5)) {
      createTables(hive, formats, rows, report);
      if ("tez".equals(System.getProperty("cif.bench.engine", "mr"))) useTez(hive, report);
      // Session settings for the queries, e.g. cif.split.max-bytes=256000000: Hive combines ORC's and
      // Parquet's files into splits of up to mapred.max.split.size (256 MB); CIF gives each split-directory
      // its own map task unless cif.split.max-bytes asks it to combine them.
      for (String kv : System.getProperty("cif.bench.settings", "").split(",")) {
        if (kv.isBlank()) continue;
        String[] p = kv.split("=", 2);
        hive.set(p[0].trim(), p[1].trim());
        report.add("SET " + p[0].trim() + "=" + p[1].trim());
      }
      FileSystem fs = FileSystem.getLocal(hive.conf());
      report.add(String.format("%-9s %-10s %10s %5s %8s %8s %9s %9s %9s %10s  %s", "format", "vectorized", "size MB", "merged",
          "wall s", "CPU s", "map CPU s", "other s", "JVM s", "read MB", "map CPU s of each run"));
      List<String> expected = null;
      for (String mode : modes) {
        hive.set("hive.vectorized.execution.enabled", String.valueOf(mode.equals("vectorized")));
        Map<String, Measured> measured = new LinkedHashMap<>();
        for (String f : formats) measured.put(f, new Measured());
        // Round-robin, so that JIT compilation and garbage left by one query do not all fall on the
        // format that happens to run first; round 0 is the warm-up.
        for (int r = -1; r < RUNS; r++) {
          for (String f : formats) {
            String sql = QUERY.replace("$t", table(f) + "_counted");
            if (r < 0) {
              hive.run(sql);
              continue;
            }
            Measured m = measured.get(f);
            // The previous query's garbage is collected here, outside every window, so that its collection
            // is not charged to the next format's query; each query's own young collections stay in its window.
            System.gc();
            long start = System.nanoTime();
            long cpu0 = os.getProcessCpuTime();
            long map0 = tasks.mapCpuNanos();
            long other0 = tasks.otherJavaCpuNanos();
            long sampler0 = tasks.samplerCpuNanos();
            long read0 = localBytesRead();
            List<String> answer = EmbeddedHive.sorted(hive.run(sql));
            m.wall[r] = (System.nanoTime() - start) / 1e9;
            m.cpu[r] = (os.getProcessCpuTime() - cpu0) / 1e9;
            m.mapCpu[r] = (tasks.mapCpuNanos() - map0) / 1e9;
            m.other[r] = (tasks.otherJavaCpuNanos() - other0) / 1e9;
            m.jvm[r] = m.cpu[r] - m.mapCpu[r] - m.other[r] - (tasks.samplerCpuNanos() - sampler0) / 1e9;
            m.read[r] = localBytesRead() - read0;
            m.scanned = hive.lastStatementCounter(VectorizedCifReader.COUNTERS, VectorizedCifReader.ROWS_SCANNED);
            m.materialized = hive.lastStatementCounter(VectorizedCifReader.COUNTERS, VectorizedCifReader.ROWS_MATERIALIZED);
            // Map outputs merged by the reduce tasks: maps x reduces (Hive sizes the reduces by the table's bytes).
            m.maps = hive.lastStatementCounter("org.apache.hadoop.mapreduce.TaskCounter", "MERGED_MAP_OUTPUTS");
            if (expected == null) expected = answer;
            assertFalse(expected.isEmpty());
            assertEquals(expected, answer, f + " " + mode);
          }
        }
        for (String f : formats) {
          Measured m = measured.get(f);
          long size = fs.getContentSummary(new Path(hive.location(table(f)).toUri().getPath())).getLength();
          report.add(String.format("%-9s %-10s %10.1f %5d %8.2f %8.2f %9.3f %9.3f %9.3f %10.1f  %s", f, mode.equals("vectorized"),
              size / 1e6, m.maps, median(m.wall), median(m.cpu), median(m.mapCpu), median(m.other), median(m.jvm),
              median(m.read) / 1e6, Arrays.toString(m.mapCpu)));
          if (m.scanned > 0) report.add(String.format("          CIF reader: %d rows scanned, %d materialized", m.scanned, m.materialized));
          System.out.println(report.get(report.size() - 1));
        }
      }
      report.add("answer: " + expected);
      report.add("map CPU: the map tasks' threads, sampled every " + tasks.errorMillisPerThread() + " ms (each job's may be short by"
          + " that much); other: every other Java thread (planning, job submission and polling, the reduce); JVM: the rest"
          + " of the process's CPU (garbage collection, JIT), less the sampler's own; merged: map outputs merged by"
          + " the reduces, maps x reduces");
    }
    String text = String.join("\n", report) + "\n";
    System.out.print(text);
    Files.writeString(new File("target/crawl-query-bench.txt").toPath(), text, StandardCharsets.UTF_8);
  }
}
