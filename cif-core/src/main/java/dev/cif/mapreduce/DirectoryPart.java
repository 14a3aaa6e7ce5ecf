package dev.cif.mapreduce;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.WritableUtils;

/**
 * "Part index of count" of a split's split-directory: a large split-directory (its projected bytes
 * above cif.split.part-bytes) is planned as count splits, and the task of part index reads the rows
 * of its share of the blocks (dev.cif.ReadOptions#part). Part 0 of 1 is the whole split-directory.
 */
final class DirectoryPart {
  static final DirectoryPart WHOLE = new DirectoryPart(0, 1);

  final int index;
  final int count;

  DirectoryPart(int index, int count) {
    if (count < 1 || index < 0 || index >= count) throw new IllegalArgumentException("no part " + index + " of " + count);
    this.index = index;
    this.count = count;
  }

  /** How many parts a split-directory of these projected bytes is cut into: 1 when partBytes is 0. */
  static int partsOf(long bytes, long partBytes) {
    if (partBytes <= 0 || bytes <= partBytes) return 1;
    return (int) Math.min(Integer.MAX_VALUE, (bytes + partBytes - 1) / partBytes);
  }

  boolean isWhole() { return count == 1; }

  void write(DataOutput out) throws IOException {
    WritableUtils.writeVInt(out, index);
    WritableUtils.writeVInt(out, count);
  }

  static DirectoryPart read(DataInput in) throws IOException {
    int index = WritableUtils.readVInt(in);
    int count = WritableUtils.readVInt(in);
    try {
      return new DirectoryPart(index, count);
    } catch (IllegalArgumentException e) {
      throw new IOException("corrupt ColumnSplit: " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() { return "part " + index + " of " + count; }
}
