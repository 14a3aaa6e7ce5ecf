package dev.cif.embedded.hive;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.DriverFactory;
import org.apache.hadoop.hive.ql.IDriver;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * One in-process Hive 4 session: MR local engine ({@link #useTezLocal()} for Tez local), Derby metastore,
 * local file system, no server to install, with CIF registered. Its settings are made here, in one place. Every directory lives under one root. Used by {@code bin/cif hive}
 * and by the tests (one session per test class: a session costs seconds).
 */
public final class EmbeddedHive implements AutoCloseable {
  private final File root;
  private final HiveConf conf;
  private final SessionSite site;
  private final SessionState session;

  /** A throw-away session under target/, with an in-memory metastore. */
  EmbeddedHive() throws Exception {
    this(new File("target/hive-" + UUID.randomUUID()), false);
  }

  /**
   * @param root where the warehouse, scratch and (if persistent) metastore directories go
   * @param persistent keep the metastore in root/metastore_db, so tables survive the session
   */
  public EmbeddedHive(File root, boolean persistent) throws Exception {
    this(root, persistent, Map.of());
  }

  /**
   * @param overlay settings that replace the defaults before the session starts: a cluster's client
   *     configuration (see {@link ClusterSettings}) for a session whose jobs run on that cluster
   */
  public EmbeddedHive(File root, boolean persistent, Map<String, String> overlay) throws Exception {
    this.root = root.getAbsoluteFile();
    String metastore = persistent ? "jdbc:derby:;databaseName=" + dir("metastore_db") + ";create=true"
        : "jdbc:derby:memory:" + UUID.randomUUID() + ";create=true";
    Map<String, String> defaults = Map.ofEntries(
        Map.entry("javax.jdo.option.ConnectionURL", metastore),
        Map.entry("datanucleus.schema.autoCreateAll", "true"),
        Map.entry("hive.metastore.schema.verification", "false"),
        Map.entry("hive.metastore.uris", ""),
        Map.entry("hive.metastore.warehouse.dir", dir("warehouse")),
        Map.entry("hive.metastore.warehouse.external.dir", dir("external")),
        Map.entry("hive.exec.scratchdir", dir("scratch")),
        Map.entry("hive.exec.local.scratchdir", dir("localscratch")),
        Map.entry("hive.downloaded.resources.dir", dir("resources")),
        Map.entry("hive.querylog.location", dir("querylog")),
        Map.entry("hive.query.results.cache.directory", dir("resultscache")),
        Map.entry("hadoop.tmp.dir", dir("hadoop-tmp")),
        Map.entry("mapreduce.jobtracker.staging.root.dir", dir("staging")),
        Map.entry("mapreduce.framework.name", "local"),
        Map.entry("hive.execution.engine", "mr"),
        Map.entry("hive.exec.submitviachild", "false"),
        // How often Hive asks a running MapReduce job whether it is done (HadoopJobExecHelper sleeps this long
        // before each check, 1 s by default, sized for a JobTracker's RPC): the local runner answers from this
        // JVM, and most embedded jobs finish in well under a second, so each paid up to a second of waiting.
        Map.entry("hive.exec.counters.pull.interval", "100"),
        Map.entry("hive.support.concurrency", "false"),
        // What HiveServer2 tells the metastore its clients can do; without it the metastore refuses to create
        // transactional tables ("Processor has no capabilities, cannot create an ACID table").
        Map.entry("hive.metastore.client.capabilities", "EXTWRITE,EXTREAD,HIVEBUCKET2,HIVEFULLACIDREAD,HIVEFULLACIDWRITE,"
            + "HIVECACHEINVALIDATE,HIVEMANAGESTATS,HIVEMANAGEDINSERTWRITE,HIVEMANAGEDINSERTREAD,HIVESQL,HIVEMQT,"
            + "HIVEONLYMQTWRITE,ACCEPTS_UNMODIFIED_METADATA"),
        Map.entry("hive.exec.dynamic.partition.mode", "nonstrict"),
        Map.entry("hive.stats.column.autogather", "false"),
        // The local runner allocates this sort buffer for every map task; 100 MB by default.
        Map.entry("mapreduce.task.io.sort.mb", "8"),
        Map.entry("hive.server2.logging.operation.enabled", "false"),
        // Map-join hash tables are built in this JVM, where "used heap" counts the whole session and its
        // garbage, not the table: Hive's share-of-heap check failed TPC-H Q5 at SF 1 on a mostly free
        // heap (tpch-ssb-queries' EmbeddedSession). At 1 it is off; the JVM's own limit remains.
        Map.entry("hive.mapjoin.localtask.max.memory.usage", "1"),
        Map.entry("hive.mapjoin.followby.gby.localtask.max.memory.usage", "1"),
        // On MR a map join's hash tables are built by MapredLocalTask, by default in a child JVM started with
        // `hadoop jar`, which this embedded runtime has not (and which would lack the JDK 17 flags): it failed
        // with "return code 1 from MapredLocalTask". Here they are built in this JVM.
        Map.entry("hive.exec.submit.local.task.via.child", "false"),
        // A query's counters: MapReduce's limit of 120 (mapreduce.job.counters.max) is what hive-testbench's
        // TPC-H Q2 broke on Tez too ("Too many counters: 121 max=120"); a cluster's mapred-site/tez-site raise
        // them for Hive, as here.
        Map.entry("mapreduce.job.counters.max", "10000"),
        Map.entry("tez.counters.max", "10000"),
        Map.entry("tez.counters.max.groups", "3000"));
    Map<String, String> settings = new java.util.LinkedHashMap<>(defaults);
    settings.putAll(overlay);
    // Hive's classes from the expanded hive-exec (bin/cif, the tests): Hive takes its job jar from hive.jar.path
    // then. MR local's tasks run in this JVM, and job submission copies the job jar into the staging directory
    // (92 MB for hive-exec): a jar without classes does. Tasks on a cluster need the real jar.
    if (HiveExecDirectory.onClasspath()) {
      String jar = "local".equals(settings.get("mapreduce.framework.name"))
          ? HiveExecDirectory.emptyJar(hiveJarCache()).getPath() : HiveExecDirectory.originalJar();
      if (jar != null) settings.putIfAbsent("hive.jar.path", jar);
    }
    // Hive makes fresh HiveConf objects internally (the metastore's among them): they read these from the
    // session's site file.
    // So that DbTxnManager works when a session switches to it (transactional tables, the compactor).
    TransactionTables.create(metastore);
    site = new SessionSite(this.root, settings);
    conf = new HiveConf();
    settings.forEach(conf::set);
    session = SessionState.start(new SessionState(conf));
  }

  private String dir(String name) { return new File(root, name).getPath(); }

  /** Applies a setting to the session (the driver itself does not accept SET). */
  public void set(String key, String value) {
    conf.set(key, value);
    site.set(key, value);
  }

  /**
   * Runs the session's jobs on Tez in local mode (Hive 4's default engine), the DAG's tasks on threads
   * of this JVM; Hive sizes a task's map-join hash tables from {@code containerMb} and its sort buffer is
   * {@code sortMb}. Needs Tez's jars on the classpath (tez-dag, tez-mapreduce, hive-llap-tez, ...).
   */
  public void useTezLocal(long containerMb, long sortMb) {
    set("hive.execution.engine", "tez");
    set("tez.local.mode", "true");
    set("tez.runtime.optimize.local.fetch", "true");
    set("tez.staging-dir", dir("tez-staging"));
    set("hive.tez.container.size", Long.toString(containerMb));
    set("tez.am.resource.memory.mb", "256");
    set("tez.runtime.io.sort.mb", Long.toString(sortMb));
    // Hive copies its hive-exec jar (92 MB) into <install directory>/<user>/.hiveJars for Tez to localize.
    // The default directory is /user/, on the local file system here: bin/cif wrote to /user/root as root
    // and cannot create /user/<name> as anyone else. The CIF cache keeps one copy per Hive version.
    set("hive.user.install.directory", hiveJarCache().toURI().toString());
    // Tez local copies the job jar into a fresh directory for every task (LocalContainerLauncher), ~1 s each
    // for hive-exec's 92 MB, and the tasks run on this JVM's classpath, needing nothing from it. With Hive's
    // classes from a directory (bin/cif expands hive-exec) Hive takes hive.jar.path as the job jar: one with no
    // classes (docs/hive.md, "Tez local's per-task copy of hive-exec").
    if (HiveExecDirectory.onClasspath()) set("hive.jar.path", HiveExecDirectory.emptyJar(hiveJarCache()).getPath());
  }

  /** Where Tez local sessions keep Hive's jar: ${CIF_CACHE:-~/.cache/cif}/hive-jars, as bin/jdk21 keeps its JDK. */
  static File hiveJarCache() {
    String cache = System.getenv("CIF_CACHE");
    File root = cache != null && !cache.isEmpty() ? new File(cache) : new File(System.getProperty("user.home"), ".cache/cif");
    return new File(root, "hive-jars").getAbsoluteFile();
  }

  /**
   * Tez local sized for this JVM: the DAG's tasks run on threads of this JVM, one at a time (Tez's default
   * for inline tasks), as MR local runs one map task at a time. Hive sizes map-join hash tables and sort
   * buffers from the container size; here every task shares this JVM's heap, so it is set to a share of it
   * that a single task may use.
   */
  public void useTezLocal() {
    long taskMb = Math.max(256, Runtime.getRuntime().maxMemory() / 2 / (1 << 20));
    useTezLocal(taskMb, Math.min(256, taskMb / 4));
    set("tez.task.scale.memory.enabled", "false");
  }

  /** Runs one statement; returns its result rows (tab-separated columns). */
  public List<String> run(String sql) throws CommandProcessorException {
    return run(sql, false);
  }

  /**
   * Runs one statement; returns its result rows (tab-separated columns), after a line of its column
   * names (tab-separated) if {@code header} and the statement returns columns, as Hive's CLI prints with
   * hive.cli.print.header.
   */
  public List<String> run(String sql, boolean header) throws CommandProcessorException {
    IDriver driver = DriverFactory.newDriver(conf);
    try {
      driver.run(sql);
      List<String> rows = new ArrayList<>();
      org.apache.hadoop.hive.metastore.api.Schema schema = driver.getSchema();
      if (header && schema != null && schema.getFieldSchemas() != null && !schema.getFieldSchemas().isEmpty()) {
        List<String> names = new ArrayList<>();
        for (org.apache.hadoop.hive.metastore.api.FieldSchema f : schema.getFieldSchemas()) names.add(f.getName());
        rows.add(String.join("\t", names));
      }
      List<String> batch = new ArrayList<>();
      try {
        while (driver.getResults(batch)) {
          rows.addAll(batch);
          batch.clear();
        }
      } catch (java.io.IOException e) {
        throw new IllegalStateException(e);
      }
      return rows;
    } finally {
      driver.close();
    }
  }

  /** A table's directory, as DESCRIBE FORMATTED reports it. */
  public org.apache.hadoop.fs.Path location(String table) throws CommandProcessorException {
    return new org.apache.hadoop.fs.Path(run("DESCRIBE FORMATTED " + table).stream().filter(l -> l.startsWith("Location:"))
        .findFirst().orElseThrow().substring("Location:".length()).trim());
  }

  /** A table parameter (numRows, totalSize, ...) as DESCRIBE FORMATTED reports it. */
  public String tableParameter(String table, String name) throws CommandProcessorException {
    for (String l : run("DESCRIBE FORMATTED " + table)) {
      String[] p = l.trim().split("\\s+");
      if (p.length == 2 && p[0].equals(name)) return p[1];
    }
    throw new IllegalStateException("no " + name + " in DESCRIBE FORMATTED " + table);
  }

  /**
   * A counter summed over the jobs of the last statement (e.g. {@code CIF}/{@code ROWS_MATERIALIZED} of
   * {@link dev.cif.hive.vector.VectorizedCifReader}); 0 if it ran no job or no task counted it.
   */
  public long lastStatementCounter(String group, String name) {
    long sum = 0;
    for (org.apache.hadoop.hive.ql.MapRedStats s : SessionState.get().getMapRedStats().values()) {
      if (s.getCounters() != null) sum += s.getCounters().findCounter(group, name).getValue();
    }
    return sum;
  }

  /** A copy of the rows in sorted order, for comparing answers whose row order Hive leaves open. */
  public static List<String> sorted(List<String> rows) {
    List<String> copy = new ArrayList<>(rows);
    java.util.Collections.sort(copy);
    return copy;
  }

  /** Runs the statements in order; their rows are dropped. */
  public void runAll(String... sql) throws CommandProcessorException {
    for (String s : sql) run(s);
  }

  @Override
  public void close() throws Exception {
    try {
      session.close();
    } finally {
      site.close();
    }
  }

  /** The directory the session's warehouse, scratch and metastore directories live under. */
  public File root() { return root; }

  /**
   * The session's configuration: what its statements and jobs run with, for opening the file systems its
   * tables live on. Settings made here reach the driver but not Hive's fresh HiveConf objects; use {@link #set}.
   */
  public HiveConf conf() { return conf; }
}
