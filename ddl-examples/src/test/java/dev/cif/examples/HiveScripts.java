package dev.cif.examples;

import dev.cif.embedded.hive.EmbeddedHive;
import dev.cif.embedded.hive.HiveShell;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;

/**
 * The one runner of the HiveQL examples (src/main/hive) on an {@link EmbeddedHive} session: splits a
 * script as {@code bin/cif hive -f} does ({@link HiveShell#statements}), applies {@code SET}s to the
 * session, and keeps the rows of every query (SELECT, SHOW PARTITIONS), sorted, keyed by statement.
 */
final class HiveScripts {
  /** Where the example scripts are: ddl-examples/src/main/hive (tests run in the module directory). */
  public static final Path DIR = Paths.get("src/main/hive").toAbsolutePath();

  private final EmbeddedHive hive;

  public HiveScripts(EmbeddedHive hive) { this.hive = hive; }

  public EmbeddedHive hive() { return hive; }

  /** The script's text with each key of {@code replace} replaced by its value. */
  public static String text(String script, Map<String, String> replace) throws IOException {
    String sql = new String(Files.readAllBytes(DIR.resolve(script)), StandardCharsets.UTF_8);
    for (Map.Entry<String, String> e : replace.entrySet()) sql = sql.replace(e.getKey(), e.getValue());
    return sql;
  }

  /**
   * Runs a script in a fresh database (its tables are created there).
   * @return for each query, in script order, its statement and its rows in sorted order
   */
  public Map<String, List<String>> run(String database, String sql) throws CommandProcessorException {
    hive.run("CREATE DATABASE " + database);
    hive.run("USE " + database);
    Map<String, List<String>> answers = new LinkedHashMap<>();
    for (String statement : HiveShell.statements(sql)) {
      String s = statement.trim();
      String upper = s.toUpperCase(Locale.ROOT);
      if (upper.startsWith("SET ") && s.contains("=")) {
        String kv = s.substring(4).trim();
        hive.set(kv.substring(0, kv.indexOf('=')).trim(), kv.substring(kv.indexOf('=') + 1).trim());
        continue;
      }
      List<String> rows = hive.run(s);
      if (upper.startsWith("SELECT") || upper.startsWith("WITH") || upper.startsWith("SHOW PARTITIONS")) {
        answers.put(s, EmbeddedHive.sorted(rows));
      }
    }
    return answers;
  }

  /** The table's storage description (DESCRIBE FORMATTED), one string. */
  public String describe(String table) throws CommandProcessorException {
    return String.join("\n", hive.run("DESCRIBE FORMATTED " + table));
  }
}
