package dev.cif.hardening;

import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.record.SplitRecordReader;
import dev.cif.split.DatasetListing;
import dev.cif.testing.RandomData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What `cif verify` checks, with the reading code: every split-directory a reader can find opens
 * and reads fully. Returns the rows, normalized, in listing order.
 */
final class DatasetCheck {
  private DatasetCheck() {}

  static List<Object> rows(FileSystem fs, Path dataset, Schema schema) throws IOException {
    List<Object> out = new ArrayList<>();
    if (!fs.exists(dataset)) return out;
    for (Path dir : DatasetListing.splitDirectories(fs, dataset)) out.addAll(rowsOf(fs, dir, schema));
    return out;
  }

  static List<Object> rowsOf(FileSystem fs, Path dir, Schema schema) throws IOException {
    List<Object> out = new ArrayList<>();
    try (SplitRecordReader r = new SplitRecordReader(fs, List.of(dir), Projection.of(schema, ""), RecordType.EAGER, 1 << 26)) {
      while (r.next()) out.add(RandomData.normalize(r.current()));
    }
    return out;
  }

  static List<Object> normalized(List<? extends GenericRecord> rows) {
    List<Object> out = new ArrayList<>();
    for (GenericRecord r : rows) out.add(RandomData.normalize(r));
    return out;
  }
}
