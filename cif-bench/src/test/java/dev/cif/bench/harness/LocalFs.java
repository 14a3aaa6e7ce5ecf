package dev.cif.bench.harness;

import java.io.File;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** The checksummed local file system the benchmarks use, rooted in a test's temporary directory. */
final class LocalFs {

  private LocalFs() {}

  static FileSystem open() throws IOException {
    return FileSystem.getLocal(new Configuration());
  }

  static Path root(FileSystem fs, File dir) {
    return fs.makeQualified(new Path(dir.getAbsolutePath()));
  }
}
