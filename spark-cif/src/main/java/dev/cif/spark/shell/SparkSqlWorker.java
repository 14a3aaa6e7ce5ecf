package dev.cif.spark.shell;

import dev.cif.spark.CifExtensions;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The Spark side of {@code bin/cif bench-sql --engine spark}: a local Spark session with CIF's extensions
 * that runs the statements cif-bench sends it and answers with their rows and the tasks' metrics. It runs
 * in a JVM of its own on spark-cif's classpath (cif-bench's holds Hive, and Hive and Spark cannot share
 * one), and speaks on its standard input and output (both binary, so Spark's own printing goes to the log
 * file instead): each request is an operation name and an argument, each in {@link DataOutputStream#writeUTF}'s form (up to 64 KB):
 * <ul>
 *   <li>{@code sql STATEMENT}: {@code true}, a row count and each row tab-separated (NULL for null, as bin/cif
 *       spark-sql prints them), or {@code false} and the error's first line;</li>
 *   <li>{@code metrics SCHEME}: four counts, each summed since start: the bytes the finished tasks read (their
 *       input metrics: what the file readers read through Hadoop's file system on the task's own thread), the
 *       bytes this JVM read through the file system of SCHEME on any thread (Hadoop's statistics of that
 *       scheme: the tables' file system, where Parquet's and ORC's vectored reads on other threads are counted
 *       too), the tasks' executor CPU nanoseconds, and the driver's planning nanoseconds (from the SQL text to
 *       the executed plan, before the query runs); after every task event has been delivered;</li>
 *   <li>{@code versions -}: Spark's, its Parquet's, ORC's and Hadoop's versions and the reader settings the
 *       formats ran with.</li>
 * </ul>
 * After each statement the log gets a line of where its time went ({@link StatementTimeline}).
 * End of input ends the session. Arguments: the master ({@code local[2]}), the warehouse directory and the
 * log file.
 */
public final class SparkSqlWorker {
  private final SparkSession spark;
  private final AtomicLong bytesRead = new AtomicLong();
  private final AtomicLong cpuNanos = new AtomicLong();
  private final AtomicLong planningNanos = new AtomicLong();
  private final StatementTimeline timeline = new StatementTimeline();

  private SparkSqlWorker(SparkSession spark) {
    this.spark = spark;
    spark.sparkContext().addSparkListener(timeline);
    spark.sparkContext().addSparkListener(new SparkListener() {
      @Override
      public void onTaskEnd(SparkListenerTaskEnd end) {
        TaskMetrics m = end.taskMetrics();
        if (m == null) return;
        bytesRead.addAndGet(m.inputMetrics().bytesRead());
        cpuNanos.addAndGet(m.executorCpuTime());
      }
    });
  }

  /** Written once, first: the start of the protocol on standard output (cif-bench's SparkChildSession looks for it). */
  static final byte[] READY = "\0cif-spark-worker-ready\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: SparkSqlWorker MASTER WAREHOUSE_DIR LOG_FILE");
      System.exit(2);
    }
    // The protocol's streams, taken before quietLog sends System.out and System.err to the log.
    DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(FileDescriptor.in)));
    DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)));
    // Whatever the JVM wrote to standard output before main (a flight recording's start, -XX:+PrintFlagsFinal)
    // is not the protocol: the parent reads up to this mark and takes what follows as the protocol's.
    out.write(READY);
    out.flush();
    SparkSqlShell.quietLog(new File(args[2]), new PrintStream(java.io.OutputStream.nullOutputStream()) /* cif-bench names the log itself */);
    SparkSession spark = SparkSession.builder()
        .master(args[0])
        .appName("cif bench-sql")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.warehouse.dir", new File(args[1]).getAbsolutePath())
        .config("spark.sql.extensions", CifExtensions.class.getName())
        .getOrCreate();
    try {
      new SparkSqlWorker(spark).serve(in, out);
    } finally {
      spark.stop();
    }
  }

  private void serve(DataInputStream in, DataOutputStream out) throws Exception {
    while (true) {
      String op;
      String arg;
      try {
        op = in.readUTF();
        arg = in.readUTF();
      } catch (EOFException e) {
        return;
      }
      switch (op) {
        case "sql" -> sql(arg, out);
        case "metrics" -> {
          // Task-end events reach listeners on Spark's listener bus thread, after the job has returned.
          spark.sparkContext().listenerBus().waitUntilEmpty();
          out.writeLong(bytesRead.get());
          out.writeLong(bytesReadThrough(arg));
          out.writeLong(cpuNanos.get());
          out.writeLong(planningNanos.get());
        }
        case "versions" -> out.writeUTF(versions());
        default -> throw new IllegalArgumentException("SparkSqlWorker: unknown operation " + op);
      }
      out.flush();
    }
  }

  private void sql(String statement, DataOutputStream out) throws IOException {
    List<String> lines = new ArrayList<>();
    try {
      // A command (CTAS, INSERT) runs in spark.sql itself; a query is only analysed there, and planned here.
      timeline.start();
      long start = System.nanoTime();
      Dataset<Row> result = spark.sql(statement);
      result.queryExecution().executedPlan();
      planningNanos.addAndGet(System.nanoTime() - start);
      for (Row row : result.collectAsList()) {
        String line = SparkSqlShell.line(row);
        if (line.length() > 16_000) throw new IllegalStateException("a row of " + line.length() + " characters: bench-sql takes rows up to 16,000");
        lines.add(line);
      }
      spark.sparkContext().listenerBus().waitUntilEmpty();
      System.err.println(statement.strip().lines().findFirst().orElse("") + " -- " + timeline.line());
    } catch (Exception e) {
      e.printStackTrace(System.err); // into the log
      out.writeBoolean(false);
      out.writeUTF(String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString()));
      return;
    }
    out.writeBoolean(true);
    out.writeInt(lines.size());
    for (String l : lines) out.writeUTF(l);
  }

  /** Bytes read so far through the file systems of scheme, by every thread of this JVM (Hadoop's statistics). */
  @SuppressWarnings("deprecation") // getAllStatistics: the per-scheme totals, which the storage statistics API splits by class
  private static long bytesReadThrough(String scheme) {
    long n = 0;
    for (FileSystem.Statistics s : FileSystem.getAllStatistics()) if (scheme.equals(s.getScheme())) n += s.getBytesRead();
    return n;
  }

  /** The versions that ran, read from the jars' Maven descriptors, and the formats' settings. */
  private String versions() {
    StringBuilder s = new StringBuilder("Spark ").append(spark.version());
    String[][] libraries = {{"Parquet", "org.apache.parquet/parquet-hadoop"}, {"ORC", "org.apache.orc/orc-core"},
        {"Hadoop", "org.apache.hadoop/hadoop-client-api"}};
    for (String[] library : libraries) {
      String v = mavenVersion(library[1]);
      if (v != null) s.append(", ").append(library[0]).append(' ').append(v);
    }
    s.append(", JDK ").append(Runtime.version().feature()).append("; Spark's defaults:");
    for (String key : new String[] {"spark.sql.parquet.compression.codec", "spark.sql.orc.compression.codec",
        "spark.sql.parquet.enableVectorizedReader", "spark.sql.orc.enableVectorizedReader", "spark.sql.adaptive.enabled",
        "spark.sql.autoBroadcastJoinThreshold", "spark.sql.files.maxPartitionBytes"}) {
      s.append(' ').append(key).append('=').append(spark.conf().get(key));
    }
    return s.toString();
  }

  private static String mavenVersion(String groupArtifact) {
    try (InputStream in = SparkSqlWorker.class.getClassLoader().getResourceAsStream("META-INF/maven/" + groupArtifact + "/pom.properties")) {
      if (in == null) return null;
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      return null;
    }
  }
}
