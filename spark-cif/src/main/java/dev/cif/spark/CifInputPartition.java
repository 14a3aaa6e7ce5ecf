package dev.cif.spark;

import dev.cif.mapreduce.ColumnSplit;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One CIF split as a Spark input partition: the split (as its Writable form, with the listings the
 * planner carried, so the task lists nothing), its hosts as the preferred locations, and the values of
 * the partition columns of the directory it lies in.
 */
final class CifInputPartition implements InputPartition {
  private static final long serialVersionUID = 1L;
  private final byte[] split;
  private final String[] hosts;
  private final InternalRow partitionValues;

  CifInputPartition(ColumnSplit split, InternalRow partitionValues) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(b)) {
      split.write(out);
    }
    this.split = b.toByteArray();
    this.hosts = split.getLocations();
    this.partitionValues = partitionValues;
  }

  @Override
  public String[] preferredLocations() { return hosts.clone(); }

  ColumnSplit split() {
    ColumnSplit s = new ColumnSplit();
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(split))) {
      s.readFields(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return s;
  }

  InternalRow partitionValues() { return partitionValues; }
}
