package dev.cif.impl.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Ends several files at once: the closes of a split-directory's column files (and the other files
 * written with them) run side by side, and {@link #all} returns when every one has ended.
 *
 * <p>Why: closing an HDFS file waits for the NameNode to accept the file's last block, which it does
 * only once a DataNode has reported the block; when the client asks first, the client sleeps 400 ms
 * ({@code dfs.client.block.write.locateFollowingBlock.initial.delay.ms}) before asking again. A small
 * file loses that race often (in a MiniDFSCluster, 1 to 3 closes of every 17 files of 700 KB), and a
 * split-directory has a file per column: closed one after another, those sleeps add up to a second or
 * more per split-directory, where ORC's one file per task pays at most one. Side by side they overlap. (The
 * client's close settings, docs/scale.md, shorten the sleep itself.)
 * The pool's threads are daemons that end after a minute idle; when all 64 are busy, a close runs on
 * the caller's thread, as it would have without the pool.
 */
public final class ConcurrentClose {
  /** A close, or a whole small write ending in one. */
  public interface Task {
    void run() throws IOException;
  }

  private static final AtomicInteger THREADS = new AtomicInteger();
  private static final ThreadPoolExecutor POOL = new ThreadPoolExecutor(0, 64, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
    Thread t = new Thread(r, "cif-close-" + THREADS.incrementAndGet());
    t.setDaemon(true);
    return t;
  }, new ThreadPoolExecutor.CallerRunsPolicy());

  private ConcurrentClose() {}

  /**
   * Runs every task and returns when all have ended, whether or not some failed: a caller that then
   * deletes what they wrote finds nothing still being written. The first failure is thrown, with the
   * others added to it as suppressed.
   */
  public static void all(List<Task> tasks) throws IOException {
    all(tasks, Math.max(1, tasks.size()));
  }

  /**
   * As {@link #all(List)}, at most atOnce tasks at a time, for tasks that each open streams of their own, which
   * hold HDFS's write buffers while they run. The tasks start in order, each as soon as one before it has ended
   * (a merge's seventeenth column does not wait for the slowest of the first sixteen); after a failure no further
   * task starts.
   */
  public static void all(List<Task> tasks, int atOnce) throws IOException {
    if (atOnce < 1) throw new IllegalArgumentException("at once: " + atOnce);
    if (atOnce >= tasks.size()) {
      side(tasks);
      return;
    }
    AtomicInteger next = new AtomicInteger();
    AtomicBoolean failed = new AtomicBoolean();
    List<Task> workers = new ArrayList<>(atOnce);
    for (int w = 0; w < atOnce; w++) {
      workers.add(() -> {
        for (int i = next.getAndIncrement(); i < tasks.size() && !failed.get(); i = next.getAndIncrement()) {
          try {
            tasks.get(i).run();
          } catch (IOException | RuntimeException | Error e) {
            failed.set(true);
            throw e;
          }
        }
      });
    }
    side(workers);
  }

  private static void side(List<Task> tasks) throws IOException {
    if (tasks.size() == 1) {
      tasks.get(0).run();
      return;
    }
    // As the caller's user: a Hive client that impersonates its session's user runs the merge inside a doAs,
    // and a pool thread would otherwise act as the process's own user (an encryption zone's key calls, for one).
    UserGroupInformation user = UserGroupInformation.getCurrentUser();
    List<Future<Void>> running = new ArrayList<>(tasks.size());
    for (Task task : tasks) {
      FutureTask<Void> f = new FutureTask<>(() -> user.doAs((PrivilegedExceptionAction<Void>) () -> {
        task.run();
        return null;
      }));
      POOL.execute(f);
      running.add(f);
    }
    Throwable first = null;
    boolean interrupted = false;
    for (Future<Void> f : running) {
      while (true) {
        try {
          f.get();
          break;
        } catch (InterruptedException e) {
          interrupted = true; // the task keeps running: wait for it, then report the interrupt
        } catch (ExecutionException e) {
          if (first == null) first = e.getCause();
          else first.addSuppressed(e.getCause());
          break;
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
      if (first == null) first = new InterruptedIOException("interrupted while closing files");
    }
    if (first instanceof IOException) throw (IOException) first;
    if (first instanceof RuntimeException) throw (RuntimeException) first;
    if (first instanceof Error) throw (Error) first;
    if (first != null) throw new IOException(first);
  }
}
