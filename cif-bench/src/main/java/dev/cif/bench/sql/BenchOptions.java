package dev.cif.bench.sql;

import dev.cif.data.Workload;
import java.io.File;
import java.util.List;

/** The command line of {@code bench-sql}: what to generate, which formats and queries, how often. */
public record BenchOptions(Workload workload, double sf, List<Format> formats, int runs, int warmups, File dir,
    List<String> queries, String jdbcUrl, int threads, long seed, File md, File settings, String money, Engine engine,
    boolean stats, long warmUpRows, File conf) {

  static final String USAGE = "bench-sql ssb|tpch --sf N [--formats all|cif,cif_none,cif_lz4,cif_zstd,orc,parquet,rcfile,avro,sequencefile,textfile]"
      + " [--runs K] [--warmups W] [--dir DIR] [--queries q1.1,...] [--jdbc URL] [--threads T] [--seed S]"
      + " [--md FILE] [--settings FILE] [--money double|decimal (TPC-H)] [--engine mr|tez|spark (spark: cif,parquet,orc on Spark SQL)] [--stats on|off]"
      + " [--load-warm-up ROWS (untimed CTAS per format before the loads; 0: none)]"
      + " [--conf DIR (run on the cluster whose client site files are in DIR; bin/cif: --cluster for `cif cluster start`'s)]";

  public static BenchOptions parse(String[] args) {
    if (args.length == 0 || args.length % 2 == 0) throw new IllegalArgumentException("usage: " + USAGE);
    Workload workload = Workload.of(args[0]);
    double sf = 1;
    List<Format> formats = null; // all for Hive, Spark's three for Spark
    int runs = 3;
    int warmups = 1;
    File dir = new File("target/bench-sql"); // like bin/cif demo's target/cif-demo: ignored by git, gone with mvn clean
    List<String> queries = workload.queries();
    String jdbc = null;
    int threads = Runtime.getRuntime().availableProcessors();
    long seed = 19920101L;
    File md = null;
    File settings = null;
    String money = "DOUBLE";
    Engine engine = Engine.TEZ; // Hive 4's default engine
    Boolean stats = null; // Hive: table and column statistics after each load, as hive-testbench computes them
    long warmUpRows = BenchRun.WARM_UP_ROWS;
    File conf = null;
    for (int i = 1; i < args.length; i += 2) {
      String v = args[i + 1];
      switch (args[i]) {
        case "--sf" -> sf = Double.parseDouble(v);
        case "--formats" -> formats = Format.list(v);
        case "--runs" -> runs = Integer.parseInt(v);
        case "--warmups" -> warmups = Integer.parseInt(v);
        case "--dir" -> dir = new File(v);
        case "--queries" -> queries = List.of(v.split(","));
        case "--jdbc" -> jdbc = v;
        case "--threads" -> threads = Integer.parseInt(v);
        case "--seed" -> seed = Long.parseLong(v);
        case "--md" -> md = new File(v);
        case "--settings" -> settings = new File(v);
        case "--money" -> money = moneyType(workload, v);
        case "--engine" -> engine = Engine.of(v);
        case "--stats" -> stats = onOff(v);
        case "--load-warm-up" -> warmUpRows = Long.parseLong(v);
        case "--conf" -> conf = new File(v).getAbsoluteFile();
        default -> throw new IllegalArgumentException("unknown option " + args[i] + "; usage: " + USAGE);
      }
    }
    if (engine == Engine.SPARK) {
      if (formats == null) formats = SPARK_FORMATS;
      for (Format f : formats) {
        if (!SPARK_FORMATS.contains(f)) throw new IllegalArgumentException("--engine spark: format " + f.id() + " is not one of cif, parquet, orc");
      }
      if (Boolean.TRUE.equals(stats)) throw new IllegalArgumentException("--engine spark: --stats on is Hive's (Spark cannot ANALYZE a DataSource V2 table)");
      if (jdbc != null || conf != null) throw new IllegalArgumentException("--engine spark runs Spark locally: no --jdbc or --conf");
      stats = false;
    }
    if (formats == null) formats = List.of(Format.values());
    if (stats == null) stats = true;
    for (String q : queries) {
      if (!workload.queries().contains(q)) throw new IllegalArgumentException("no query " + q + " in " + workload.id());
    }
    if (jdbc != null && conf != null) throw new IllegalArgumentException("--jdbc and --conf: a HiveServer2 has its own cluster");
    if (sf <= 0 || runs < 1 || warmups < 0 || warmUpRows < 0 || formats.isEmpty()) throw new IllegalArgumentException("usage: " + USAGE);
    return new BenchOptions(workload, sf, formats, runs, warmups, dir.getAbsoluteFile(), queries, jdbc, threads, seed, md, settings, money, engine,
        stats, warmUpRows, conf);
  }

  /** The formats --engine spark compares: CIF and Spark's built-in Parquet and ORC. */
  static final List<Format> SPARK_FORMATS = List.of(Format.CIF, Format.PARQUET, Format.ORC);

  private static boolean onOff(String v) {
    if (v.equals("on") || v.equals("off")) return v.equals("on");
    throw new IllegalArgumentException("--stats " + v + ": on or off");
  }

  /**
   * TPC-H's money and quantity columns: DOUBLE (hive-testbench's choice, the default) or
   * DECIMAL(15,2), the specification's decimal type, which CIF stores as PACKED unscaled longs.
   */
  private static String moneyType(Workload workload, String v) {
    if (workload != Workload.TPCH) throw new IllegalArgumentException("--money is for tpch: SSB has no money columns");
    switch (v.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "double": return "DOUBLE";
      case "decimal": return "DECIMAL(15,2)";
      default: throw new IllegalArgumentException("--money " + v + ": double or decimal");
    }
  }

  /** The scale factor as a name part: 1, 0_01. */
  String sfId() {
    String s = sf == Math.rint(sf) ? Long.toString((long) sf) : Double.toString(sf);
    return s.replace('.', '_');
  }
}
