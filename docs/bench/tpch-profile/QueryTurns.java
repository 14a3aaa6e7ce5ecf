import dev.cif.embedded.hive.EmbeddedHive;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One TPC-H query over tables an earlier bench-sql run wrote (copied out of its warehouse: DIR/cif/part,
 * DIR/orc/part, ...), the formats taking turns in one Tez-local Hive session with the benchmark's settings
 * (sqlbench/hive4-settings.sql): external tables from sqlbench/tpch/tables.sql (money as DOUBLE), for the
 * tables present under DIR/FORMAT; with "stats", each table's statistics first, as bench-sql computes them
 * (ANALYZE ... COMPUTE STATISTICS, and FOR COLUMNS); with "explain", each format's EXPLAIN printed once. After
 * one untimed run per format, REPS timed runs each; prints wall and process CPU per run, the medians and
 * whether the answers agree (sorted rows). The generalization of Q13Turns. Run on cif-bench's classpath:
 * java @bin/jvm.options -cp "$(cat cif-bench/target/classpath.txt)" docs/bench/tpch-profile/QueryTurns.java DIR QUERY REPS [stats] [explain] [formats=cif,orc] [set=KEY=VALUE ...]
 */
public class QueryTurns {
  static final String RES = "tpch-ssb-queries/src/main/resources/sqlbench/";

  public static void main(String[] a) throws Exception {
    String dir = new File(a[0]).getAbsolutePath();
    String query = a[1];
    int reps = Integer.parseInt(a[2]);
    List<String> flags = Arrays.asList(a).subList(3, a.length);
    String[] formats = {"cif", "orc"};
    for (String f : flags) if (f.startsWith("formats=")) formats = f.substring(8).split(",");
    String sql = strip(read(RES + "tpch/" + query + ".sql"));
    String tables = read(RES + "tpch/tables.sql");
    File root = Files.createTempDirectory("queryturns").toFile();
    try (EmbeddedHive hive = new EmbeddedHive(root, false)) {
      hive.useTezLocal();
      for (String line : read(RES + "hive4-settings.sql").split("\n")) {
        Matcher m = Pattern.compile("^SET ([^=]+)=(.*);$").matcher(line.trim());
        if (m.matches()) hive.set(m.group(1), m.group(2));
      }
      for (String f : flags) if (f.startsWith("set=")) hive.set(f.substring(4, f.indexOf('=', 4)), f.substring(f.indexOf('=', 4) + 1));
      Matcher create = Pattern.compile("CREATE EXTERNAL TABLE \\$\\{db\\}\\.(\\w+) \\((.*?)\\)\\s*ROW FORMAT[^;]*;", Pattern.DOTALL)
          .matcher(tables);
      List<String[]> defs = new ArrayList<>();
      while (create.find()) defs.add(new String[] {create.group(1), create.group(2).replace("${money}", "DOUBLE")});
      // A format may carry settings for its turns only: cif:KEY=VALUE (the same tables, another way of reading them).
      String[] base = new String[formats.length];
      for (int i = 0; i < formats.length; i++) base[i] = formats[i].split(":")[0];
      for (String f : new java.util.LinkedHashSet<>(Arrays.asList(base))) {
        hive.run("CREATE DATABASE " + f + "db");
        for (String[] t : defs) {
          File loc = new File(dir, f + "/" + t[0]);
          if (!loc.isDirectory()) continue;
          hive.run("CREATE EXTERNAL TABLE " + f + "db." + t[0] + " (" + t[1] + ") STORED AS " + f.toUpperCase()
              + " LOCATION 'file://" + loc + "'");
          if (flags.contains("stats")) {
            hive.run("ANALYZE TABLE " + f + "db." + t[0] + " COMPUTE STATISTICS");
            hive.run("ANALYZE TABLE " + f + "db." + t[0] + " COMPUTE STATISTICS FOR COLUMNS");
          }
        }
      }
      if (flags.contains("explain")) {
        for (int f = 0; f < formats.length; f++) {
          hive.run("USE " + base[f] + "db");
          String[] undo = apply(hive, formats[f]);
          System.out.println("== EXPLAIN " + formats[f]);
          for (String l : hive.run("EXPLAIN " + sql)) System.out.println(l);
          undo(hive, undo);
        }
      }
      var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
      int n = formats.length;
      long[][] wall = new long[n][reps], cpu = new long[n][reps];
      List<List<String>> answers = new ArrayList<>();
      for (int f = 0; f < n; f++) answers.add(null);
      for (int r = -1; r < reps; r++) {
        for (int k = 0; k < n; k++) {
          // Formats take turns, the order reversed every other run.
          int f = (r & 1) == 0 ? k : n - 1 - k;
          hive.run("USE " + base[f] + "db");
          String[] undo = apply(hive, formats[f]);
          long t0 = System.nanoTime(), c0 = os.getProcessCpuTime();
          List<String> rows = hive.run(sql);
          long t = (System.nanoTime() - t0) / 1_000_000, c = (os.getProcessCpuTime() - c0) / 1_000_000;
          undo(hive, undo);
          answers.set(f, EmbeddedHive.sorted(rows));
          if (r >= 0) { wall[f][r] = t; cpu[f][r] = c; }
          System.out.println((r < 0 ? "warm-up " : "run " + r + " ") + formats[f] + " " + t + " ms, CPU " + c + " ms, "
              + java.time.LocalTime.now().withNano(0));
        }
      }
      for (int f = 1; f < n; f++) {
        System.out.println("answers alike " + formats[0] + "/" + formats[f] + ": " + answers.get(0).equals(answers.get(f))
            + " (" + answers.get(0).size() + " rows)");
      }
      for (int f = 0; f < n; f++) {
        System.out.printf("median %s: %d ms (CPU %d), /%s %.2f (CPU %.2f)%n", formats[f], med(wall[f]), med(cpu[f]),
            formats[n - 1], (double) med(wall[f]) / med(wall[n - 1]), (double) med(cpu[f]) / med(cpu[n - 1]));
      }
    }
  }

  /** Applies a format's own settings (after its first ':'); returns what to restore (key, old value). */
  static String[] apply(EmbeddedHive hive, String format) {
    int c = format.indexOf(':');
    if (c < 0) return null;
    String kv = format.substring(c + 1), key = kv.substring(0, kv.indexOf('='));
    String[] undo = {key, hive.conf().get(key)};
    hive.set(key, kv.substring(kv.indexOf('=') + 1));
    return undo;
  }

  static void undo(EmbeddedHive hive, String[] undo) {
    if (undo == null) return;
    if (undo[1] == null) hive.conf().unset(undo[0]); else hive.set(undo[0], undo[1]);
  }

  static String read(String path) throws Exception { return Files.readString(new File(path).toPath()); }

  static String strip(String sql) { return sql.replaceAll("(?m)^--.*$", "").replace(";", "").trim(); }

  static long med(long[] v) { long[] s = v.clone(); Arrays.sort(s); return s[s.length / 2]; }
}
