package dev.cif.testing;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under the scheme countfile:, counting how often each file name is opened.
 * Its statistics ({@code FileSystem.getStatistics("countfile", OpenCountingFileSystem.class)}) count
 * every byte read on MR local, vectored reads included; {@link #BYTES_READ} counts them on Tez local too.
 */
public class OpenCountingFileSystem extends SchemedLocalFileSystem {
  public static final Map<String, Integer> OPENS = new ConcurrentHashMap<>();
  /**
   * Bytes read through this scheme by any thread of this JVM. Hadoop's per-scheme statistics lose the
   * reads of Tez local's task threads (CrawlQueryBench on Tez counted 0 bytes with them); this counter
   * sees every read the streams below pass on.
   */
  public static final java.util.concurrent.atomic.AtomicLong BYTES_READ = new java.util.concurrent.atomic.AtomicLong();

  @Override public URI getUri() { return URI.create("countfile:///"); }
  @Override public String getScheme() { return "countfile"; }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    OPENS.merge(f.getName(), 1, Integer::sum);
    return new FSDataInputStream(new PositionalVectoredReads(super.open(f, bufferSize)));
  }

  /**
   * The local stream's own vectored read (ORC uses it) reads through an asynchronous channel that
   * bypasses the file system's byte counter. This stream leaves readVectored to Hadoop's default,
   * which reads each range with a positioned read, and the local positioned read is counted.
   */
  private static final class PositionalVectoredReads extends FSInputStream {
    private final FSDataInputStream in;

    PositionalVectoredReads(FSDataInputStream in) { this.in = in; }

    @Override public void seek(long pos) throws IOException { in.seek(pos); }
    @Override public long getPos() throws IOException { return in.getPos(); }
    @Override public boolean seekToNewSource(long target) throws IOException { return in.seekToNewSource(target); }
    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) BYTES_READ.incrementAndGet();
      return b;
    }

    private static int counted(int n) {
      if (n > 0) BYTES_READ.addAndGet(n);
      return n;
    }

    @Override public int read(byte[] b, int off, int len) throws IOException { return counted(in.read(b, off, len)); }
    @Override public int read(long position, byte[] b, int off, int len) throws IOException { return counted(in.read(position, b, off, len)); }
    @Override public long skip(long n) throws IOException { return in.skip(n); }
    @Override public int available() throws IOException { return in.available(); }
    @Override public void close() throws IOException { in.close(); }
  }
}
