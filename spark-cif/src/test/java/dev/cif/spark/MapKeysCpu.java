package dev.cif.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;

/**
 * A rough measurement for docs/spark.md, not a test: the executors' CPU time of {@code m['k3']} over a
 * table of 1 M rows with a 12-key map (written on first use into the directory given), one key pushed.
 * Prints each run's task CPU and wall time and their medians. Arguments: the table's directory, the runs.
 */
public final class MapKeysCpu {
  private MapKeysCpu() {}

  public static void main(String[] args) throws Exception {
    Path table = Path.of(args[0]);
    int runs = Integer.parseInt(args[1]);
    SparkSession spark = SparkSession.builder().master("local[1]").appName("map keys cpu")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "1")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.extensions", CifExtensions.class.getName()).getOrCreate();
    AtomicLong cpu = new AtomicLong();
    spark.sparkContext().addSparkListener(new SparkListener() {
      @Override
      public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskMetrics() != null) cpu.addAndGet(end.taskMetrics().executorCpuTime());
      }
    });
    if (!Files.exists(table)) {
      StringBuilder map = new StringBuilder("map(");
      for (int k = 0; k < 12; k++) map.append(k == 0 ? "" : ", ").append("'k").append(k).append("', concat('v").append(k).append("-', id)");
      spark.sql("SELECT id, " + map + ") AS m FROM range(0, 1000000)").coalesce(1).write().format("cif").mode("append").save(table.toString());
    }
    spark.read().format("cif").load(table.toString()).createOrReplaceTempView("t");
    String q = "SELECT sum(length(m['k3'])) FROM t";
    List<Long> cpus = new ArrayList<>();
    List<Long> walls = new ArrayList<>();
    for (int i = -1; i < runs; i++) { // the first run warms up and is not counted
      spark.sparkContext().listenerBus().waitUntilEmpty();
      long before = cpu.get();
      long start = System.nanoTime();
      long answer = spark.sql(q).first().getLong(0);
      long wall = System.nanoTime() - start;
      spark.sparkContext().listenerBus().waitUntilEmpty();
      long used = cpu.get() - before;
      System.out.printf("run %d: answer %d, task CPU %d ms, wall %d ms%n", i, answer, used / 1_000_000, wall / 1_000_000);
      if (i >= 0) {
        cpus.add(used / 1_000_000);
        walls.add(wall / 1_000_000);
      }
    }
    Collections.sort(cpus);
    Collections.sort(walls);
    System.out.printf("median: task CPU %d ms, wall %d ms%n", cpus.get(runs / 2), walls.get(runs / 2));
    spark.stop();
  }
}
