package dev.cif.hive;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/** The local file system under the scheme countfile:, counting how often each file name is opened. */
public class OpenCountingFileSystem extends RawLocalFileSystem {
  static final Map<String, Integer> OPENS = new ConcurrentHashMap<>();

  @Override public URI getUri() { return URI.create("countfile:///"); }
  @Override public String getScheme() { return "countfile"; }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    OPENS.merge(f.getName(), 1, Integer::sum);
    return super.open(f, bufferSize);
  }

  // RawLocalFileSystem loads permissions lazily through a java.io.File of the path's URI, which
  // refuses any scheme but "file"; hand out statuses with fixed permissions instead.
  @Override
  public FileStatus getFileStatus(Path f) throws IOException { return plain(super.getFileStatus(f)); }

  @Override
  public FileStatus getFileLinkStatus(Path f) throws IOException { return plain(super.getFileLinkStatus(f)); }

  @Override
  public FileStatus[] listStatus(Path f) throws IOException {
    FileStatus[] all = super.listStatus(f);
    for (int i = 0; i < all.length; i++) all[i] = plain(all[i]);
    return all;
  }

  private static FileStatus plain(FileStatus s) {
    return new FileStatus(s.getLen(), s.isDirectory(), 1, s.getBlockSize(), s.getModificationTime(), s.getAccessTime(),
        s.isDirectory() ? new FsPermission((short) 0755) : new FsPermission((short) 0644),
        System.getProperty("user.name"), System.getProperty("user.name"), s.getPath());
  }
}
