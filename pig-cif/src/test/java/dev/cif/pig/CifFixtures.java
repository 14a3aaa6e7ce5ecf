package dev.cif.pig;

import dev.cif.WriteOptions;
import dev.cif.impl.split.DatasetWriter;
import java.io.IOException;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Writes test datasets with cif-core itself, so the loader is tested on data Pig did not write. */
final class CifFixtures {
  private CifFixtures() {}

  /** Writes consecutive runs of records into {@code parts} split-directories, so each holds one range of rows. */
  static void writeRuns(String dataset, Schema schema, List<GenericRecord> records, WriteOptions opts, int parts) throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    int per = (records.size() + parts - 1) / parts;
    for (int part = 0; part < parts; part++) {
      try (DatasetWriter w = new DatasetWriter(fs, new Path(dataset), "part" + part, schema, opts)) {
        for (int i = part * per; i < Math.min(records.size(), (part + 1) * per); i++) w.write(records.get(i));
      }
    }
  }

  /** Writes the records round-robin into {@code parts} split-directories (so a job sees several splits). */
  static void write(String dataset, Schema schema, List<GenericRecord> records, WriteOptions opts, int parts) throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    for (int part = 0; part < parts; part++) {
      try (DatasetWriter w = new DatasetWriter(fs, new Path(dataset), "part" + part, schema, opts)) {
        for (int i = part; i < records.size(); i += parts) w.write(records.get(i));
      }
    }
  }
}
