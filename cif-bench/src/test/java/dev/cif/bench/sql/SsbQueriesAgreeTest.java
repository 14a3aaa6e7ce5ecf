package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.bench.harness.LoadResult;
import java.io.File;
import java.nio.file.Files;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The 13 SSB queries at SF 0.01 on CIF, ORC and TEXTFILE give the same answers; the CIF scans run vectorized, with the same answers as row mode. */
class SsbQueriesAgreeTest extends QueriesAgreeOnFormats {
  @Test
  void everySsbQueryAgreesOnEveryFormatAndCifReadsLessThanText() throws Exception {
    BenchRun run = runEveryQuery("ssb", "0.01");
    // Q3.3/Q3.4 pick two cities on both sides: at SF 0.01 (20 suppliers) they may well be empty.
    assertTrue(nonEmptyAnswers(run) >= 11, nonEmptyAnswers(run) + " non-empty answers");
    cifScansAreVectorized(run, true);
    assertTrue(run.loads().stream().allMatch(l -> l.sizeOnDisk() > 0 && l.wallNanos() > 0 && l.cpuNanos() > 0), run.loads().toString());
    // Every table's load is timed, for every format, with the table's rows.
    for (Format f : run.options().formats()) {
      assertEquals(run.rows(), run.loads().stream().filter(l -> l.format().equals(f.id()))
          .collect(Collectors.toMap(LoadResult::dataset, LoadResult::rows)), f.id());
    }
    // Q1.1 needs 4 of lineorder's 17 columns: CIF reads only those, text reads every byte.
    QueryResult cif = run.byFormat("q1.1").get(Format.CIF);
    QueryResult text = run.byFormat("q1.1").get(Format.TEXTFILE);
    assertTrue(cif.bytesRead() > 0 && cif.bytesRead() * 2 < text.bytesRead(), cif.bytesRead() + " vs " + text.bytesRead());
    // Embedded Hive runs the query in this JVM: its CPU time is measured, and a query that runs a job
    // costs at least some milliseconds of it.
    assertTrue(cif.medianCpuMillis() > 0 && cif.cpuMillis().size() == 1, cif.cpuMillis().toString());
    File md = new File(dir(), "report/ssb.md");
    new BenchReport(run).write(md);
    String report = Files.readString(md.toPath());
    assertTrue(report.contains("| q4.3 |") && report.contains("ratio to orc") && report.contains("| query (CPU ms) |"), report);
    // The report names the Hive that ran (4.1.0, or 4.2.0 in the second pass) and the ORC it bundles.
    assertTrue(report.contains("Versions: Hive " + org.apache.hive.common.util.HiveVersionInfo.getVersion() + ", ")
        && report.contains(", ORC "), report);
    assertTrue(report.contains("| lineorder |") && report.contains("| cif CPU s | orc CPU s | textfile CPU s | cif / orc | textfile / orc |"), report);
    assertTrue(new File(dir(), "report/ssb-time.png").length() > 0 && new File(dir(), "report/ssb-cpu.png").length() > 0);
    assertTrue(new File(dir(), "report/ssb-load.png").length() > 0);
  }
}
