package dev.cif.data;

import dev.cif.data.ssb.SsbData;
import dev.cif.data.tpch.TpchData;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * SSB or TPC-H: its generator, staging DDL and query files (resources under {@code sqlbench/<workload>/}).
 * The scripts are returned whole; a caller that runs them splits them into statements with its engine's
 * own script splitter (HiveShell's), so that this module needs no engine.
 */
public enum Workload {
  SSB(List.of("q1.1", "q1.2", "q1.3", "q2.1", "q2.2", "q2.3", "q3.1", "q3.2", "q3.3", "q3.4", "q4.1", "q4.2", "q4.3")),
  TPCH(IntStream.rangeClosed(1, 22).mapToObj(i -> String.format("q%02d", i)).toList());

  /** Hive 4 settings the benchmarks and the cluster suites run the queries with (one {@code SET k=v;} a line). */
  public static final String HIVE_SETTINGS = "sqlbench/hive4-settings.sql";

  private final List<String> queries;

  Workload(List<String> queries) { this.queries = queries; }

  public String id() { return name().toLowerCase(Locale.ROOT); }

  public List<String> queries() { return queries; }

  public List<TableGenerator> tables(double sf, long seed) {
    return this == SSB ? new SsbData(sf, seed).tables() : TpchData.tables(sf);
  }

  /**
   * Staging DDL script: external text tables in database {@code db} over {@code dataUri/<table>}, TPC-H's
   * money and quantity columns of type {@code money} (SSB has none).
   */
  public String stagingScript(String db, String dataUri, String money) {
    return resource("tables.sql").replace("${db}", db).replace("${data}", dataUri).replace("${money}", money);
  }

  /** The script of one query; its last statement that returns rows is the answer. */
  public String queryScript(String name) { return resource(name + ".sql"); }

  private String resource(String file) { return text("sqlbench/" + id() + "/" + file); }

  /** A resource of this module as text, e.g. {@link #HIVE_SETTINGS}. */
  public static String text(String resource) {
    try (InputStream in = Workload.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) throw new IllegalArgumentException("no resource " + resource);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Workload of(String id) {
    return valueOf(id.trim().toUpperCase(Locale.ROOT).replace("-", ""));
  }
}
