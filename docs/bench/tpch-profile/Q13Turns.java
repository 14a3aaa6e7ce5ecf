import dev.cif.embedded.hive.EmbeddedHive;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.List;

/**
 * TPC-H q13 over tables an earlier bench-sql run wrote (copied out of its warehouse: DIR/cif/orders,
 * DIR/cif/customer, DIR/orc/...), CIF and ORC taking turns in one Tez-local Hive session: after one
 * untimed run of each, REPS timed runs each; prints wall and process CPU per run, the medians, the
 * answers' equality (Tez's task counters are not read here: EmbeddedHive reads MapReduce's). Run on cif-bench's classpath:
 * java @bin/jvm.options -cp "$(cat cif-bench/target/classpath.txt)" docs/bench/tpch-profile/Q13Turns.java DIR REPS
 */
public class Q13Turns {
  public static void main(String[] a) throws Exception {
    String dir = new File(a[0]).getAbsolutePath();
    int reps = Integer.parseInt(a[1]);
    String q13 = String.join("\n", Files.readAllLines(new File("tpch-ssb-queries/src/main/resources/sqlbench/tpch/q13.sql").toPath()))
        .replaceAll("(?m)^--.*$", "").replace(";", "");
    File root = Files.createTempDirectory("q13turns").toFile();
    try (EmbeddedHive hive = new EmbeddedHive(root, false)) {
      hive.useTezLocal();
      for (String f : new String[] {"cif", "orc"}) {
        hive.run("CREATE DATABASE " + f + "db");
        hive.run("CREATE EXTERNAL TABLE " + f + "db.customer (c_custkey BIGINT, c_name STRING, c_address STRING,"
            + " c_nationkey INT, c_phone STRING, c_acctbal DOUBLE, c_mktsegment STRING, c_comment STRING) STORED AS "
            + f.toUpperCase() + " LOCATION 'file://" + dir + "/" + f + "/customer'");
        hive.run("CREATE EXTERNAL TABLE " + f + "db.orders (o_orderkey BIGINT, o_custkey BIGINT, o_orderstatus STRING,"
            + " o_totalprice DOUBLE, o_orderdate DATE, o_orderpriority STRING, o_clerk STRING, o_shippriority INT,"
            + " o_comment STRING) STORED AS " + f.toUpperCase() + " LOCATION 'file://" + dir + "/" + f + "/orders'");
      }
      var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
      long[][] wall = new long[2][reps], cpu = new long[2][reps];
      List<String> cifAnswer = null, orcAnswer = null;
      for (int r = -1; r < reps; r++) {
        for (int f = 0; f < 2; f++) {
          String db = f == 0 ? "cifdb" : "orcdb";
          hive.run("USE " + db);
          long t0 = System.nanoTime(), c0 = os.getProcessCpuTime();
          List<String> rows = hive.run(q13);
          long t = (System.nanoTime() - t0) / 1_000_000, c = (os.getProcessCpuTime() - c0) / 1_000_000;
          if (f == 0) cifAnswer = rows; else orcAnswer = rows;
          if (r >= 0) { wall[f][r] = t; cpu[f][r] = c; }
          System.out.println((r < 0 ? "warm-up " : "run " + r + " ") + db + " " + t + " ms, CPU " + c + " ms");
        }
      }
      System.out.println("answers alike: " + cifAnswer.equals(orcAnswer) + " (" + cifAnswer.size() + " rows)");
      System.out.printf("median: cif %d ms (CPU %d), orc %d ms (CPU %d), cif/orc %.2f (CPU %.2f)%n",
          med(wall[0]), med(cpu[0]), med(wall[1]), med(cpu[1]),
          (double) med(wall[0]) / med(wall[1]), (double) med(cpu[0]) / med(cpu[1]));
    }
  }

  static long med(long[] v) { long[] s = v.clone(); java.util.Arrays.sort(s); return s[s.length / 2]; }
}
