package dev.cif.cluster;

import dev.cif.bench.sql.TezDagCounters;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.embedded.hive.EmbeddedHive;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Faults on the cluster, injected while Hive's statement runs on Tez containers: a task's container killed,
 * a DataNode stopped in the middle of a scan and in the middle of an INSERT. Each fault waits on a
 * condition of the running statement (a task attempt of its DAG has started in a container; the INSERT has
 * written a split-directory) and the test fails if the fault was not injected while the statement ran.
 * Queries must give the exact answer; an INSERT must leave every row exactly once or the table as it
 * was; {@code cif verify} must pass on the tables afterwards.
 *
 * <p>The statements are made slow on purpose, each row through {@code reflect('java.lang.Thread', 'sleep',
 * ...)}, so that a task runs for seconds and the fault lands while it reads or writes.
 */
@Timeout(600)
@ExtendWith(SharedCluster.Start.class)
class ClusterFaultsIT {
  static final int ROWS = 2000;
  /** Per row, in ms: a task over {@link #ROWS} rows runs ~8 s. */
  static final int SLEEP_MS = 4;
  static final String SLOW = "0 * length(coalesce(reflect('java.lang.Thread', 'sleep', cast(" + SLEEP_MS + " AS BIGINT)), ''))";
  /** count(*), sum(n), count(DISTINCT s) of the source table: n = 0 .. ROWS-1, s = 'row-' || n. */
  static final String EXPECTED = ROWS + "\t" + (long) ROWS * (ROWS - 1) / 2 + "\t" + ROWS;

  static SharedCluster shared;
  static EmbeddedHive hive;

  @BeforeAll
  static void source() throws Exception {
    shared = SharedCluster.get();
    hive = shared.hive;
    hive.set("hive.execution.engine", "tez");
    hive.set("mapreduce.framework.name", "yarn");
    hive.run("CREATE DATABASE faults");
    hive.run("CREATE TABLE faults.src (n BIGINT, s STRING) STORED AS CIF");
    hive.run("INSERT INTO faults.src SELECT pos, concat('row-', pos) FROM (SELECT posexplode(split(space(" + (ROWS - 1)
        + "), ' ')) AS (pos, x)) t");
    assertEquals(List.of(EXPECTED), hive.run(summary("faults.src", "")));
  }

  static String summary(String table, String slow) {
    return "SELECT count(*), sum(n" + slow + "), count(DISTINCT s) FROM " + table;
  }

  @Test
  void aTaskContainerKilledMidQueryIsRetried() throws Exception {
    Set<Path> before = attemptLogs();
    Fault fault = Fault.when(() -> newRunningAttempt(before), attempt -> {
      String container = attempt.getParent().getFileName().toString();
      // Like a node's OOM killer or a crashed JVM: SIGKILL to the container's processes, nothing graceful.
      List<ProcessHandle> processes = ProcessHandle.allProcesses()
          .filter(p -> p.info().commandLine().map(c -> c.contains(container)).orElse(false)).toList();
      assertTrue(!processes.isEmpty(), "no process of " + container);
      processes.forEach(ProcessHandle::destroyForcibly);
      return "killed " + container + " (" + processes.size() + " processes) running " + attempt.getFileName();
    });
    TezDagCounters.reset();
    List<String> answer = hive.run(summary("faults.src", " + " + SLOW));
    fault.requireInjected();
    assertEquals(List.of(EXPECTED), answer, fault.toString());
    Map<String, Long> counters = TezDagCounters.last();
    assertTrue(counters.getOrDefault("NUM_FAILED_TASKS", 0L) + counters.getOrDefault("NUM_KILLED_TASKS", 0L) >= 1
        || counters.getOrDefault("TOTAL_LAUNCHED_TASKS", 0L) > counters.getOrDefault("NUM_SUCCEEDED_TASKS", Long.MAX_VALUE),
        "Tez saw no attempt fail after " + fault + ": " + counters);
    verify("faults.src", ROWS);
  }

