package dev.cif.bench.sql;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Spark SQL as the benchmark's engine ({@code --engine spark}): spark-cif's {@code SparkSqlWorker} on a local
 * session ({@value #MASTER}) in a JVM of its own, started on spark-cif's classpath (cif-bench's holds Hive,
 * and Hive and Spark cannot share one; bin/cif passes that classpath and its JVM options as the system
 * properties {@value #CLASSPATH} and {@value #JVM_OPTIONS}, as it starts {@code cif spark-sql}). The format tables
 * live under {@code benchtable:} ({@link TableFileSystem}, put on the Spark JVM's classpath with the kit class it
 * extends), and bytes read are that file system's reads by every thread of the Spark JVM: Spark's task input
 * metrics count only a task's own thread, which misses most of Parquet's and ORC's (vectored) reads. CPU is
 * the tasks' executor CPU time; planning time is the driver's, from the SQL text to the executed plan.
 * The Hive DDL the workloads share is said in Spark's words here: {@code STORED AS X} is {@code USING x},
 * the '|'-delimited text staging tables are CSV tables, and table statistics are not computed.
 */
final class SparkChildSession implements SqlSession {
  static final String MASTER = "local[2]";
  /** The system property with spark-cif's classpath (target/classes and target/classpath.txt's jars). */
  static final String CLASSPATH = "dev.cif.launcher.spark-classpath";
  /** The system property with the Spark JVM's options, separated by spaces (e.g. {@code @bin/jvm.options}). */
  static final String JVM_OPTIONS = "dev.cif.launcher.spark-jvm-options";
  /** The Spark JVM's heap (driver and local executors in one JVM): small, as the machine is shared. */
  static final String HEAP = "3g";

  private final Process process;
  private final DataOutputStream out;
  private final DataInputStream in;
  private final File log;
  private final File dir;

  SparkChildSession(File dir) throws IOException {
    this.dir = dir;
    String classpath = System.getProperty(CLASSPATH);
    if (classpath == null || classpath.isBlank()) {
      throw new IllegalStateException("--engine spark needs spark-cif's classpath (system property " + CLASSPATH
          + "; bin/cif sets it in the source tree, whose spark-cif module it builds)");
    }
    log = new File(dir, "spark.log");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    String options = System.getProperty(JVM_OPTIONS, "");
    if (!options.isBlank()) command.addAll(Arrays.asList(options.trim().split("\\s+")));
    command.addAll(List.of("-Xmx" + HEAP, "-Djava.awt.headless=true", "-cp", classpath + File.pathSeparator + tableFileSystemClasspath(),
        "dev.cif.spark.shell.SparkSqlWorker",
        MASTER, new File(dir, "warehouse").getAbsolutePath(), log.getAbsolutePath()));
    process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log)).start();
    out = new DataOutputStream(new BufferedOutputStream(process.getOutputStream()));
    in = new DataInputStream(new BufferedInputStream(process.getInputStream()));
    awaitReady();
  }

  /** The mark SparkSqlWorker writes before its first answer (spark-cif's SparkSqlWorker.READY, byte for byte). */
  private static final byte[] READY = "\0cif-spark-worker-ready\0".getBytes(StandardCharsets.US_ASCII);
  /** What the JVM may print before main (a flight recording's start, -XX:+PrintFlagsFinal) and still be skipped. */
  private static final int MAX_BEFORE_READY = 4 << 20;

  /**
   * Reads the worker's standard output up to its ready mark, keeping what came before it (the JVM's own output
   * before main) in the log: read as the protocol, such text would be taken for lengths and answers.
   */
  private void awaitReady() throws IOException {
    ByteArrayOutputStream before = new ByteArrayOutputStream();
    int matched = 0;
    try {
      while (matched < READY.length) {
        int b = in.read();
        if (b < 0) throw new IOException("the Spark JVM ended before it was ready (log: " + log + ")");
        if (b == (READY[matched] & 0xFF)) {
          matched++;
          continue;
        }
        before.write(READY, 0, matched);
        matched = b == (READY[0] & 0xFF) ? 1 : 0;
        if (matched == 0) before.write(b);
        if (before.size() > MAX_BEFORE_READY) {
          throw new IOException("the Spark JVM wrote " + before.size() + " bytes to standard output and no ready mark (log: " + log + ")");
        }
      }
    } finally {
      if (before.size() > 0) Files.write(log.toPath(), before.toByteArray(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
  }

  /** Spark's settings only: the workloads' settings file is Hive's (its keys mean nothing to Spark). */
  @Override
  public void set(String key, String value) throws Exception {
    if (key.startsWith("spark.")) run("SET " + key + "=" + value);
  }

  @Override
  public List<String> run(String sql) throws IOException {
    request("sql", sql);
    if (!in.readBoolean()) throw new IOException("Spark: " + in.readUTF() + " (log: " + log + ")");
    int n = in.readInt();
    List<String> rows = new ArrayList<>(n);
    for (int i = 0; i < n; i++) rows.add(in.readUTF());
    return rows;
  }

  private void request(String op, String arg) throws IOException {
    try {
      out.writeUTF(op);
      out.writeUTF(arg);
      out.flush();
    } catch (IOException e) {
      throw new IOException("the Spark JVM has ended (log: " + log + ")", e);
    }
  }

  /** Where TableFileSystem and the kit class it extends are loaded from (cif-bench's and cif-testkit's classes or jars). */
  private static String tableFileSystemClasspath() {
    List<String> out = new ArrayList<>();
    for (Class<?> c : List.of(TableFileSystem.class, dev.cif.testing.SchemedLocalFileSystem.class)) {
      try {
        String entry = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        if (!out.contains(entry)) out.add(entry);
      } catch (java.net.URISyntaxException e) {
        throw new IllegalStateException(e);
      }
    }
    return String.join(File.pathSeparator, out);
  }

  /** The worker's counts: task input bytes, bytes read under benchtable:, task CPU ns, driver planning ns. */
  private long[] metrics() {
    try {
      request("metrics", TableFileSystem.SCHEME);
      return new long[] {in.readLong(), in.readLong(), in.readLong(), in.readLong()};
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The bytes the Spark JVM has read from the format tables (under benchtable:) on any thread since it started.
   * Spark's task input metrics (the first count) would undercount Parquet and ORC, whose vectored reads
   * complete on other threads.
   */
  @Override public long bytesRead() { return metrics()[1]; }

  /** The finished tasks' executor CPU time, summed since the session started: task CPU, not the JVM's. */
  @Override public long cpuNanos() { return metrics()[2]; }

  /** The driver's planning time (SQL text to executed plan), summed since the session started. */
  @Override public long planningNanos() { return metrics()[3]; }

  @Override public boolean readsInProcess() { return true; }

  /** Spark's, Parquet's, ORC's and Hadoop's versions, and the Spark settings the formats read with. */
  @Override
  public String versions() throws IOException {
    request("versions", "-");
    return in.readUTF();
  }

  @Override
  public String location(String table) throws Exception {
    for (String line : run("DESCRIBE FORMATTED " + table)) {
      String[] cells = line.split("\t");
      if (cells.length > 1 && cells[0].trim().equals("Location")) return cells[1].trim();
    }
    // A DataSource V2 table (cif) may not say: a managed table is its database's directory's child.
    String[] name = table.split("\\.");
    if (name.length == 2) return databaseLocation(name[0], dir).replaceAll("/$", "") + "/" + name[1];
    throw new IllegalStateException("no location for " + table);
  }

  /** Under benchtable:, so that the tables' reads are counted on every thread (bytesRead). */
  @Override
  public String databaseLocation(String database, File dir) {
    return TableFileSystem.SCHEME + "://" + new File(dir, "warehouse/" + database).getAbsolutePath();
  }

  /** The clause after a CTAS's table name: Spark's built-in readers and writers, and CIF's DataSource V2. */
  @Override
  public String storage(Format f) {
    return switch (f) {
      case CIF -> "USING cif";
      case PARQUET -> "USING parquet";
      case ORC -> "USING orc";
      case TEXTFILE -> "USING csv";
      default -> throw new IllegalArgumentException("--engine spark: format " + f.id() + " is not one of cif, parquet, orc");
    };
  }

  /**
   * The workload's staging DDL (Hive's external text tables over the generator's '|'-delimited files) as
   * Spark CSV tables: no quoting (the generators write none), so each line splits at '|' as Hive's does.
   */
  @Override
  public String staging(String hiveDdl) {
    return hiveDdl.replaceAll("(?i)CREATE EXTERNAL TABLE", "CREATE TABLE")
        .replaceAll("(?i)ROW FORMAT DELIMITED FIELDS TERMINATED BY '(.)' STORED AS TEXTFILE LOCATION",
            "USING csv OPTIONS (sep '$1', quote '') LOCATION");
  }

  /** None: ANALYZE TABLE is not supported on a DataSource V2 table, so no format gets statistics (Spark plans from sizes). */
  @Override public List<String> analyze(String table) { return List.of(); }

  @Override
  public void close() throws Exception {
    out.close(); // end of input ends the worker
    if (!process.waitFor(60, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
  }
}
