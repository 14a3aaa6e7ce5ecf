package dev.cif.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cif.testing.core.DatasetCheck;
import dev.cif.testing.FaultyFileSystem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.pig.backend.executionengine.ExecJob;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Pig STORE through CifStorer (Pig 0.18 local mode, three map tasks) while the output's file system
 * fails: the k-th create, write, close, rename or mkdirs throws, the disk fills up, or the task is
 * killed (an Error that no cleanup code catches). Every STORE either succeeds, and then the dataset
 * passes `cif verify`'s check and holds every row exactly once, or fails, and then nothing is left at
 * the location: no split-directory, whole or partial, and nothing that stops the same STORE from
 * being run again, which then succeeds.
 */
class StoreFaultsTest {
  private static final String[] OPS = {"create", "write", "close", "rename", "mkdirs"};
  private static final int FILES = 3;
  private static final int ROWS_PER_FILE = 400;
  private static PigHarness h;
  private static final List<String> expected = new ArrayList<>();
  private static FileSystem local;
  /** Output locations are numbered across the class's tests (JUnit makes an instance per test). */
  private static int runs;

  @BeforeAll
  static void setUp() throws Exception {
    Properties p = new Properties();
    FaultyFileSystem.conf().forEach(e -> {
      if (e.getKey().startsWith("fs." + FaultyFileSystem.SCHEME + ".")) p.setProperty(e.getKey(), e.getValue());
    });
    // One map task per input file, so a fault can fall before, during or after another task's commit.
    p.setProperty("pig.splitCombination", "false");
    // Small split-directories and blocks: each task writes several, and a fault can fall in any.
    p.setProperty("cif.split-directory.bytes", "1024");
    p.setProperty("cif.block.bytes", "256");
    h = new PigHarness("StoreFaultsTest", p);
    for (int f = 0; f < FILES; f++) {
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < ROWS_PER_FILE; i++) {
        long id = f * ROWS_PER_FILE + i;
        lines.add(id + "\tname " + id * 7919 % 1000 + "\t" + (id + 0.5));
      }
      PigHarness.writeText(h.path("in/part-" + f), lines);
      expected.addAll(lines);
    }
    Collections.sort(expected);
    h.query("T = LOAD '" + h.path("in") + "' USING PigStorage('\\t') AS (id:long, name:chararray, score:double);");
    local = FileSystem.getLocal(new Configuration()).getRaw();
  }

  @AfterAll
  static void tearDown() { h.close(); }

  @AfterEach
  void disarm() { FaultyFileSystem.disarm(); }

  /** A fresh output location: as Pig sees it (faulty:) and as the checks read it (the local file system). */
  private Path[] location() {
    Path local = new Path(h.path("out/" + runs++));
    return new Path[] {FaultyFileSystem.path(java.nio.file.Path.of(local.toString())), local};
  }

  /** Runs STORE T INTO faultyLocation; true if Pig reports it completed. */
  private static boolean store(Path faultyLocation, int committerAlgorithm) {
    h.pig.getPigContext().getProperties().setProperty("mapreduce.fileoutputcommitter.algorithm.version",
        Integer.toString(committerAlgorithm));
    try {
      return h.pig.store("T", faultyLocation.toString(), "dev.cif.pig.CifStorer()").getStatus() == ExecJob.JOB_STATUS.COMPLETED;
    } catch (IOException e) {
      return false; // a fault on the front end (job setup, submission) fails the STORE before any task runs
    }
  }

  /** A completed STORE: `cif verify` passes and every row is there exactly once. */
  private static void assertWhole(Path dataset, String what) throws IOException {
    FaultyFileSystem.disarm();
    assertEquals(expected.size(), DatasetCheck.verify(local, dataset), what);
    assertEquals(expected, DatasetCheck.rowStrings(local, dataset), what);
  }

  /** After a STORE ends, faulty or not: all rows, or nothing at all at the location. */
  private void checkOutcome(boolean completed, Path[] out, String what, boolean retry) throws IOException {
    FaultyFileSystem.disarm();
    System.out.println("StoreFaultsTest: " + what + ": STORE " + (completed ? "completed" : "failed"));
    if (completed) {
      assertWhole(out[1], what + " (STORE completed)");
      return;
    }
    // Pig's StoreFunc.cleanupOnFailure removed whatever the job had committed or staged.
    if (local.exists(out[1])) fail(what + ": the failed STORE left " + listing(out[1]));
    if (retry) {
      assertTrue(store(out[0], 1), what + ": the STORE failed again without faults");
      assertWhole(out[1], what + ", then run again");
    }
  }

  private static String listing(Path dir) throws IOException {
    TreeSet<String> names = new TreeSet<>();
    for (var it = local.listFiles(dir, true); it.hasNext(); ) names.add(it.next().getPath().toString().substring(dir.toString().length()));
    return names.toString();
  }

  /**
   * How often a clean STORE calls each operation (so that faults can be aimed at the first, middle
   * and last), then the bytes it wrote.
   */
  private int[] cleanStoreCalls(int algorithm) throws IOException {
    FaultyFileSystem.disarm();
    Path[] out = location();
    assertTrue(store(out[0], algorithm), "a STORE without faults failed");
    int[] calls = new int[OPS.length + 1];
    for (int i = 0; i < OPS.length; i++) calls[i] = FaultyFileSystem.calls(OPS[i]);
    calls[OPS.length] = (int) FaultyFileSystem.bytesWritten();
    assertWhole(out[1], "a STORE without faults");
    return calls;
  }

  @Test
  void aFailingFileSystemCallFailsTheStoreAndLeavesNothing() throws IOException {
    // The committer's algorithm decides where renames happen (task commit or job commit); the rest is the same.
    for (int algorithm : new int[] {1, 2}) {
      int[] calls = cleanStoreCalls(algorithm);
      for (int i = 0; i < OPS.length; i++) {
        if (algorithm == 2 && !OPS[i].equals("rename")) continue;
        assertTrue(calls[i] > 0, OPS[i] + " never called");
        // The first and last call; for writes and creates (many, inside the tasks) the middle too.
        TreeSet<Integer> ks = new TreeSet<>(List.of(1, calls[i]));
        if (calls[i] > 20) ks.add(calls[i] / 2);
        for (int k : ks) {
          FaultyFileSystem.arm(OPS[i], k, false);
          Path[] out = location();
          boolean completed = store(out[0], algorithm);
          checkOutcome(completed, out, "algorithm " + algorithm + ", " + OPS[i] + " #" + k + " of " + calls[i] + " failed",
              OPS[i].equals("rename") && k == calls[i]);
        }
      }
    }
  }

  @Test
  void aFullDiskFailsTheStoreAndLeavesNothing() throws IOException {
    long total = cleanStoreCalls(1)[OPS.length];
    for (long budget : new long[] {0, total / 3, total - 1}) {
      FaultyFileSystem.fillDiskAfter(budget);
      Path[] out = location();
      boolean completed = store(out[0], 1);
      assertFalse(completed, "the disk filled up after " + budget + " of " + total + " bytes, yet the STORE completed");
      checkOutcome(false, out, "disk full after " + budget + " of " + total + " bytes", budget == total / 3);
    }
  }

  /** A killed task runs none of CIF's cleanup; the framework's and Pig's still must leave nothing. */
  @Test
  void aTaskKilledMidWriteFailsTheStoreAndLeavesNothing() throws IOException {
    int[] calls = cleanStoreCalls(1);
    for (int i : new int[] {0, 1}) {
      FaultyFileSystem.arm(OPS[i], calls[i] / 2, true);
      Path[] out = location();
      boolean completed = store(out[0], 1);
      assertFalse(completed, "killed at " + OPS[i] + ", yet the STORE completed");
      checkOutcome(false, out, "killed at " + OPS[i] + " #" + calls[i] / 2, true);
    }
  }
}
