package dev.cif.bench.sql;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;

/**
 * One embedded bench-sql run per {@code --dir}. A run clears DIR/hive and DIR/warehouse when it starts,
 * which pulls the tables and MR local files from under another live run there: an SSB SF 1 run lost its
 * tables so, its next query failed ("Could not find output/file.out") and every later one read nothing.
 * The lock is DIR/bench-sql.pid, holding the running process's id; a file whose process is gone is stale.
 */
final class RunDirectoryLock implements AutoCloseable {
  static final String FILE = "bench-sql.pid";
  private final File file;
  private final String pid;

  private RunDirectoryLock(File file, String pid) {
    this.file = file;
    this.pid = pid;
  }

  /** Takes the lock, or throws naming the live process that holds it. */
  static RunDirectoryLock acquire(File dir) throws IOException {
    Files.createDirectories(dir.toPath());
    File f = new File(dir, FILE);
    String self = Long.toString(ProcessHandle.current().pid());
    for (int attempt = 0; attempt < 2; attempt++) {
      if (f.createNewFile()) {
        Files.writeString(f.toPath(), self);
        return new RunDirectoryLock(f, self);
      }
      String holder = Files.readString(f.toPath()).trim();
      if (isLive(holder) && !holder.equals(self)) {
        throw new IllegalStateException(dir + " is in use by the bench-sql run of process " + holder + " (" + f
            + "): starting here would delete its tables; give this run another --dir");
      }
      Files.deleteIfExists(f.toPath()); // stale: its process is gone
    }
    throw new IOException("cannot create " + f);
  }

  private static boolean isLive(String pid) {
    try {
      return ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  @Override
  public void close() throws IOException {
    if (file.exists() && Files.readString(file.toPath()).trim().equals(pid)) Files.delete(file.toPath());
  }
}
