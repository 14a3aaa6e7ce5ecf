package dev.cif.cluster;

import dev.cif.bench.sql.TezDagCounters;
import dev.cif.embedded.hive.EmbeddedHive;
import java.util.Map;

/**
 * One table's load on the cluster, as the benchmark times it: the statement's wall time, the part of it after
 * Hive's stages had ended (the post-execution hooks: for a merged CIF table, {@code CifMergeHook}'s block merge;
 * Hive merges ORC in a stage of its own, inside the DAGs' time), what the DAGs' tasks spent, and the CPU this JVM
 * spent meanwhile ({@code daemonCpu}, s), and of it after the stages ({@code daemonCpuAfter}, s): the one-machine
 * cluster's NameNode, DataNodes, ResourceManager and NodeManagers run in it, beside the Hive client (compiling
 * the statement; after the stages, CifMergeHook's merge), so that is what the load cost outside the containers:
 * during the stages mostly the HDFS daemons' work for the files the tasks write.
 */
record TableLoad(double wall, double afterStages, Map<String, Long> counters, double daemonCpu, double daemonCpuAfter) {
  static final String HEADER = "| table | format | load s | of it after Hive's stages (CIF's block merge) s "
      + "| task CPU s | tasks | HDFS bytes written by tasks | CPU s of the HDFS and YARN daemons and the Hive client "
      + "| of it after Hive's stages |\n|---|---|---|---|---|---|---|---|---|\n";

  /**
   * Loads target from source: a CTAS, or for a merged layout an empty CTAS and an INSERT with the merge on. The
   * CTAS or the INSERT is timed; a merged layout's empty CTAS, there only because the merge hook acts on inserts,
   * is not (the harness before 2026-11-30 timed it too).
   */
  static TableLoad of(EmbeddedHive hive, Layout layout, String target, String source) throws Exception {
    ClusterBenchmark.mergeOnLoad(hive, layout.merged());
    String storage = layout.format().storage();
    try {
      if (layout.merged()) hive.run("CREATE TABLE " + target + " " + storage + " AS SELECT * FROM " + source + " LIMIT 0");
      TezDagCounters.reset();
      long c0 = TezDagCounters.processCpuNanos();
      long t0 = System.nanoTime();
      hive.run(layout.merged() ? "INSERT OVERWRITE TABLE " + target + " SELECT * FROM " + source
          : "CREATE TABLE " + target + " " + storage + " AS SELECT * FROM " + source);
      long t1 = System.nanoTime();
      long c1 = TezDagCounters.processCpuNanos();
      long stagesEnd = TezDagCounters.lastAt();
      boolean hooked = stagesEnd >= t0;
      return new TableLoad((t1 - t0) / 1e9, hooked ? (t1 - stagesEnd) / 1e9 : 0, TezDagCounters.last(),
          (c1 - c0) / 1e9, hooked ? (c1 - TezDagCounters.lastCpuAt()) / 1e9 : 0);
    } finally {
      ClusterBenchmark.mergeOnLoad(hive, false);
    }
  }

  /**
   * The floor of a load (-Dcif.bench.floor=true): the same CTAS from the text table with a filter no row passes (its
   * first column IS NULL; the generated tables hold no nulls), into TEXTFILE. Hive's vectorized scan of the text
   * deserializes every column the statement projects, all of them here, before the filter, so the statement pays
   * what every format's load pays (the DAG, the containers' reading and parsing of every field of every row) and
   * writes no row: no writer can load the table in less. Fails if a row was written.
   */
  static TableLoad floor(EmbeddedHive hive, String target, String source) throws Exception {
    ClusterBenchmark.mergeOnLoad(hive, false);
    String first = hive.run("DESCRIBE " + source).get(0).trim().split("\\s+")[0];
    TezDagCounters.reset();
    long c0 = TezDagCounters.processCpuNanos();
    long t0 = System.nanoTime();
    hive.run("CREATE TABLE " + target + " STORED AS TEXTFILE AS SELECT * FROM " + source + " WHERE " + first + " IS NULL");
    long t1 = System.nanoTime();
    TableLoad load = new TableLoad((t1 - t0) / 1e9, 0, TezDagCounters.last(), (TezDagCounters.processCpuNanos() - c0) / 1e9, 0);
    String rows = hive.run("SELECT COUNT(*) FROM " + target).get(0).trim();
    if (!"0".equals(rows)) throw new IllegalStateException("the floor load of " + source + " wrote " + rows + " rows (" + first + " IS NULL)");
    return load;
  }

  String row(String table, String label) {
    return String.format("| %s | %s | %.1f | %.1f | %.1f | %d | %,d | %.1f | %.1f |", table, label, wall, afterStages,
        counters.getOrDefault("CPU_MILLISECONDS", 0L) / 1000.0, counters.getOrDefault("NUM_SUCCEEDED_TASKS", 0L),
        counters.getOrDefault("HDFS_BYTES_WRITTEN", 0L), daemonCpu, daemonCpuAfter);
  }

}