  @Test
  void aDataNodeStoppedMidScanLeavesTheAnswerRight() throws Exception {
    Set<Path> before = attemptLogs();
    Fault fault = Fault.when(() -> newRunningAttempt(before), attempt -> {
      // The DataNode of the task's own node: with the split-directory co-located there, it is the one the
      // task reads from; its reads must fail over to the other replicas.
      return "stopped " + stopDataNode(nodeOf(attempt)) + " under " + attempt.getFileName();
    });
    try {
      List<String> answer = hive.run(summary("faults.src", " + " + SLOW));
      fault.requireInjected();
      assertEquals(List.of(EXPECTED), answer, fault.toString());
    } finally {
      fault.await();
      restartStoppedDataNodes();
    }
    verify("faults.src", ROWS);
  }

  @Test
  void aDataNodeStoppedMidInsertLeavesAllRowsOnceOrNone() throws Exception {
    // Small split-directories (and blocks), so that the INSERT's task writes several, one after the other,
    // while it runs: the fault lands between them.
    hive.run("CREATE TABLE faults.dst (n BIGINT, s STRING) STORED AS CIF"
        + " TBLPROPERTIES ('cif.split-directory.bytes' = '4096', 'cif.block.bytes' = '1024')");
    org.apache.hadoop.fs.Path table = new org.apache.hadoop.fs.Path(HiveAndPigOnClusterIT.location(hive, "faults.dst"));
    Fault fault = Fault.when(() -> firstWrittenCifFile(table), file -> {
      // The host from the listing itself: asking the NameNode again races with the task's commit, which may
      // have renamed the file since (a CI run failed on that FileNotFoundException).
      String host = file.getBlockLocations()[0].getHosts()[0];
      return "stopped " + stopDataNode(host) + " holding " + file.getPath().getName() + " of " + file.getPath().getParent().getName();
    });
    String outcome;
    try {
      try {
        hive.run("INSERT INTO faults.dst SELECT n, s FROM faults.src WHERE n + " + SLOW + " >= 0");
        outcome = "committed";
      } catch (CommandProcessorException e) {
        outcome = "failed: " + e.getMessage();
      }
      fault.requireInjected();
    } finally {
      fault.await();
      restartStoppedDataNodes();
    }
    List<String> rows = hive.run(summary("faults.dst", ""));
    if (outcome.equals("committed")) {
      assertEquals(List.of(EXPECTED), rows, "every row exactly once after " + fault);
    } else {
      assertEquals(List.of("0\tNULL\t0"), rows, "the table as it was (empty) after " + outcome + ", " + fault);
    }
    verify("faults.dst", outcome.equals("committed") ? ROWS : 0);
  }

  // ---- conditions ----

  /** The log files of task attempts (Tez's syslog_attempt_...) of every container so far, in the NodeManagers' log directories. */
  static Set<Path> attemptLogs() throws IOException {
    Set<Path> logs = new HashSet<>();
    for (int i = 0; i < shared.cluster.names().hosts().size(); i++) {
      for (String dir : shared.cluster.yarn().getNodeManager(i).getConfig().getTrimmedStrings("yarn.nodemanager.log-dirs")) {
        logs.addAll(NodeFiles.named(new File(dir).getAbsoluteFile().toPath(), n -> n.startsWith("syslog_attempt_")));
      }
    }
    return logs;
  }

  /** A task attempt that started since {@code before}, in a container still running; null if none yet. */
  static Path newRunningAttempt(Set<Path> before) throws IOException {
    for (Path log : attemptLogs()) {
      if (before.contains(log)) continue;
      String container = log.getParent().getFileName().toString();
      if (ProcessHandle.allProcesses().anyMatch(p -> p.info().commandLine().map(c -> c.contains(container)).orElse(false))) {
        return log;
      }
    }
    return null;
  }

  /** The node whose NodeManager ran a container: its log directory is under that NodeManager's. */
  static String nodeOf(Path attemptLog) {
    String path = attemptLog.toString();
    for (int i = 0; i < shared.cluster.names().hosts().size(); i++) {
      for (String dir : shared.cluster.yarn().getNodeManager(i).getConfig().getTrimmedStrings("yarn.nodemanager.log-dirs")) {
        if (path.startsWith(new File(dir).getAbsolutePath())) return shared.cluster.names().host(i);
      }
    }
    throw new IllegalStateException("no NodeManager's log directory holds " + attemptLog);
  }

