package dev.cif.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * bin/cif: one command per verb. Errors are one line on stderr and a non-zero exit status, never a
 * stack trace (set CIF_DEBUG=1 for one).
 */
public final class Main {
  /** A verb of the command line. */
  interface Command {
    String usage();

    /** Returns the exit status. */
    int run(Configuration conf, String[] args, PrintStream out) throws Exception;
  }

  static final class UsageException extends RuntimeException {
    UsageException(String m) { super(m); }
  }

  private static Map<String, Command> commands() {
    Map<String, Command> m = new LinkedHashMap<>();
    m.put("meta", new MetaCommand());
    m.put("schema", new SchemaCommand());
    m.put("cat", new CatCommand());
    m.put("verify", new VerifyCommand());
    m.put("add-column", new AddColumnCommand());
    m.put("demo", new Delegate("demo [--rows N] [--dir DIR]   the main job: crawl data as SEQ and CIF, Figure 1 on both", "dev.cif.bench.mr.demo.Figure1Demo"));
    m.put("bench", new Delegate("bench ...   the benchmarks (see docs/benchmarks.md)", "dev.cif.bench.mr.BenchMain"));
    m.put("pig", new Delegate("pig -e 'STATEMENTS' | -f SCRIPT   Pig Latin in local mode with CifLoader/CifStorer", "dev.cif.pig.PigShell"));
    m.put("tpch-ssb", new Delegate("tpch-ssb ssb|tpch --sf N [--formats ...] [--runs K]   SSB/TPC-H on Hive over every format (run as: cif bench-sql ...)", "dev.cif.bench.sql.SqlBench"));
    m.put("placement", new Delegate("placement check|repair PATH   split-directory co-location in HDFS", "dev.cif.placement.PlacementTool"));
    return m;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    Map<String, Command> commands = commands();
    if (args.length == 0 || !commands.containsKey(args[0])) {
      err.println("usage: cif COMMAND [ARGS]");
      for (Command c : commands.values()) err.println("  cif " + c.usage());
      err.println("  cif hive [-e 'SQL' | -f FILE] [--warehouse DIR] [--engine tez|mr] [--header]   HiveQL on embedded Hive with STORED AS CIF (a prompt without -e/-f)");
      return args.length == 0 || "help".equals(args[0]) || "--help".equals(args[0]) ? 0 : 2;
    }
    Command c = commands.get(args[0]);
    try {
      return c.run(new Configuration(), Arrays.copyOfRange(args, 1, args.length), out);
    } catch (UsageException e) {
      err.println("cif: " + e.getMessage());
      err.println("usage: cif " + c.usage());
      return 2;
    } catch (Exception e) {
      if (System.getenv("CIF_DEBUG") != null) e.printStackTrace(err);
      Throwable t = e;
      while (t.getCause() != null && (t.getMessage() == null || t instanceof java.io.UncheckedIOException)) t = t.getCause();
      err.println("cif " + args[0] + ": " + (t.getMessage() == null ? t.toString() : t.getMessage()));
      return 1;
    }
  }
}
