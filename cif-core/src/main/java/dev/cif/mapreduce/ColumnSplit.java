package dev.cif.mapreduce;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapred.FileSplit;

/**
 * One input split: one or more split-directories, with the hosts that hold their projected columns.
 * It is a {@link FileSplit} (of the first split-directory's path) because Hive maps splits to
 * partitions by path; it serves both the mapred and the mapreduce API.
 */
public class ColumnSplit extends FileSplit {
  private List<Path> dirs = new ArrayList<>();
  private DirectoryPart part = DirectoryPart.WHOLE;

  public ColumnSplit() {
    super((Path) null, 0, 0, (String[]) null);
  }

  public ColumnSplit(List<Path> dirs, long length, String[] hosts) {
    super(dirs.get(0), 0, length, hosts);
    this.dirs = new ArrayList<>(dirs);
  }

  /**
   * Part index of count of the split-directory dir, whose projected columns hold bytes: this part's
   * share of those bytes, as start and length, and the split-directory's hosts.
   */
  static ColumnSplit part(Path dir, long bytes, String[] hosts, int index, int count) {
    long start = bytes * index / count;
    ColumnSplit s = new ColumnSplit(List.of(dir), bytes * (index + 1) / count - start, hosts, start);
    s.part = new DirectoryPart(index, count);
    return s;
  }

  private ColumnSplit(List<Path> dirs, long length, String[] hosts, long start) {
    super(dirs.get(0), start, length, hosts);
    this.dirs = new ArrayList<>(dirs);
  }

  public List<Path> directories() { return dirs; }

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
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    super.readFields(in);
    int n = WritableUtils.readVInt(in);
    dirs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) dirs.add(new Path(Text.readString(in)));
    part = DirectoryPart.read(in);
  }

  @Override
  public String toString() {
    return "ColumnSplit" + dirs + (part.isWhole() ? "" : " " + part) + " (" + getLength() + " bytes)";
  }
}
