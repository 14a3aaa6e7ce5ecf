package dev.cif.spark;

import dev.cif.mapreduce.ColumnSplit;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One Spark input partition: one or more CIF splits of one partition directory, packed by {@link SplitPacking}
 * (each as its Writable form, with the listings the planner carried, so the task lists nothing), the hosts
 * that hold most of their bytes as the preferred locations, and the values of the partition columns of the
 * directory they lie in.
 */
final class CifInputPartition implements InputPartition {
  private static final long serialVersionUID = 1L;
  /** The most hosts named, as Spark's file sources name at most three per partition. */
  private static final int MAX_HOSTS = 3;
  private final byte[][] splits;
  private final String[] hosts;
  private final InternalRow partitionValues;

  CifInputPartition(List<ColumnSplit> splits, InternalRow partitionValues) throws IOException {
    this.splits = new byte[splits.size()][];
    Map<String, Long> bytesOnHost = new HashMap<>();
    for (int i = 0; i < this.splits.length; i++) {
      ColumnSplit split = splits.get(i);
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      try (DataOutputStream out = new DataOutputStream(b)) {
        split.write(out);
      }
      this.splits[i] = b.toByteArray();
      for (String host : split.getLocations()) bytesOnHost.merge(host, split.getLength(), Long::sum);
    }
    List<String> byBytes = new ArrayList<>(bytesOnHost.keySet());
    byBytes.sort((x, y) -> Long.compare(bytesOnHost.get(y), bytesOnHost.get(x)));
    this.hosts = byBytes.subList(0, Math.min(MAX_HOSTS, byBytes.size())).toArray(new String[0]);
    this.partitionValues = partitionValues;
  }

  @Override
  public String[] preferredLocations() { return hosts.clone(); }

  /** How many CIF splits the partition holds. */
  int splits() { return splits.length; }

  /** The i-th split. */
  ColumnSplit split(int i) {
    ColumnSplit s = new ColumnSplit();
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(splits[i]))) {
      s.readFields(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return s;
  }

  InternalRow partitionValues() { return partitionValues; }

  @Override
  public String toString() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < splits.length; i++) out.add(String.valueOf(split(i)));
    return String.join(", ", out);
  }
}