  /**
   * A CIF column file of a finished split-directory under the table (its staging included), with its block
   * locations; null if none yet. The INSERT renames and deletes staging directories while the listing walks
   * them: a directory gone under the walk means "not yet", and the next poll lists again.
   */
  static LocatedFileStatus firstWrittenCifFile(org.apache.hadoop.fs.Path table) throws IOException {
    try {
      RemoteIterator<LocatedFileStatus> files = shared.fs.listFiles(table, true);
      while (files.hasNext()) {
        LocatedFileStatus f = files.next();
        if (f.getPath().getName().endsWith(".cif") && f.getLen() > 0 && f.getBlockLocations().length > 0
            && f.getBlockLocations()[0].getHosts().length > 0) {
          return f;
        }
      }
    } catch (FileNotFoundException e) {
      return null;
    }
    return null;
  }

  // ---- faults ----

  static final List<MiniDFSCluster.DataNodeProperties> stopped = new java.util.ArrayList<>();

  static synchronized String stopDataNode(String host) {
    MiniDFSCluster dfs = shared.cluster.dfs();
    List<DataNode> nodes = dfs.getDataNodes();
    for (int i = 0; i < nodes.size(); i++) {
      if (nodes.get(i).getDatanodeId().getHostName().equals(host)) {
        stopped.add(dfs.stopDataNode(i));
        return "DataNode " + host;
      }
    }
    throw new IllegalStateException("no running DataNode on " + host);
  }

  static synchronized void restartStoppedDataNodes() throws IOException {
    MiniDFSCluster dfs = shared.cluster.dfs();
    // On a new data port: MiniDFSCluster cannot keep a port bound on the wildcard address.
    for (MiniDFSCluster.DataNodeProperties dn : stopped) dfs.restartDataNode(dn, false);
    stopped.clear();
    shared.cluster.names().resolveInThisJvm();
    dfs.waitActive();
  }

  /** {@code cif verify} on a table's directory, as a user runs it: cif-cli's command in a JVM of its own. */
  static void verify(String table, long rows) throws Exception {
    String location = HiveAndPigOnClusterIT.location(hive, table);
    Path out = SharedCluster.BASE.toPath().resolve("verify-" + table + ".out");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        "-D" + NodeNames.HOSTS_FILE_PROPERTY + "=" + OneMachineCluster.hostsFile(SharedCluster.BASE),
        "dev.cif.command.Main", "verify", location)
        .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "cif verify did not end");
    String text = Files.readString(out, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "cif verify " + location + ": " + text);
    // The verdict line (the child's Hadoop warnings go to the same stream, as this classpath's log4j says).
    assertTrue(text.lines().anyMatch(l -> l.startsWith("OK " + location + ": ") && l.endsWith(" 0 corrupt, " + rows + " rows verified")),
        text);
  }

  /**
   * A fault injected from a thread of its own once a condition holds: the statement runs on the test's
   * thread meanwhile. The poll ends at the fault, or when {@link #requireInjected} finds none.
   */
  static final class Fault {
    interface Condition<T> { T get() throws Exception; }
    interface Action<T> { String apply(T found) throws Exception; }

    private final AtomicReference<String> done = new AtomicReference<>();
    private final AtomicReference<Throwable> error = new AtomicReference<>();
    private volatile boolean cancelled;
    private Thread thread;

    static <T> Fault when(Condition<T> condition, Action<T> action) {
      Fault f = new Fault();
      f.thread = new Thread(() -> {
        try {
          while (!f.cancelled) {
            T found = condition.get();
            if (found != null) {
              f.done.set(action.apply(found));
              return;
            }
            Thread.sleep(50); // the polling interval
          }
        } catch (Throwable t) {
          f.error.set(t);
        }
      }, "fault");
      f.thread.setDaemon(true);
      f.thread.start();
      return f;
    }

    /** Stops polling and waits for the thread (a fault being injected completes). */
    void await() throws InterruptedException {
      cancelled = true;
      thread.join();
    }

    /** The statement has ended: the fault must have been injected while it ran. */
    void requireInjected() throws InterruptedException {
      await();
      if (error.get() != null) throw new AssertionError("injecting the fault failed", error.get());
      if (done.get() == null) throw new AssertionError("the statement ended before the fault's condition held");
    }

    @Override
    public String toString() { return String.valueOf(done.get()); }
  }
}
