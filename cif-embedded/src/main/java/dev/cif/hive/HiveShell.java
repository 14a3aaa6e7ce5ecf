package dev.cif.hive;

import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bin/cif hive [-e SQL | -f FILE] [--warehouse DIR]}: HiveQL on embedded Hive with CIF
 * registered ({@code STORED AS CIF}), so anyone can try CIF without a cluster. With --warehouse the
 * metastore and the tables persist in DIR between runs; without, they live in a temporary directory.
 * {@code SET k=v} statements apply to the session.
 */
public final class HiveShell {
  private HiveShell() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.out, System.err));
  }

  public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    String sql = null;
    String warehouse = null;
    String cluster = null;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "-e": sql = args[i + 1]; break;
        case "-f": sql = new String(Files.readAllBytes(Paths.get(args[i + 1])), StandardCharsets.UTF_8); break;
        case "--warehouse": warehouse = args[i + 1]; break;
        case "--conf": cluster = args[i + 1]; break;
        default: sql = null; i = args.length; break;
      }
    }
    if (sql == null || args.length % 2 != 0) {
      err.println("usage: cif hive -e 'SQL; ...' | -f FILE [--warehouse DIR] [--conf CLUSTER_CONF_DIR]");
      return 2;
    }
    File root = warehouse != null ? new File(warehouse) : Files.createTempDirectory("cif-hive").toFile();
    try (EmbeddedHive hive = cluster != null ? ClusterSession.open(root, warehouse != null, new File(cluster))
        : new EmbeddedHive(root, warehouse != null)) {
      for (String statement : statements(sql)) {
        String s = statement.trim();
        if (s.regionMatches(true, 0, "SET ", 0, 4) && s.contains("=")) {
          String kv = s.substring(4).trim();
          hive.set(kv.substring(0, kv.indexOf('=')).trim(), kv.substring(kv.indexOf('=') + 1).trim());
          continue;
        }
        try {
          for (String row : hive.run(s)) out.println(row);
        } catch (org.apache.hadoop.hive.ql.processors.CommandProcessorException e) {
          err.println("cif hive: " + firstLine(e.getMessage()) + "\n  in: " + s);
          return 1;
        }
      }
    }
    return 0;
  }

  private static String firstLine(String m) { return m == null ? "failed" : m.split("\n", 2)[0]; }

  /** Splits a script on semicolons outside quotes and comments. */
  static List<String> statements(String sql) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    char quote = 0;
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
    if (!cur.toString().isBlank()) out.add(cur.toString());
    return out;
  }
}
