package dev.cif.bench.sql;

import java.io.File;
import java.util.List;

/** Where the benchmark's HiveQL runs: embedded Hive, or a HiveServer2 over JDBC. */
public interface SqlSession extends AutoCloseable {
  /** Applies one setting (SET k=v) for the statements that follow. */
  void set(String key, String value) throws Exception;

  /** Runs one statement; returns its rows with tab-separated columns (none for DDL). */
  List<String> run(String sql) throws Exception;

  /** The directory of a table, as DESCRIBE FORMATTED reports it. */
  default String location(String table) throws Exception {
    for (String line : run("DESCRIBE FORMATTED " + table)) {
      String l = line.trim();
      if (l.startsWith("Location:")) return l.substring("Location:".length()).trim().split("\t")[0].trim();
    }
    throw new IllegalStateException("no location for " + table);
  }

  /**
   * The cause of the latest failed task since the last call (clearing it), when this process can see
   * its jobs' tasks; null otherwise.
   */
  default String takeTaskFailure() { return null; }

  /** Whether the file system statistics of this JVM see the reads of queries (embedded: yes). */
  boolean readsInProcess();

  /**
   * CPU time this process has used so far, in nanoseconds, or -1 when the queries run elsewhere. With
   * embedded Hive (MR local) compilation, tasks and map-join builds all run in this JVM, so the difference
   * over a query is its CPU cost; on a shared machine that is steadier than wall time, which includes
   * waiting for a core.
   */
  default long cpuNanos() { return -1; }

  /** Bytes the queries have read from table data so far, or -1 when this process cannot tell. */
  default long bytesRead() { return -1; }

  /** The engine's planning time of the statements so far (SQL text to executed plan), or -1 where it is not told apart. */
  default long planningNanos() { return -1; }

  /** Where the statements read the generated text in {@code data} from (a URI without a trailing slash). */
  default String stage(File data) throws Exception { return data.toURI().toString().replaceAll("/$", ""); }

  /** The directory a benchmark database is created in, or null for the warehouse's default. */
  default String databaseLocation(String database, File dir) throws Exception { return null; }

  /** The clause after a CTAS's table name that stores it in format {@code f} (Hive's: STORED AS ...). */
  default String storage(Format f) { return f.storage(); }

  /** One statement of a workload's staging script (Hive's DDL of its text tables), in this engine's SQL. */
  default String staging(String hiveDdl) { return hiveDdl; }

  /** The statements that compute a loaded table's statistics (none where the engine cannot). */
  default List<String> analyze(String table) { return BenchRun.analyze(table); }

  /** The engine's and the formats' versions, as the report names them. */
  default String versions() throws Exception { return BenchReport.versions(); }
}
