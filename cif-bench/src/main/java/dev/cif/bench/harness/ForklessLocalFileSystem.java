package dev.cif.bench.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Hadoop's checksummed local file system, except that file owner, group and permission come from
 * {@code java.nio} instead of an {@code ls -ld} subprocess per file. Without the native Hadoop library
 * (none on this machine) {@code RawLocalFileSystem} forks that subprocess whenever a listing builds a
 * {@code LocatedFileStatus} ({@code FileSystem.listFiles}, {@code FileInputFormat.listStatus}): a few
 * milliseconds of wall time per file that HDFS, whose listings carry permissions, never pays. It
 * penalizes formats with many files per dataset (CIF keeps one file per column per split-directory), so
 * the benchmarks read through this class; see {@link #configure(Configuration)}.
 */
public final class ForklessLocalFileSystem extends LocalFileSystem {

  public ForklessLocalFileSystem() {
    super(new Raw());
  }

  /** Makes {@code file:} paths of this configuration (and of configurations copied from it) use this class. */
  public static Configuration configure(Configuration conf) {
    conf.setClass("fs.file.impl", ForklessLocalFileSystem.class, FileSystem.class);
    // The FileSystem cache is keyed by scheme and user, not configuration: a plain LocalFileSystem cached
    // earlier would otherwise be handed to the InputFormats.
    conf.setBoolean("fs.file.impl.disable.cache", true);
    return conf;
  }

  private static final class Raw extends RawLocalFileSystem {

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
      FileStatus[] statuses = super.listStatus(f);
      for (int i = 0; i < statuses.length; i++) {
        statuses[i] = withOwnership(statuses[i]);
      }
      return statuses;
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
      return withOwnership(super.getFileStatus(f));
    }

    // Name lookups read /etc/passwd and /etc/group on every call: resolve each id once.
    private final Map<Integer, String> owners = new ConcurrentHashMap<>();
    private final Map<Integer, String> groups = new ConcurrentHashMap<>();

    private FileStatus withOwnership(FileStatus status) throws IOException {
      java.nio.file.Path file = pathToFile(status.getPath()).toPath();
      Map<String, Object> unix = Files.readAttributes(file, "unix:mode,uid,gid", LinkOption.NOFOLLOW_LINKS);
      String owner = owners.computeIfAbsent((Integer) unix.get("uid"), uid -> name(file, false));
      String group = groups.computeIfAbsent((Integer) unix.get("gid"), gid -> name(file, true));
      return new FileStatus(status.getLen(), status.isDirectory(), status.getReplication(),
          status.getBlockSize(), status.getModificationTime(), status.getAccessTime(),
          new FsPermission((short) ((Integer) unix.get("mode") & 0777)), owner, group, status.getPath());
    }

    private static String name(java.nio.file.Path file, boolean group) {
      try {
        PosixFileAttributes attributes =
            Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        return group ? attributes.group().getName() : attributes.owner().getName();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
