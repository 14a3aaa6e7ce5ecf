package dev.cif.mapreduce;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapred.FileSplit;

/**
 * One input split: one or more split-directories, with the hosts that hold their projected columns, and
 * each split-directory's listing as the planner saw it (the names and lengths of its {@code .cif} files),
 * so that the task opens its column files without listing or asking for any file's status again.
 * It is a {@link FileSplit} (of the first split-directory's path) because Hive maps splits to
 * partitions by path; it serves both the mapred and the mapreduce API.
 */
public class ColumnSplit extends FileSplit {
  private List<Path> dirs = new ArrayList<>();
  /** Per split-directory, its .cif files (name and length); null when the planner did not carry them. */
  private List<FileStatus[]> listings;
  private DirectoryPart part = DirectoryPart.WHOLE;

  public ColumnSplit() {
    super((Path) null, 0, 0, (String[]) null);
  }

  public ColumnSplit(List<Path> dirs, long length, String[] hosts) {
    super(dirs.get(0), 0, length, hosts);
    this.dirs = new ArrayList<>(dirs);
  }

  /** A split that carries each split-directory's listing (one array of file statuses per directory). */
  public ColumnSplit(List<Path> dirs, List<FileStatus[]> listings, long length, String[] hosts) {
    this(dirs, length, hosts);
    if (listings.size() != dirs.size()) throw new IllegalArgumentException("one listing per split-directory");
    this.listings = new ArrayList<>(listings);
  }

  /**
   * Part index of count of the split-directory dir, whose projected columns hold bytes: this part's
   * share of those bytes, as start and length, the split-directory's hosts and its listing (or null).
   */
  static ColumnSplit part(Path dir, FileStatus[] listing, long bytes, String[] hosts, int index, int count) {
    long start = bytes * index / count;
    ColumnSplit s = new ColumnSplit(List.of(dir), bytes * (index + 1) / count - start, hosts, start);
    s.part = new DirectoryPart(index, count);
    if (listing != null) {
      s.listings = new ArrayList<>();
      s.listings.add(listing);
    }
    return s;
  }

  private ColumnSplit(List<Path> dirs, long length, String[] hosts, long start) {
    super(dirs.get(0), start, length, hosts);
    this.dirs = new ArrayList<>(dirs);
  }

  public List<Path> directories() { return dirs; }

  /** Each split-directory's .cif files as planned, in the order of {@link #directories}; null if not carried. */
  public List<FileStatus[]> listings() { return listings; }

  /**
   * Sets on options the rows this split reads of its split-directories (of a part of one, that part:
   * {@link dev.cif.ReadOptions#part}); returns options. Every reader of a ColumnSplit calls it.
   */
  public dev.cif.ReadOptions narrow(dev.cif.ReadOptions options) {
    return part.isWhole() ? options : options.part(part.index, part.count);
  }

  @Override
  public void write(DataOutput out) throws IOException {
    super.write(out);
    WritableUtils.writeVInt(out, dirs.size());
    for (Path p : dirs) Text.writeString(out, p.toString());
    part.write(out);
    out.writeBoolean(listings != null);
    if (listings == null) return;
    for (FileStatus[] files : listings) {
      int n = 0;
      for (FileStatus f : files) if (carried(f)) n++;
      WritableUtils.writeVInt(out, n);
      for (FileStatus f : files) {
        if (!carried(f)) continue;
        Text.writeString(out, f.getPath().getName());
        WritableUtils.writeVLong(out, f.getLen());
      }
    }
  }

  /** The files a reader may open: the split-directory's .cif files (not hidden ones, nor anything else). */
  private static boolean carried(FileStatus f) {
    String name = f.getPath().getName();
    return f.isFile() && name.endsWith(".cif") && !name.startsWith(".");
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    super.readFields(in);
    int n = WritableUtils.readVInt(in);
    dirs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) dirs.add(new Path(Text.readString(in)));
    part = DirectoryPart.read(in);
    listings = null;
    if (!in.readBoolean()) return;
    listings = new ArrayList<>(n);
    for (Path dir : dirs) {
      FileStatus[] files = new FileStatus[WritableUtils.readVInt(in)];
      for (int i = 0; i < files.length; i++) {
        Path file = new Path(dir, Text.readString(in));
        files[i] = new FileStatus(WritableUtils.readVLong(in), false, 0, 0, 0, file);
      }
      listings.add(files);
    }
  }

  @Override
  public String toString() {
    return "ColumnSplit" + dirs + (part.isWhole() ? "" : " " + part) + " (" + getLength() + " bytes)";
  }
}
