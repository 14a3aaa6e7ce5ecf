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

  public ColumnSplit() {
    super((Path) null, 0, 0, (String[]) null);
  }

  public ColumnSplit(List<Path> dirs, long length, String[] hosts) {
    super(dirs.get(0), 0, length, hosts);
    this.dirs = new ArrayList<>(dirs);
  }

  public List<Path> directories() { return dirs; }

  @Override
  public void write(DataOutput out) throws IOException {
    super.write(out);
    WritableUtils.writeVInt(out, dirs.size());
    for (Path p : dirs) Text.writeString(out, p.toString());
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    super.readFields(in);
    int n = WritableUtils.readVInt(in);
    dirs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) dirs.add(new Path(Text.readString(in)));
  }

  @Override
  public String toString() { return "ColumnSplit" + dirs + " (" + getLength() + " bytes)"; }
}
