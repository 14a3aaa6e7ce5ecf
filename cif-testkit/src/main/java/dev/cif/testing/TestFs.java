package dev.cif.testing;

import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** The local Hadoop file system rooted in a fresh temporary directory. */
public final class TestFs {
  public final Configuration conf = new Configuration();
  public final FileSystem fs;
  public final Path root;

  public TestFs() throws IOException {
    fs = FileSystem.getLocal(conf);
    root = new Path(TempDirs.create("cif-test").toUri());
  }

  public Path path(String name) { return new Path(root, name); }

  /** Bytes read from every file system so far, in this JVM (Hadoop's statistics, summed over schemes and classes). */
  public long bytesRead() {
    long n = 0;
    for (FileSystem.Statistics s : FileSystem.getAllStatistics()) n += s.getBytesRead();
    return n;
  }
}
