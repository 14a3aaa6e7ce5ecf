package dev.cif.bench.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The Linux page cache, for cold-cache runs: {@code sync}, then {@code echo 3 > /proc/sys/vm/drop_caches}.
 * That needs root and a writable {@code /proc/sys} (many containers refuse it); {@link #canDrop()} says
 * whether this process may.
 */
public final class PageCache {

  private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

  private PageCache() {}

  public static boolean canDrop() {
    return Files.isWritable(DROP_CACHES);
  }

  /** Writes dirty pages back, then drops clean page cache, dentries and inodes for the whole machine. */
  public static void drop() throws IOException {
    try {
      int rc = new ProcessBuilder("sync").inheritIO().start().waitFor();
      if (rc != 0) {
        throw new IOException("sync exited with " + rc);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted during sync", e);
    }
    Files.writeString(DROP_CACHES, "3\n", StandardCharsets.US_ASCII);
  }
}
