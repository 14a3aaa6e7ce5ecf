package dev.cif.mapreduce;

import dev.cif.conf.CifConf;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.record.RowPredicate;
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
    SplitDirectory first = readerSchema.isEmpty() ? SplitDirectory.open(fs, split.directories().get(0)) : null;
    Schema full = first != null ? first.schema() : new Schema.Parser().parse(readerSchema);
    Projection projection = Projection.of(full, CifConf.COLUMNS.getString(conf));
    RecordType type = RecordType.parse(CifConf.RECORD_TYPE.getString(conf));
    SplitRecordReader r = new SplitRecordReader(fs, split.directories(), projection, type, CifConf.MAX_VALUE_BYTES.getLong(conf),
        null, predicate(conf));
    return first == null ? r : r.reuse(first);
  }

  /** The job's row predicate (cif.read.row-predicate), made with the job's configuration, or null. */
  static RowPredicate predicate(Configuration conf) {
    String name = CifConf.ROW_PREDICATE.getString(conf).trim();
    if (name.isEmpty()) return null;
    try {
      Class<? extends RowPredicate> c = conf.getClassByName(name).asSubclass(RowPredicate.class);
      return org.apache.hadoop.util.ReflectionUtils.newInstance(c, conf);
    } catch (ClassNotFoundException | ClassCastException e) {
      throw new IllegalArgumentException(CifConf.ROW_PREDICATE.key() + "=" + name + " is not a " + RowPredicate.class.getName(), e);
    }
  }
}
