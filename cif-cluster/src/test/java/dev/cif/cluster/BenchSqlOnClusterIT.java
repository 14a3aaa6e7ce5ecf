package dev.cif.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code bin/cif bench-sql ssb --cluster}: the SQL benchmark in a JVM of its own, as a user runs it, against
 * the running cluster's client configuration. The text and the tables go to HDFS, the CTAS and the queries
 * run on Tez containers, the formats' answers must agree (the command exits 1 otherwise), and the report
 * gives each format the tasks' CPU time and HDFS bytes read (Tez's counters: this process sees neither).
 */
@ExtendWith(SharedCluster.Start.class)
class BenchSqlOnClusterIT {
  @Test
  void ssbOnTheClusterAgreesAcrossFormatsAndCountsTheTasksReads() throws Exception {
    SharedCluster shared = SharedCluster.get();
    File dir = new File(SharedCluster.BASE, "bench-sql");
    File md = new File(dir, "ssb.md");
    // The client compiles and submits; the work is in the containers.
    List<String> command = dev.cif.testing.ChildJvm.command();
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        "-D" + NodeNames.HOSTS_FILE_PROPERTY + "=" + OneMachineCluster.hostsFile(SharedCluster.BASE),
        "dev.cif.bench.sql.SqlBench", "ssb", "--conf", OneMachineCluster.confDir(SharedCluster.BASE).getPath(),
        "--sf", "0.01", "--formats", "cif,orc", "--queries", "q1.1,q2.1", "--runs", "1", "--warmups", "0",
        "--load-warm-up", "0", "--stats", "off", "--threads", "1", "--dir", dir.getPath(), "--md", md.getPath()));
    File out = new File(SharedCluster.BASE, "bench-sql.out");
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out).start();
    assertTrue(p.waitFor(15, TimeUnit.MINUTES), "bench-sql did not end");
    String printed = Files.readString(out.toPath(), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "bench-sql --conf failed or the formats disagreed: " + printed);
    String report = Files.readString(md.toPath(), StandardCharsets.UTF_8);
    assertTrue(report.contains("Engine: Tez on the cluster of"), report);
    for (String format : List.of("cif", "orc")) {
      String[] row = report.lines().filter(l -> l.startsWith("| " + format + " |")).findFirst().orElseThrow().split("\\|");
      // | format | load s | size MB | geomean ms | ratio | geomean CPU ms | CPU ratio | read MB | read ratio |
      assertTrue(Double.parseDouble(row[6].trim()) > 0, format + ": no task CPU in " + report);
      assertTrue(Double.parseDouble(row[8].trim()) > 0, format + ": no HDFS bytes read in " + report);
    }
    // The tables and the text are in the cluster's file system, not the client's.
    assertTrue(shared.fs.exists(new org.apache.hadoop.fs.Path("/cif-bench/warehouse/ssb_sf0_01_cif/lineorder")), "no CIF lineorder on HDFS");
    assertTrue(shared.fs.exists(new org.apache.hadoop.fs.Path("/cif-bench/ssb/sf0_01")), "no SSB text on HDFS");
  }
}
