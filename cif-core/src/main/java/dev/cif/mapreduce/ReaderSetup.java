package dev.cif.mapreduce;

import dev.cif.conf.CifConf;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.record.SplitRecordReader;
import dev.cif.split.SplitDirectory;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/** Builds the record reader for a split from the job's settings; shared by both MapReduce APIs. */
public final class ReaderSetup {
  private ReaderSetup() {}

  public static SplitRecordReader open(Configuration conf, ColumnSplit split) throws IOException {
    FileSystem fs = split.getPath().getFileSystem(conf);
    String readerSchema = CifConf.READER_SCHEMA.getString(conf);
    Schema full = readerSchema.isEmpty()
        ? SplitDirectory.open(fs, split.directories().get(0)).schema()
        : new Schema.Parser().parse(readerSchema);
    Projection projection = Projection.of(full, CifConf.COLUMNS.getString(conf));
    RecordType type = RecordType.parse(CifConf.RECORD_TYPE.getString(conf));
    return new SplitRecordReader(fs, split.directories(), projection, type, CifConf.MAX_VALUE_BYTES.getLong(conf));
  }
}
