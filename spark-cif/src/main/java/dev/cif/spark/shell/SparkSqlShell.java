package dev.cif.spark.shell;

import dev.cif.command.UsageException;
import dev.cif.spark.CifExtensions;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * {@code bin/cif spark-sql -e SQL | -f FILE}: the statements on a local Spark session ({@code local[*]})
 * with CIF's session extensions, as quiet as {@code bin/cif hive}: each statement's rows on standard
 * output, Spark's log (and whatever it prints) in a file under the warehouse directory, and a failed
 * statement as one line on standard error.
 */
public final class SparkSqlShell {
  static final String USAGE = "usage: cif spark-sql (-e 'SQL; ...' | -f FILE) [--warehouse DIR] [--header]";
  /** The system property cif-spark-sql-log4j2.xml reads the log file's name from. */
  static final String LOG_PROPERTY = "dev.cif.spark.log";

  private SparkSqlShell() {}

  /** Runs the command line; returns the exit status (0, or 1 when a statement failed). */
  static int run(String[] args, PrintStream results, PrintStream terminal) throws IOException {
    String sql = null;
    Path warehouse = Path.of(System.getProperty("user.home"), ".cache", "cif", "spark-sql");
    boolean header = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "-e": sql = value(args, ++i); break;
        case "-f": sql = Files.readString(Path.of(value(args, ++i)), StandardCharsets.UTF_8); break;
        case "--warehouse": warehouse = Path.of(value(args, ++i)); break;
        case "--header": header = true; break;
        default: throw new UsageException("unknown option " + args[i]);
      }
    }
    if (sql == null) throw new UsageException("-e or -f is needed");
    List<String> statements = statements(sql);
    File log = quietLog(warehouse.resolve("cif-spark-sql.log").toFile(), terminal);
    SparkSession spark = SparkSession.builder()
        .master("local[*]")
        .appName("cif spark-sql")
        .config("spark.ui.enabled", "false")
        // One machine: Spark's 200 shuffle partitions would be 200 tiny tasks per ORDER BY or GROUP BY.
        .config("spark.sql.shuffle.partitions", String.valueOf(Runtime.getRuntime().availableProcessors()))
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.warehouse.dir", warehouse.resolve("warehouse").toAbsolutePath().toString())
        .config("spark.sql.extensions", CifExtensions.class.getName())
        .getOrCreate();
    try {
      for (String statement : statements) {
        Dataset<Row> df;
        List<Row> rows;
        try {
          df = spark.sql(statement);
          rows = df.collectAsList();
        } catch (Exception e) {
          String message = String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString());
          terminal.println("cif spark-sql: " + message + " (statement: " + oneLine(statement) + "; log: " + log + ")");
          e.printStackTrace(System.err);
          return 1;
        }
        if (header && df.columns().length > 0) results.println(String.join("\t", df.columns()));
        for (Row row : rows) results.println(line(row));
      }
      results.flush();
      return 0;
    } finally {
      spark.stop();
    }
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) throw new UsageException(args[i - 1] + " needs a value");
    return args[i];
  }

  private static String oneLine(String s) {
    String t = s.replaceAll("\\s+", " ").trim();
    return t.length() > 80 ? t.substring(0, 77) + "..." : t;
  }

  /** A row as tab-separated values, NULL for null (as bin/cif hive prints them). */
  static String line(Row row) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < row.length(); i++) {
      if (i > 0) sb.append('\t');
      Object v = row.get(i);
      sb.append(v == null ? "NULL" : v instanceof byte[] ? new String((byte[]) v, StandardCharsets.UTF_8) : v.toString());
    }
    return sb.toString();
  }

  /** The statements of a script: split at ';' outside quotes; blank ones dropped. */
  static List<String> statements(String sql) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    char quote = 0;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (quote != 0) {
        if (c == '\\' && i + 1 < sql.length()) { cur.append(c).append(sql.charAt(++i)); continue; }
        if (c == quote) quote = 0;
      } else if (c == '\'' || c == '"' || c == '`') {
        quote = c;
      } else if (c == ';') {
        if (!cur.toString().isBlank()) out.add(cur.toString().trim());
        cur.setLength(0);
        continue;
      }
      cur.append(c);
    }
    if (!cur.toString().isBlank()) out.add(cur.toString().trim());
    return out;
  }

  /**
   * Sends log4j2's output, System.out and System.err to {@code file} from now on (Spark prints to both), and
   * says where on the real standard error.
   */
  static File quietLog(File file, PrintStream terminal) throws IOException {
    File f = file.getAbsoluteFile();
    f.getParentFile().mkdirs();
    System.setProperty(LOG_PROPERTY, f.getPath());
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    try {
      context.setConfigLocation(SparkSqlShell.class.getResource("/cif-spark-sql-log4j2.xml").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    PrintStream log = new PrintStream(new FileOutputStream(f, true), true, StandardCharsets.UTF_8);
    System.setOut(log);
    System.setErr(log);
    terminal.println("cif spark-sql: Spark's log in " + f);
    return f;
  }
}
