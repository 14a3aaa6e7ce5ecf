package dev.cif.cluster;

import dev.cif.bench.sql.TezDagCounters;
import dev.cif.embedded.hive.EmbeddedHive;
import java.util.Map;

/**
 * One table's load on the cluster, as the benchmark times it: the statement's wall time, the part of it after
 * Hive's stages had ended (the post-execution hooks: for a merged CIF table, {@code CifMergeHook}'s block merge;
 * Hive merges ORC in a stage of its own, inside the DAGs' time), and what the DAGs' tasks spent.
 */
record TableLoad(double wall, double afterStages, Map<String, Long> counters) {
  static final String HEADER = "| table | format | load s | of it after Hive's stages (CIF's block merge) s "
      + "| task CPU s | tasks | HDFS bytes written by tasks |\n|---|---|---|---|---|---|---|\n";

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
      long t0 = System.nanoTime();
      hive.run(layout.merged() ? "INSERT OVERWRITE TABLE " + target + " SELECT * FROM " + source
          : "CREATE TABLE " + target + " " + storage + " AS SELECT * FROM " + source);
      long t1 = System.nanoTime();
      long stagesEnd = TezDagCounters.lastAt();
      return new TableLoad((t1 - t0) / 1e9, stagesEnd < t0 ? 0 : (t1 - stagesEnd) / 1e9, TezDagCounters.last());
    } finally {
      ClusterBenchmark.mergeOnLoad(hive, false);
    }
  }

  String row(String table, String label) {
    return String.format("| %s | %s | %.1f | %.1f | %.1f | %d | %,d |", table, label, wall, afterStages,
        counters.getOrDefault("CPU_MILLISECONDS", 0L) / 1000.0, counters.getOrDefault("NUM_SUCCEEDED_TASKS", 0L),
        counters.getOrDefault("HDFS_BYTES_WRITTEN", 0L));
  }
}
