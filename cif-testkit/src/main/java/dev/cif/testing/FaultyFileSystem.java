package dev.cif.testing;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system under the scheme {@code faulty:}, failing on purpose: the k-th create,
 * write, close, rename or mkdirs throws, or writes past a byte budget throw as a full disk would.
 * A fault is an IOException (what a failing datanode or disk gives) or, to stand for a killed task,
 * an Error that no cleanup code catches. Hadoop makes file systems by reflection, so the plan is static.
 * Unarmed, it is a local file system that sets no permissions, and so forks no chmod per file.
 */
public final class FaultyFileSystem extends SchemedLocalFileSystem {
  public static final String SCHEME = "faulty";

  /** What to break. Counting starts at 1 for each operation after {@link #arm}. */
  private static final class Plan {
    String op = "";
    int failAt = Integer.MAX_VALUE;
    long byteBudget = Long.MAX_VALUE;
    boolean kill;
    int count;
    long bytes;
    final java.util.Map<String, Integer> seen = new java.util.HashMap<>();
  }

  private static Plan plan = new Plan();

  /** Fails the k-th call of op ("create", "write", "close", "rename", "mkdirs"); kill throws an Error. */
  public static synchronized void arm(String op, int k, boolean kill) {
    plan = new Plan();
    plan.op = op;
    plan.failAt = k;
    plan.kill = kill;
  }

  /** Throws "No space left on device" once more than budget bytes were written. */
  public static synchronized void fillDiskAfter(long budget) {
    plan = new Plan();
    plan.byteBudget = budget;
  }

  public static synchronized void disarm() { plan = new Plan(); }

  /** How often op ("create", "write", ...) was called since the last arm, fillDiskAfter or disarm. */
  public static synchronized int calls(String op) { return plan.seen.getOrDefault(op, 0); }

  /** Bytes written since the last arm, fillDiskAfter or disarm. */
  public static synchronized long bytesWritten() { return plan.bytes; }

  /** Configuration under which faulty:/// paths reach this file system, a fresh instance each time. */
  public static Configuration conf() {
    Configuration conf = new Configuration();
    conf.setClass("fs." + SCHEME + ".impl", FaultyFileSystem.class, org.apache.hadoop.fs.FileSystem.class);
    conf.setBoolean("fs." + SCHEME + ".impl.disable.cache", true);
    return conf;
  }

  public static Path path(java.nio.file.Path local) { return new Path(SCHEME + "://" + local.toAbsolutePath()); }

  private static synchronized void tick(String op) throws IOException {
    plan.seen.merge(op, 1, Integer::sum);
    if (op.equals(plan.op) && ++plan.count == plan.failAt) {
      if (plan.kill) throw new Error("task killed at " + op + " #" + plan.failAt);
      throw new IOException("injected failure of " + op + " #" + plan.failAt);
    }
  }

  private static synchronized void written(int n) throws IOException {
    plan.bytes += n;
    if (plan.bytes > plan.byteBudget) throw new IOException("No space left on device (budget " + plan.byteBudget + ")");
  }

  @Override public URI getUri() { return URI.create(SCHEME + ":///"); }
  @Override public String getScheme() { return SCHEME; }

  // RawLocalFileSystem overrides both overloads, so both must be caught here.
  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize, short replication,
      long blockSize, Progressable progress) throws IOException {
    return create(f, overwrite, bufferSize, replication, blockSize, progress);
  }

  @Override
  public FSDataOutputStream create(Path f, boolean overwrite, int bufferSize, short replication, long blockSize,
      Progressable progress) throws IOException {
    tick("create");
    // Plain Java streams: Hadoop's local file system forks chmod for every file it creates.
    java.io.File file = pathToFile(f);
    if (file.exists() && !overwrite) throw new org.apache.hadoop.fs.FileAlreadyExistsException("File already exists: " + f);
    java.io.File parent = file.getParentFile();
    if (!parent.isDirectory() && !parent.mkdirs()) throw new IOException("cannot create " + parent);
    OutputStream out = new java.io.BufferedOutputStream(new java.io.FileOutputStream(file), Math.max(bufferSize, 4096));
    return new FSDataOutputStream(new FaultyStream(out), statistics);
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    tick("rename");
    return super.rename(src, dst);
  }

  @Override
  public boolean mkdirs(Path f, FsPermission permission) throws IOException {
    return mkdirs(f);
  }

  @Override
  public boolean mkdirs(Path f) throws IOException {
    tick("mkdirs");
    return super.mkdirs(f);
  }

  private static final class FaultyStream extends FilterOutputStream {
    FaultyStream(OutputStream out) { super(out); }

    @Override public void write(int b) throws IOException { write(new byte[] {(byte) b}, 0, 1); }

    @Override public void write(byte[] b, int off, int len) throws IOException {
      tick("write");
      written(len);
      out.write(b, off, len);
    }

    @Override public void close() throws IOException {
      tick("close");
      super.close();
    }
  }
}
