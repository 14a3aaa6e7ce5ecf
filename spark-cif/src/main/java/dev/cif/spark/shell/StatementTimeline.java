package dev.cif.spark.shell;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.TaskInfo;

/**
 * Where one statement's wall time went, from Spark's own events and the JVM's counters: the tasks' launch
 * to finish time, executor run, CPU and deserialization time, scheduler delay (what Spark's UI calls it: a
 * task's duration less its run, deserialization, result serialization and result fetching), their locality
 * levels, the time no job of the statement ran (the driver's planning and re-planning between the stages of
 * adaptive execution, broadcasts built), and the whole JVM's CPU, garbage-collection and JIT-compilation
 * time over the statement. {@code bench-sql --engine spark} logs it after each statement, so a format's wall
 * time can be split into what its tasks did and what they waited for.
 */
final class StatementTimeline extends SparkListener {
  private long jobs;
  private long jobMillis;
  private long firstJobStart = -1;
  private long lastJobEnd = -1;
  private final Map<Integer, Long> jobStarts = new TreeMap<>();
  private long tasks;
  private long taskMillis;
  private long runMillis;
  private long cpuNanos;
  private long deserializeMillis;
  private long schedulerDelayMillis;
  private final Map<String, Integer> locality = new TreeMap<>();
  private long startNanos;
  private long startProcessCpu;
  private long startGcMillis;
  private long startJitMillis;

  /** Starts a statement: the counts start at zero. */
  synchronized void start() {
    jobs = jobMillis = tasks = taskMillis = runMillis = cpuNanos = deserializeMillis = schedulerDelayMillis = 0;
    firstJobStart = lastJobEnd = -1;
    jobStarts.clear();
    locality.clear();
    startNanos = System.nanoTime();
    startProcessCpu = processCpuNanos();
    startGcMillis = gcMillis();
    startJitMillis = jitMillis();
  }

  @Override
  public synchronized void onJobStart(SparkListenerJobStart start) {
    jobStarts.put(start.jobId(), start.time());
    if (firstJobStart < 0) firstJobStart = start.time();
  }

  @Override
  public synchronized void onJobEnd(SparkListenerJobEnd end) {
    Long started = jobStarts.remove(end.jobId());
    if (started == null) return;
    jobs++;
    jobMillis += end.time() - started;
    lastJobEnd = Math.max(lastJobEnd, end.time());
  }

  @Override
  public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
    TaskInfo info = end.taskInfo();
    TaskMetrics m = end.taskMetrics();
    if (info == null || m == null) return;
    tasks++;
    long duration = info.finishTime() - info.launchTime();
    taskMillis += duration;
    runMillis += m.executorRunTime();
    cpuNanos += m.executorCpuTime();
    deserializeMillis += m.executorDeserializeTime();
    schedulerDelayMillis += Math.max(0, duration - m.executorRunTime() - m.executorDeserializeTime()
        - m.resultSerializationTime() - (info.gettingResultTime() > 0 ? info.finishTime() - info.gettingResultTime() : 0));
    locality.merge(info.taskLocality().toString(), 1, Integer::sum);
  }

  /** The statement's line, after every event of it has been delivered. */
  synchronized String line() {
    long wall = (System.nanoTime() - startNanos) / 1_000_000;
    return String.format(Locale.ROOT,
        "timeline: wall %d ms, JVM CPU %d ms, GC %d ms, JIT %d ms; %d jobs %d ms (first job to last end %d ms); %d tasks"
            + " %d ms: run %d ms, CPU %d ms, deserialize %d ms, scheduler delay %d ms, locality %s",
        wall, (processCpuNanos() - startProcessCpu) / 1_000_000, gcMillis() - startGcMillis, jitMillis() - startJitMillis,
        jobs, jobMillis, firstJobStart < 0 ? 0 : lastJobEnd - firstJobStart, tasks, taskMillis, runMillis,
        cpuNanos / 1_000_000, deserializeMillis, schedulerDelayMillis, locality);
  }

  private static long processCpuNanos() {
    return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime() : 0;
  }

  private static long gcMillis() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) n += Math.max(0, gc.getCollectionTime());
    return n;
  }

  private static long jitMillis() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
  }
}
