package dev.cif.hive;

import dev.cif.console.EngineLog;
import dev.cif.console.RootCause;
import dev.cif.console.TaskFailureLog;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bin/cif hive [-e SQL | -f FILE] [--warehouse DIR] [--engine tez|mr] [--header]}: HiveQL on
 * embedded Hive with CIF registered ({@code STORED AS CIF}), so anyone can try CIF without a cluster. Tez
 * local by default (Hive 4's engine, as bench-sql); {@code --engine mr} runs MapReduce local. With no -e or
 * -f it reads statements at a prompt ({@link HivePrompt}). Result rows go to standard output as Hive's CLI
 * prints them (tab-separated; a line of column names first with --header) and nothing else does: the
 * engines' logs go to a file under the session's directory. A failed statement ends with one line naming
 * its root cause (the stack trace too with CIF_DEBUG=1). With --warehouse the metastore and the tables
 * persist in DIR between runs; without, they live in a temporary directory. {@code SET k=v} statements apply
 * to the session.
 */
public final class HiveShell {
  static final String USAGE = "usage: cif hive [-e 'SQL; ...' | -f FILE] [--warehouse DIR] [--engine tez|mr] [--header]"
      + " [--conf CLUSTER_CONF_DIR]";

  private final EmbeddedHive hive;
  private final PrintStream out;
  private final PrintStream err;
  private final boolean header;
  private final TaskFailureLog taskFailures;

  HiveShell(EmbeddedHive hive, PrintStream out, PrintStream err, boolean header) {
    this.hive = hive;
    this.out = out;
    this.err = err;
    this.header = header;
    this.taskFailures = TaskFailureLog.install();
  }

  public static void main(String[] args) throws Exception {
    Options o = Options.parse(args);
    if (o == null) {
      System.err.println(USAGE);
      System.exit(2);
    }
    EngineLog log = EngineLog.to(new File(o.root(), "cif-hive.log"), "cif hive");
    int status = run(o, log.results(), log.terminal());
    log.results().flush();
    System.exit(status);
  }

  /** Runs the shell with these arguments; for tests (the engines' output is left where it goes). */
  public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    Options o = Options.parse(args);
    if (o == null) {
      err.println(USAGE);
      return 2;
    }
    return run(o, out, err);
  }

  private static int run(Options o, PrintStream out, PrintStream err) throws Exception {
    // --conf (bin/cif's --cluster too): the jobs run on that cluster, on the engine its hive-site names.
    try (EmbeddedHive hive = o.conf != null ? ClusterSession.open(o.root(), o.warehouse != null, new File(o.conf))
        : new EmbeddedHive(o.root(), o.warehouse != null)) {
      if (o.conf == null && !o.mr) hive.useTezLocal();
      if (o.conf != null && o.mr) hive.set("hive.execution.engine", "mr");
      HiveShell shell = new HiveShell(hive, out, err, o.header);
      if (o.sql == null) return new HivePrompt(shell, new File(o.root(), ".cif_hive_history")).run();
      for (String statement : statements(o.sql)) {
        if (!shell.execute(statement)) return 1;
      }
      return 0;
    }
  }

  /** Runs one statement, printing its rows; false (after one line naming the root cause) if it failed. */
  boolean execute(String statement) {
    String s = statement.trim();
    if (s.isEmpty()) return true;
    if (s.regionMatches(true, 0, "SET ", 0, 4) && s.contains("=")) {
      String kv = s.substring(4).trim();
      hive.set(kv.substring(0, kv.indexOf('=')).trim(), kv.substring(kv.indexOf('=') + 1).trim());
      return true;
    }
    try {
      for (String row : hive.run(s, header)) out.println(row);
      out.flush();
      return true;
    } catch (Exception e) {
      Throwable task = taskFailures.takeThrowable();
      // The whole story goes to the log (System.err is the log in bin/cif); the terminal gets one line.
      System.err.println("FAILED: " + s);
      e.printStackTrace(System.err);
      if (task != null) task.printStackTrace(System.err);
      err.println("cif hive: FAILED: " + RootCause.of(e, task));
      if ("1".equals(System.getenv("CIF_DEBUG"))) {
        e.printStackTrace(err);
        if (task != null) task.printStackTrace(err);
      }
      return false;
    }
  }

  /** The command line: -e/-f, --warehouse, --engine, --header, --conf. Null if it is not valid. */
  static final class Options {
    String sql;
    String warehouse;
    String conf;
    boolean mr;
    boolean header;
    private File temp;

    static Options parse(String[] args) throws IOException {
      Options o = new Options();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        if (a.equals("--header")) {
          o.header = true;
          continue;
        }
        if (i + 1 >= args.length) return null;
        String v = args[++i];
        switch (a) {
          case "-e": o.sql = v; break;
          case "-f": o.sql = new String(Files.readAllBytes(Paths.get(v)), StandardCharsets.UTF_8); break;
          case "--warehouse": o.warehouse = v; break;
          case "--conf": o.conf = v; break;
          case "--engine":
            if (!v.equals("tez") && !v.equals("mr")) return null;
            o.mr = v.equals("mr");
            break;
          default: return null;
        }
      }
      return o;
    }

    File root() throws IOException {
      if (warehouse != null) return new File(warehouse);
      if (temp == null) temp = Files.createTempDirectory("cif-hive").toFile();
      return temp;
    }
  }

  /** Splits a script on semicolons outside quotes and comments. */
  public static List<String> statements(String sql) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    endOfStatement(sql, 0, cur, out);
    if (!cur.toString().isBlank()) out.add(cur.toString());
    return out;
  }

  /**
   * Appends text to {@code cur}, moving each statement completed by a semicolon outside quotes and
   * comments to {@code out}; returns the quote character still open at the end (0 if none), so that a
   * prompt reading line by line knows whether a statement is complete.
   */
  static int endOfStatement(String sql, int openQuote, StringBuilder cur, List<String> out) {
    char quote = (char) openQuote;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (quote == 0 && c == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-') {
        while (i + 1 < sql.length() && sql.charAt(i + 1) != '\n') i++;
        continue;
      }
      if (quote != 0) {
        if (c == '\\' && i + 1 < sql.length()) {
          cur.append(c).append(sql.charAt(++i));
          continue;
        }
        if (c == quote) quote = 0;
      } else if (c == '\'' || c == '"' || c == '`') {
        quote = c;
      } else if (c == ';') {
        if (!cur.toString().isBlank()) out.add(cur.toString());
        cur.setLength(0);
        continue;
      }
      cur.append(c);
    }
    return quote;
  }
}
