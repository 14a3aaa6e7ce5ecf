package dev.cif.bench.sql;

import dev.cif.testing.SchemedLocalFileSystem;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under its own scheme, {@code benchtable:}, where the benchmark's format tables
 * live, so that {@link #bytesRead()} counts reads of table data alone (not job jars, plans or scratch
 * files, which MR local reads through {@code file:}).
 * Registered through {@code META-INF/services/org.apache.hadoop.fs.FileSystem}.
 */
public class TableFileSystem extends SchemedLocalFileSystem {
  static final String SCHEME = "benchtable";

  @Override public URI getUri() { return URI.create(SCHEME + ":///"); }

  @Override public String getScheme() { return SCHEME; }

  private static final AtomicLong BYTES_READ = new AtomicLong();

  /** Bytes read from table data in this JVM so far. */
  static long bytesRead() { return BYTES_READ.get(); }

  /**
   * Counts every read, whichever way it comes: Hadoop's own statistics miss vectored reads (which
   * RawLocalFileSystem serves without counting); through this stream they fall back to positioned
   * reads, which are counted.
   */
  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    return new FSDataInputStream(new CountingStream(super.open(f, bufferSize)));
  }

  private static final class CountingStream extends FSInputStream {
    private final FSDataInputStream in;

    CountingStream(FSDataInputStream in) { this.in = in; }

    private int counted(int n) {
      if (n > 0) BYTES_READ.addAndGet(n);
      return n;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) BYTES_READ.incrementAndGet();
      return b;
    }

    @Override public int read(byte[] b, int off, int len) throws IOException { return counted(in.read(b, off, len)); }

    @Override
    public int read(long position, byte[] b, int off, int len) throws IOException {
      return counted(in.read(position, b, off, len));
    }

    @Override
    public void readFully(long position, byte[] b, int off, int len) throws IOException {
      in.readFully(position, b, off, len);
      counted(len);
    }

    @Override public void seek(long pos) throws IOException { in.seek(pos); }

    @Override public long getPos() throws IOException { return in.getPos(); }

    @Override public boolean seekToNewSource(long targetPos) throws IOException { return in.seekToNewSource(targetPos); }

    @Override public int available() throws IOException { return in.available(); }

    @Override public void close() throws IOException { in.close(); }
  }
}
