package dev.cif.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** A second bench-sql run on the --dir of a live one refuses to start instead of deleting its tables. */
class RunDirectoryLockTest {
  @Test
  void aLiveRunsDirectoryIsLeftAlone() throws Exception {
    File dir = new File("target/sqlbench-test/RunDirectoryLockTest/live");
    SqlBench.clearSessionDirectories(dir);
    File table = new File(dir, "warehouse/ssb_sf0_01_cif/lineorder/part-0");
    Files.createDirectories(table.getParentFile().toPath());
    Files.writeString(table.toPath(), "rows");
    long other = ProcessHandle.current().parent().orElseThrow().pid(); // a live process that is not this one
    Files.writeString(new File(dir, RunDirectoryLock.FILE).toPath(), Long.toString(other));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = SqlBench.run(new Configuration(), new String[] {"ssb", "--sf", "0.01", "--dir", dir.getPath()},
        new PrintStream(out, true));
    assertEquals(2, status, out.toString());
    assertTrue(out.toString().contains("in use by the bench-sql run of process " + other), out.toString());
    assertTrue(table.exists(), "the live run's table is still there");
  }

  @Test
  void aStaleLockIsTakenAndReleased() throws Exception {
    File dir = new File("target/sqlbench-test/RunDirectoryLockTest/stale");
    Files.createDirectories(dir.toPath());
    Process gone = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-version").start();
    gone.getErrorStream().readAllBytes();
    gone.waitFor();
    File file = new File(dir, RunDirectoryLock.FILE);
    Files.writeString(file.toPath(), Long.toString(gone.pid()));
    try (RunDirectoryLock lock = RunDirectoryLock.acquire(dir)) {
      assertEquals(Long.toString(ProcessHandle.current().pid()), Files.readString(file.toPath()));
    }
    assertFalse(file.exists());
  }
}
