package dev.cif.testing;

import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The local file system under a test scheme of its own (subclasses name it), so that a test can
 * watch or break what Hadoop, Hive or Pig do on one location and nowhere else.
 */
public abstract class SchemedLocalFileSystem extends RawLocalFileSystem {
  // RawLocalFileSystem loads permissions lazily through a java.io.File of the path's URI, which
  // refuses any scheme but "file" (Hive asks for them); hand out statuses with fixed permissions.
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
