package dev.cif.spark;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The job commit of a write into a CIF table: what the write replaces (for an overwrite, the table's
 * visible contents; for a dynamic partition overwrite, the partition directories the job writes) is first
 * moved into the job's hidden staging directory, then the committed attempts' split-directories are moved
 * into the table, one rename each. If a rename fails, every rename made before it is undone in reverse
 * order (and the directories made for it removed), so the table is left as it was; the staging directory,
 * with the replaced data, is deleted only after the last rename succeeded.
 */
final class JobCommit {
  /** What a write does to the data already in the table. */
  enum Mode {
    APPEND,
    /** The whole table is replaced (SaveMode.Overwrite, INSERT OVERWRITE). */
    OVERWRITE,
    /** Only the partition directories the write produces are replaced (partitionOverwriteMode=dynamic). */
    OVERWRITE_PARTITIONS
  }

  private final FileSystem fs;
  private final Path table;
  private final Path staging;
  /** The renames made so far, {from, to}, and the directories made for them, {made, null}: undone from the top. */
  private final Deque<Path[]> done = new ArrayDeque<>();

  JobCommit(FileSystem fs, Path table, Path staging) {
    this.fs = fs;
    this.table = table;
    this.staging = staging;
  }

  void run(List<WriteCommit> commits, Mode mode) throws IOException {
    try {
      fs.mkdirs(table);
      Path replaced = new Path(staging, "replaced");
      for (String rel : replaced(commits, mode)) move(new Path(table, rel), new Path(replaced, rel));
      for (WriteCommit c : commits) {
        Path committed = new Path(c.committedDir());
        for (String rel : c.splitDirectories()) {
          Path to = new Path(table, rel);
          if (fs.exists(to)) throw new IOException(to + " exists already: a split-directory is never replaced");
          move(new Path(committed, rel), to);
        }
      }
    } catch (IOException | RuntimeException e) {
      undo(e);
      throw e;
    }
    fs.delete(staging, true);
  }

  /** The table's entries (relative paths) the write replaces. */
  private Set<String> replaced(List<WriteCommit> commits, Mode mode) throws IOException {
    Set<String> out = new LinkedHashSet<>();
    if (mode == Mode.OVERWRITE) {
      for (FileStatus st : fs.listStatus(table)) {
        String name = st.getPath().getName();
        if (!name.startsWith(".") && !name.startsWith("_")) out.add(name);
      }
    } else if (mode == Mode.OVERWRITE_PARTITIONS) {
      for (WriteCommit c : commits) {
        for (String rel : c.splitDirectories()) {
          int slash = rel.lastIndexOf('/');
          if (slash < 0) throw new IllegalStateException("CIF: a dynamic partition overwrite of " + table + " wrote " + rel + " outside any partition directory");
          String partition = rel.substring(0, slash);
          if (fs.exists(new Path(table, partition))) out.add(partition);
        }
      }
    }
    return out;
  }

  private void move(Path from, Path to) throws IOException {
    Path made = to.getParent();
    while (made.getParent() != null && !fs.exists(made.getParent())) made = made.getParent();
    if (!fs.exists(made)) {
      if (!fs.mkdirs(to.getParent())) throw new IOException("could not make " + to.getParent());
      done.push(new Path[] {made, null});
    }
    if (!fs.rename(from, to)) throw new IOException("could not rename " + from + " to " + to);
    done.push(new Path[] {from, to});
  }

  private void undo(Exception cause) {
    while (!done.isEmpty()) {
      Path[] step = done.pop();
      try {
        if (step[1] == null) fs.delete(step[0], true);
        else if (!fs.rename(step[1], step[0])) cause.addSuppressed(new IOException("could not move " + step[1] + " back to " + step[0]));
      } catch (IOException e) {
        cause.addSuppressed(e);
      }
    }
  }
}
