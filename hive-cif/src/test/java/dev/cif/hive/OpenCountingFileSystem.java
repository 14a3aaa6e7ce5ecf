package dev.cif.hive;

import dev.cif.testing.SchemedLocalFileSystem;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;

/** The local file system under the scheme countfile:, counting how often each file name is opened. */
public class OpenCountingFileSystem extends SchemedLocalFileSystem {
  static final Map<String, Integer> OPENS = new ConcurrentHashMap<>();

  @Override public URI getUri() { return URI.create("countfile:///"); }
  @Override public String getScheme() { return "countfile"; }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    OPENS.merge(f.getName(), 1, Integer::sum);
    return super.open(f, bufferSize);
  }
}
