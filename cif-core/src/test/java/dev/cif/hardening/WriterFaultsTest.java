package dev.cif.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.WriteOptions;
import dev.cif.impl.split.DatasetWriter;
import dev.cif.impl.split.SplitDirectoryLayout;
import dev.cif.impl.split.SplitDirectoryWriter;
import dev.cif.testing.core.DatasetCheck;
import dev.cif.testing.FaultyFileSystem;
import dev.cif.testing.RandomData;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A writer that fails at any file-system call, runs out of disk, or is killed, leaves only whole
 * split-directories visible: each opens and reads fully, and together they hold a prefix of the
 * rows written (the split-directories closed before the failure). A failure that CIF sees (an
 * IOException) also leaves no hidden in-progress directory behind once the writer is aborted.
 */
class WriterFaultsTest {
  private static final Schema SCHEMA = FuzzDatasets.SCHEMA;
  private static final String[] OPS = {"create", "write", "close", "rename", "mkdirs"};
  private final List<GenericData.Record> rows = new ArrayList<>();
  private final List<Object> expected;
  private final FileSystem local;
  private int runs;

  WriterFaultsTest() throws IOException {
    RandomData data = new RandomData(7);
    for (int i = 0; i < 400; i++) rows.add(data.record(SCHEMA));
    expected = DatasetCheck.normalized(rows);
    local = FileSystem.getLocal(new org.apache.hadoop.conf.Configuration()).getRaw();
  }

  @AfterEach
  void disarm() { FaultyFileSystem.disarm(); }

  /** Writes every row into a fresh dataset on faulty:, returning it and whether the write failed. */
  private Path write(boolean expectKill) throws IOException {
    java.nio.file.Path dir = dev.cif.testing.TempDirs.create("cif-faults").resolve("ds" + runs++);
    Path dataset = FaultyFileSystem.path(dir);
    FileSystem fs = dataset.getFileSystem(FaultyFileSystem.conf());
    // Small split-directories: a fault can fall in the first, a middle or the last one.
    WriteOptions o = new WriteOptions().blockBytes(1024).splitDirectoryBytes(8 << 10).codec("*", dev.cif.BlockCodec.LZ4);
    DatasetWriter w = new DatasetWriter(fs, dataset, "part", SCHEMA, o);
    try {
      for (GenericData.Record r : rows) w.write(r);
      w.close();
    } catch (IOException e) {
      w.abort();
    } catch (Error e) {
      if (!expectKill || !e.getMessage().startsWith("task killed")) throw e;
      // killed: no cleanup runs
    }
    return new Path(dir.toUri());
  }

  /** The visible split-directories read fully and hold a prefix of the rows; returns that prefix's length. */
  private int checkVisiblePrefix(Path dataset, String what) throws IOException {
    FaultyFileSystem.disarm();
    List<Object> got = DatasetCheck.rows(local, dataset, SCHEMA);
    assertTrue(got.size() <= expected.size(), what);
    assertEquals(expected.subList(0, got.size()), got, what + ": visible rows are not a prefix of those written");
    return got.size();
  }

  private void assertNoLeftovers(Path dataset, String what) {
    File[] left = new File(dataset.toUri()).listFiles((d, n) -> n.startsWith(SplitDirectoryLayout.IN_PROGRESS_PREFIX));
    assertTrue(left == null || left.length == 0, what + ": in-progress directories left: " + java.util.Arrays.toString(left));
  }

  /** How many times a clean write calls each operation, so that every k can be failed. */
  private int calls(String op) throws IOException {
    FaultyFileSystem.disarm();
    Path dataset = write(false);
    assertEquals(expected, DatasetCheck.rows(local, dataset, SCHEMA));
    return FaultyFileSystem.calls(op);
  }

  @Test
  void failingAnyFileSystemCallLeavesWholeSplitDirectoriesOnly() throws IOException {
    for (String op : OPS) {
      int n = calls(op);
      assertTrue(n > 0, op + " never called");
      // Every call for the rare operations; some 40 spread over the run for writes.
      int step = Math.max(1, n / 40);
      for (int k = 1; k <= n; k += step) {
        FaultyFileSystem.arm(op, k, false);
        Path dataset = write(false);
        String what = op + " #" + k + " of " + n + " failed";
        int visible = checkVisiblePrefix(dataset, what);
        assertTrue(visible < expected.size(), what + " but every row is visible");
        assertNoLeftovers(dataset, what);
      }
    }
  }

  @Test
  void aFullDiskLeavesWholeSplitDirectoriesOnly() throws IOException {
    calls("write");
    long total = FaultyFileSystem.bytesWritten();
    for (int i = 0; i < 12; i++) {
      long budget = total * i / 12;
      FaultyFileSystem.fillDiskAfter(budget);
      Path dataset = write(false);
      String what = "disk full after " + budget + " of " + total + " bytes";
      assertTrue(checkVisiblePrefix(dataset, what) < expected.size(), what);
      assertNoLeftovers(dataset, what);
    }
  }

  /** A kill runs no cleanup: the in-progress directory stays, hidden, and readers never see it. */
  @Test
  void aKilledWriterLeavesWholeSplitDirectoriesOnly() throws IOException {
    for (String op : OPS) {
      int n = calls(op);
      for (int k = 1; k <= n; k += Math.max(1, n / 10)) {
        FaultyFileSystem.arm(op, k, true);
        Path dataset = write(true);
        checkVisiblePrefix(dataset, "killed at " + op + " #" + k);
      }
    }
  }

  /** The next attempt at a split-directory clears what a killed one left and writes it whole. */
  @Test
  void aRetryAfterAKillReplacesTheLeftovers() throws IOException {
    Path dir = new Path(dev.cif.testing.TempDirs.create("cif-retry").toUri().toString() + "part-00000");
    SplitDirectoryWriter killed = new SplitDirectoryWriter(local, dir, SCHEMA, new WriteOptions().blockBytes(512));
    for (int i = 0; i < 100; i++) killed.write(rows.get(i));
    // never closed nor aborted: the process died
    assertTrue(local.exists(SplitDirectoryLayout.inProgress(dir)));
    assertEquals(List.of(), DatasetCheck.rows(local, dir.getParent(), SCHEMA));
    try (SplitDirectoryWriter retry = new SplitDirectoryWriter(local, dir, SCHEMA, new WriteOptions().blockBytes(512))) {
      for (GenericData.Record r : rows) retry.write(r);
    }
    assertEquals(expected, DatasetCheck.rows(local, dir.getParent(), SCHEMA));
    assertThrows(IOException.class, () -> new SplitDirectoryWriter(local, dir, SCHEMA, new WriteOptions()));
  }
}
