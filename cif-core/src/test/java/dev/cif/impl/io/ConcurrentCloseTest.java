package dev.cif.impl.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** ConcurrentClose: every task runs, side by side, and all have ended when it returns or throws. */
class ConcurrentCloseTest {
  @Test
  void tasksRunSideBySide() throws Exception {
    // Each task waits for all the others to have started: run one after another, none would finish.
    int n = 17;
    CountDownLatch started = new CountDownLatch(n);
    List<ConcurrentClose.Task> tasks = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      tasks.add(() -> {
        started.countDown();
        try {
          if (!started.await(30, TimeUnit.SECONDS)) throw new IOException("the tasks did not run side by side");
        } catch (InterruptedException e) {
          throw new IOException(e);
        }
      });
    }
    ConcurrentClose.all(tasks);
    assertEquals(0, started.getCount());
  }

  @Test
  void tasksRunAsTheCallersUser() throws Exception {
    List<String> users = java.util.Collections.synchronizedList(new ArrayList<>());
    List<ConcurrentClose.Task> tasks = new ArrayList<>();
    for (int i = 0; i < 4; i++) tasks.add(() -> users.add(org.apache.hadoop.security.UserGroupInformation.getCurrentUser().getShortUserName()));
    org.apache.hadoop.security.UserGroupInformation.createRemoteUser("alice").doAs((java.security.PrivilegedExceptionAction<Void>) () -> {
      ConcurrentClose.all(tasks);
      return null;
    });
    assertEquals(List.of("alice", "alice", "alice", "alice"), users);
  }

  @Test
  void atMostAtOnceTasksRunAtATime() throws Exception {
    AtomicInteger running = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    AtomicInteger ended = new AtomicInteger();
    // Each turn's three tasks meet at the barrier, so three run at once; run all six together, they would count six.
    java.util.concurrent.CyclicBarrier turn = new java.util.concurrent.CyclicBarrier(3);
    List<ConcurrentClose.Task> tasks = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      tasks.add(() -> {
        most.accumulateAndGet(running.incrementAndGet(), Math::max);
        try {
          turn.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
          throw new IOException(e);
        }
        running.decrementAndGet();
        ended.incrementAndGet();
      });
    }
    ConcurrentClose.all(tasks, 3);
    assertEquals(6, ended.get());
    assertEquals(3, most.get());
  }

  @Test
  void aBoundedRunStartsTheNextTaskAsSoonAsOneEnds() throws Exception {
    // The first task ends only once the last has run: in turns of two, the last would wait for the first forever.
    java.util.concurrent.CountDownLatch lastRan = new java.util.concurrent.CountDownLatch(1);
    AtomicInteger ended = new AtomicInteger();
    List<ConcurrentClose.Task> tasks = new ArrayList<>();
    tasks.add(() -> {
      try {
        if (!lastRan.await(30, TimeUnit.SECONDS)) throw new IOException("the last task did not start while the first ran");
      } catch (InterruptedException e) {
        throw new IOException(e);
      }
      ended.incrementAndGet();
    });
    for (int i = 0; i < 3; i++) tasks.add(ended::incrementAndGet);
    tasks.add(() -> {
      ended.incrementAndGet();
      lastRan.countDown();
    });
    ConcurrentClose.all(tasks, 2);
    assertEquals(5, ended.get());
  }

  @Test
  void aBoundedRunStartsNoTaskAfterAFailure() {
    AtomicInteger started = new AtomicInteger();
    List<ConcurrentClose.Task> tasks = new ArrayList<>();
    tasks.add(() -> {
      started.incrementAndGet();
      throw new IOException("first");
    });
    for (int i = 0; i < 5; i++) tasks.add(started::incrementAndGet);
    IOException e = assertThrows(IOException.class, () -> ConcurrentClose.all(tasks, 1));
    assertEquals("first", e.getMessage());
    assertEquals(1, started.get());
  }

  @Test
  void aFailureIsThrownOnlyOnceEveryTaskHasEnded() {
    AtomicInteger ended = new AtomicInteger();
    IOException first = new IOException("first");
    List<ConcurrentClose.Task> tasks = new ArrayList<>();
    tasks.add(() -> {
      ended.incrementAndGet();
      throw first;
    });
    for (int i = 0; i < 5; i++) {
      tasks.add(() -> {
        try {
          Thread.sleep(200); // still running when the failure is known
        } catch (InterruptedException e) {
          throw new IOException(e);
        }
        ended.incrementAndGet();
      });
    }
    tasks.add(() -> {
      ended.incrementAndGet();
      throw new IllegalStateException("second");
    });
    IOException e = assertThrows(IOException.class, () -> ConcurrentClose.all(tasks));
    assertSame(first, e);
    assertEquals(tasks.size(), ended.get(), "every task ended before the failure was thrown");
    assertEquals(1, e.getSuppressed().length);
    assertTrue(e.getSuppressed()[0].getMessage().contains("second"));
  }
}
