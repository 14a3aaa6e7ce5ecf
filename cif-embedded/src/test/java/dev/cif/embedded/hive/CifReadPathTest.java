package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.ColumnLayout;
import dev.cif.hive.CifHiveInputFormat;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.hive.vector.VectorizedCifReader;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.testing.OpenCountingFileSystem;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** The paper's crawl query (CIF, ORC and Parquet agree), and projection: a query opens only the column files it reads. */
class CifReadPathTest extends EmbeddedHiveTest {

  @Test
  void crawlQueryOverDictionaryCompressedMap() throws Exception {
    StringBuilder rows = new StringBuilder();
    String[] hosts = {"www.ibm.com/jp/", "www.ibm.com/us/", "example.org/"};
    String[] types = {"text/html", "image/png", "application/pdf"};
    for (int i = 0; i < 12; i++) {
      rows.append(i == 0 ? "" : " UNION ALL ").append("SELECT 'http://").append(hosts[i % 3]).append(i)
          .append("' AS url, map('content-type', '").append(types[i % 4 % 3]).append("', 'server', 's").append(i % 2)
          .append("'").append(i % 5 == 0 ? ", 'x-extra', 'e'" : "").append(") AS metadata");
    }
    hive.runAll("CREATE TABLE urlinfo_orc STORED AS ORC AS SELECT * FROM (" + rows + ") r",
        "CREATE TABLE urlinfo_parquet STORED AS PARQUET AS SELECT * FROM urlinfo_orc",
        "CREATE TABLE urlinfo STORED AS CIF TBLPROPERTIES ('cif.layout' = 'metadata:dcsl') AS SELECT * FROM urlinfo_orc");
    String crawl = "SELECT DISTINCT metadata['content-type'] FROM $t WHERE url LIKE '%ibm.com/jp%'";
    List<String> expected = hive.run(crawl.replace("$t", "urlinfo_orc"));
    assertFalse(expected.isEmpty());
    // Hive hands the reader the url filter (TableScan filterExpr), evaluated as FilterStringColLikeStringScalar.
    // It names the whole map column (includeColumns [0, 1], no pruned column path): Hive 4 tells a reader
    // no map key, so the map of each kept row is filled whole and VectorUDFMapIndexStringScalar picks the key.
    String plan = String.join("\n", hive.run("EXPLAIN VECTORIZATION DETAIL " + crawl.replace("$t", "urlinfo")));
    assertTrue(plan.contains("filterExpr: (url like '%ibm.com/jp%')"), plan);
    assertTrue(plan.contains("inputFileFormats: " + CifHiveInputFormat.class.getName()), plan);
    assertEquals(expected, hive.run(crawl.replace("$t", "urlinfo")));
    // Late materialization (vectorized, Hive's default): the url filter ran in the scan over all 12
    // rows, and the maps were decoded for the 4 it kept only.
    assertEquals(12, hive.lastStatementCounter(VectorizedCifReader.COUNTERS, VectorizedCifReader.ROWS_SCANNED));
    assertEquals(4, hive.lastStatementCounter(VectorizedCifReader.COUNTERS, VectorizedCifReader.ROWS_MATERIALIZED));
    assertEquals(expected, hive.run(crawl.replace("$t", "urlinfo_parquet")));

    // The table property chose the dictionary-compressed skip list for the map column.
    FileSystem fs = FileSystem.getLocal(SessionConf.of(hive));
    for (Path dir : DatasetListing.splitDirectories(fs, hive.location("urlinfo"))) {
      try (ColumnFileReader r = SplitDirectory.open(fs, dir).openColumn("metadata", 1 << 20)) {
        assertEquals(ColumnLayout.DCSL, r.spec().layout);
      }
    }
  }

  /**
   * The scan's filter is evaluated again by Hive, so it only pays where it spares decoding. A filter that
   * keeps nearly every row, with only a primitive column besides its own (TPC-H q13's o_comment NOT LIKE
   * over orders), spares none: the scan stops evaluating it after VectorizedCifReader.PROBE_ROWS (4,096)
   * rows. A selective filter is evaluated on every row.
   */
  @Test
  void scanStopsEvaluatingAFilterThatKeepsMostRows() throws Exception {
    hive.run("CREATE TABLE notes STORED AS CIF AS SELECT CAST(pos AS BIGINT) AS id, concat('note ', pos) AS note"
        + " FROM (SELECT posexplode(split(space(9999), ' ')) AS (pos, x)) g");
    assertEquals(List.of("9477\t46165383"),
        hive.run("SELECT count(*), sum(id) FROM notes WHERE note NOT LIKE '%9%9%'"));
    long filtered = hive.lastStatementCounter(VectorizedCifReader.COUNTERS, VectorizedCifReader.ROWS_FILTERED);
    assertEquals(10_000, hive.lastStatementCounter(VectorizedCifReader.COUNTERS, VectorizedCifReader.ROWS_SCANNED));
    assertTrue(filtered >= 4096 && filtered < 4096 + 1024, "rows filtered in the scan: " + filtered);

    assertEquals(List.of("1000\t5002000"),
        hive.run("SELECT count(*), sum(id) FROM notes WHERE note LIKE '%7'"));
    assertEquals(10_000, hive.lastStatementCounter(VectorizedCifReader.COUNTERS, VectorizedCifReader.ROWS_FILTERED));
    assertEquals(1_000, hive.lastStatementCounter(VectorizedCifReader.COUNTERS, VectorizedCifReader.ROWS_MATERIALIZED));
  }

  @Test
  void oneColumnQueryOpensOneColumnFilePerSplitDirectory() throws Exception {
    String columns = IntStream.range(0, 10).mapToObj(i -> "c" + i + " INT").collect(Collectors.joining(", "));
    String values = IntStream.range(0, 10).mapToObj(i -> "id * " + (i + 1)).collect(Collectors.joining(", "));
    hive.runAll("CREATE TABLE wide (" + columns + ") STORED AS CIF",
        "INSERT INTO wide SELECT " + values + " FROM (SELECT 1 AS id UNION ALL SELECT 2 AS id) s",
        "INSERT INTO wide SELECT " + values + " FROM (SELECT 3 AS id) s");
    Path data = hive.location("wide");
    FileSystem fs = FileSystem.getLocal(SessionConf.of(hive));
    int splitDirectories = DatasetListing.splitDirectories(fs, data).size();
    assertEquals(2, splitDirectories);
    // The same files seen through a file system that counts opens.
    hive.run("CREATE EXTERNAL TABLE wide_counted (" + columns + ") STORED AS CIF LOCATION 'countfile://"
        + data.toUri().getPath() + "'");

    OpenCountingFileSystem.OPENS.clear();
    // A fetch task (no ORDER BY, no job): MapReduce job submission cannot take a non-"file" local scheme.
    // No WHERE: a pushed filter would open column files to read their statistics (FilterPushdownTest).
    List<String> answer = hive.run("SELECT c3 FROM wide_counted");
    Map<String, Integer> columnFileOpens = new HashMap<>();
    OpenCountingFileSystem.OPENS.forEach((name, n) -> {
      if (name.endsWith(".cif") && !name.startsWith("schema-")) columnFileOpens.put(name, n);
    });
    assertEquals(Map.of("0003-c3.cif", splitDirectories), columnFileOpens);
    // Hive passes the table's columns: the reader finds c3's files by name and opens no schema file.
    assertEquals(List.of(), OpenCountingFileSystem.OPENS.keySet().stream().filter(n -> n.startsWith("schema-")).toList());
    assertEquals(hive.run("SELECT c3 FROM wide"), answer);
    assertFalse(answer.isEmpty());
  }
}
