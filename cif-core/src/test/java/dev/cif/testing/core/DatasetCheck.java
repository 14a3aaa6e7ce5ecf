package dev.cif.testing.core;

import dev.cif.impl.record.SplitRecordReader;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.testing.RandomData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What a reader finds in a dataset: {@link #verify} runs `cif verify`'s check, {@link #rows} reads
 * every split-directory with the record reader and returns the rows, normalized, in listing order.
 */
public final class DatasetCheck {
  private DatasetCheck() {}

  /**
   * What {@code cif verify} checks ({@link SplitDirectory#verify}) on every split-directory a reader
   * finds; returns the rows they hold. Throws on the first split-directory that fails.
   */
  public static long verify(FileSystem fs, Path dataset) throws IOException {
    long rows = 0;
    for (Path dir : DatasetListing.splitDirectories(fs, dataset)) rows += SplitDirectory.open(fs, dir).verify(1 << 26);
    return rows;
  }

  public static List<Object> rows(FileSystem fs, Path dataset, Schema schema) throws IOException {
    List<Object> out = new ArrayList<>();
    if (!fs.exists(dataset)) return out;
    for (Path dir : DatasetListing.splitDirectories(fs, dataset)) out.addAll(rowsOf(fs, dir, schema));
    return out;
  }

  public static List<Object> rowsOf(FileSystem fs, Path dir, Schema schema) throws IOException {
    List<Object> out = new ArrayList<>();
    try (SplitRecordReader r = new SplitRecordReader(fs, List.of(dir), Projection.of(schema, ""), RecordType.EAGER, 1 << 26)) {
      while (r.next()) out.add(RandomData.normalize(r.current()));
    }
    return out;
  }

  /**
   * The rows of every split-directory a reader finds, each read with its own schema file's schema
   * and rendered as its fields' strings joined by tabs (as Hive prints rows), sorted.
   */
  public static List<String> rowStrings(FileSystem fs, Path dataset) throws IOException {
    List<String> out = new ArrayList<>();
    if (!fs.exists(dataset)) return out;
    for (Path dir : DatasetListing.splitDirectories(fs, dataset)) {
      Schema schema = SplitDirectory.open(fs, dir).schema();
      try (SplitRecordReader r = new SplitRecordReader(fs, List.of(dir), Projection.of(schema, ""), RecordType.EAGER, 1 << 26)) {
        while (r.next()) {
          StringBuilder sb = new StringBuilder();
          for (int i = 0; i < schema.getFields().size(); i++) sb.append(i == 0 ? "" : "\t").append(r.current().get(i));
          out.add(sb.toString());
        }
      }
    }
    java.util.Collections.sort(out);
    return out;
  }

  public static List<Object> normalized(List<? extends GenericRecord> rows) {
    List<Object> out = new ArrayList<>();
    for (GenericRecord r : rows) out.add(RandomData.normalize(r));
    return out;
  }
}
