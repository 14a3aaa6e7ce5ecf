package dev.cif.bench.hive;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time of the map tasks MR's local runner runs in this JVM, apart from the rest of the statement
 * (planning, job submission, polling, the reduce, fetching the answer), which costs the same for
 * every format. The local runner runs each job's map tasks on a pool of threads named
 * {@value #MAP_THREAD} that ends with the job, and Hadoop's own CPU counter is not kept in local mode
 * (it measures a task's process, and the runner has none). So a daemon thread samples the CPU time of
 * every live map thread every {@code intervalMillis}; a thread's last sample before it ends is its
 * total, short by at most one interval (the task's commit), which this class reports as its error.
 * Thread ids are not reused by HotSpot, so a thread's last sample stays its own.
 */
final class TaskCpuSampler implements AutoCloseable {
  static final String MAP_THREAD = "LocalJobRunner Map Task Executor #";
  /**
   * Tez local runs each task's processor (map and reduce vertices alike) on a thread of this name; on
   * Tez the "map" figure is therefore all of the DAG's tasks. (Sampled per thread during a Tez crawl
   * query: TezChild did the task work; per statement Tez local also spends about a second of CPU in
   * "TezLocalCacheManager Downloader" threads localizing the DAG's jars, the same for every format.)
   */
  static final String TEZ_TASK_THREAD = "TezChild";
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final long intervalMillis;
  /** Last CPU nanoseconds seen per thread id (map threads and the others apart); names are looked up once per id. */
  private final Map<Long, Long> cpu = new HashMap<>();
  private final Map<Long, Long> otherCpu = new HashMap<>();
  private final Map<Long, Boolean> isMapThread = new HashMap<>();
  private final Thread sampler;
  private volatile boolean running = true;

  TaskCpuSampler(long intervalMillis) {
    if (!threads.isThreadCpuTimeSupported()) throw new IllegalStateException("this JVM cannot measure a thread's CPU time");
    threads.setThreadCpuTimeEnabled(true);
    this.intervalMillis = intervalMillis;
    sampler = new Thread(this::loop, "task-cpu-sampler");
    sampler.setDaemon(true);
    sampler.start();
  }

  private void loop() {
    while (running) {
      sample();
      try {
        Thread.sleep(intervalMillis);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private synchronized void sample() {
    for (long id : threads.getAllThreadIds()) {
      Boolean map = isMapThread.get(id);
      if (map == null) {
        ThreadInfo info = threads.getThreadInfo(id);
        if (info == null) continue; // ended before we looked
        map = info.getThreadName().startsWith(MAP_THREAD) || info.getThreadName().startsWith(TEZ_TASK_THREAD);
        isMapThread.put(id, map);
      }
      if (id == sampler.getId()) continue;
      long ns = threads.getThreadCpuTime(id);
      if (ns >= 0) (map ? cpu : otherCpu).put(id, ns); // -1: ended since getAllThreadIds; keep its last sample
    }
  }

  /** Map-task CPU nanoseconds seen so far, summed over every map thread since this sampler started. */
  synchronized long mapCpuNanos() {
    sample();
    return sum(cpu);
  }

  /**
   * CPU nanoseconds of every other Java thread seen so far but this sampler: the statement's
   * compilation, planning and split computation, job submission and polling, the reduce. What the
   * process spends beyond this and the map threads is the JVM's own (garbage collection, JIT).
   */
  synchronized long otherJavaCpuNanos() {
    sample();
    return sum(otherCpu);
  }

  /** This sampler's own CPU nanoseconds (part of the process's, in none of the sums above). */
  long samplerCpuNanos() { return threads.getThreadCpuTime(sampler.getId()); }

  private static long sum(Map<Long, Long> m) {
    long sum = 0;
    for (long ns : m.values()) sum += ns;
    return sum;
  }

  /** The most CPU time a job's map work can be under-counted by: one sampling interval per map thread. */
  long errorMillisPerThread() { return intervalMillis; }

  @Override
  public void close() throws InterruptedException {
    running = false;
    sampler.interrupt();
    sampler.join();
  }
}
