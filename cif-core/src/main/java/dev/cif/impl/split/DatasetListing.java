package dev.cif.impl.split;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
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

  /** The split-directories under path, each with its listing, in the order of {@link #splitDirectories}. */
  public static List<Listed> listed(FileSystem fs, Path path) throws IOException {
    List<Listed> out = new ArrayList<>();
    FileStatus st;
    try {
      st = fs.getFileStatus(path);
    } catch (FileNotFoundException e) {
      throw new FileNotFoundException("no CIF dataset at " + path);
    }
    collect(fs, st, out);
    return out;
  }

  private static void collect(FileSystem fs, FileStatus dir, List<Listed> out) throws IOException {
    if (!dir.isDirectory()) return;
    FileStatus[] children = fs.listStatus(dir.getPath());
    Arrays.sort(children);
    for (FileStatus c : children) {
      if (c.isFile() && SplitDirectoryLayout.schemaGeneration(c.getPath().getName()) >= 0) {
        out.add(new Listed(dir.getPath(), children));
        return;
      }
    }
    List<Listed> found = new ArrayList<>();
    for (FileStatus c : children) {
      if (c.isDirectory() && !SplitDirectoryLayout.isHidden(c.getPath().getName())) collect(fs, c, found);
    }
    out.addAll(MergeMarkers.visible(found)); // a merged split-directory hides those it replaces
  }
}
