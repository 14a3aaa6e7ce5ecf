package dev.cif.impl.split;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.Path;

/**
 * Finds the split-directories of a dataset: a directory holding a schema file is one; any other
 * directory is searched below (so partitioned layouts like dt=.../ work), skipping hidden names
 * ('_' or '.'), which is where in-progress and job-temporary directories live.
 */
public final class DatasetListing {
  private DatasetListing() {}

  public static List<Path> splitDirectories(FileSystem fs, Path path) throws IOException {
    List<Path> out = new ArrayList<>();
    for (Listed l : listed(fs, path)) out.add(l.dir);
    return out;
  }

  /** A split-directory and the listing that found it (so that opening it need not list it again). */
  public static final class Listed {
    public final Path dir;
    public final FileStatus[] files;

    Listed(Path dir, FileStatus[] files) {
      this.dir = dir;
      this.files = files;
    }
  }

  /**
   * The split-directories under path, each with its listing, in the order of {@link #splitDirectories}.
   * Each directory is listed once, with its files' block locations (one getListing call per directory on
   * HDFS), and nothing else is asked: not even the status of path itself.
   */
  public static List<Listed> listed(FileSystem fs, Path path) throws IOException {
    List<Listed> out = new ArrayList<>();
    FileStatus[] children;
    try {
      children = list(fs, path);
    } catch (FileNotFoundException e) {
      throw new FileNotFoundException("no CIF dataset at " + path);
    }
    // Listing a file yields the file itself: a file is no dataset.
    if (children.length == 1 && children[0].isFile() && children[0].getPath().getName().equals(path.getName())
        && SplitDirectoryLayout.schemaGeneration(path.getName()) < 0) {
      return out;
    }
    collect(fs, fs.makeQualified(path), children, out);
    return out;
  }

  private static FileStatus[] list(FileSystem fs, Path dir) throws IOException {
    List<FileStatus> all = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it = fs.listLocatedStatus(dir);
    while (it.hasNext()) all.add(it.next());
    FileStatus[] children = all.toArray(new FileStatus[0]);
    Arrays.sort(children);
    return children;
  }

  private static void collect(FileSystem fs, Path dir, FileStatus[] children, List<Listed> out) throws IOException {
    for (FileStatus c : children) {
      if (c.isFile() && SplitDirectoryLayout.schemaGeneration(c.getPath().getName()) >= 0) {
        out.add(new Listed(dir, children));
        return;
      }
    }
    for (FileStatus c : children) {
      if (c.isDirectory() && !SplitDirectoryLayout.isHidden(c.getPath().getName())) {
        FileStatus[] below;
        try {
          below = list(fs, c.getPath());
        } catch (FileNotFoundException e) {
          continue; // removed since its parent was listed (a merge, a job's cleanup)
        }
        collect(fs, c.getPath(), below, out);
      }
    }
  }
}
