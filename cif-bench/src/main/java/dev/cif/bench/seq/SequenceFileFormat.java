package dev.cif.bench.seq;

import dev.cif.bench.data.Dataset;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.InputFormatScan;
import dev.cif.bench.harness.RecordScan;
import java.io.IOException;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;

/**
 * SEQ: Avro-binary records as {@code BytesWritable} values under {@code NullWritable} keys in a Hadoop
 * SequenceFile, the baseline of the paper. Written with {@link SequenceFile.Writer} directly (a load step,
 * not what is measured); read through {@link SequenceFileInputFormat}.
 *
 * <p>A row format cannot skip columns, so the projection is ignored: every scan deserializes whole
 * records, as the paper's SEQ runs did ("the time to scan any projection was roughly the same").
 */
public final class SequenceFileFormat implements FormatUnderTest {

  /** File metadata key holding the Avro schema, so the files describe themselves to other tools. */
  public static final String SCHEMA_METADATA_KEY = "avro.schema";
  static final String PART_FILE = "part-m-00000";

  private final SeqVariant variant;

  public SequenceFileFormat(SeqVariant variant) {
    this.variant = variant;
  }

  public SeqVariant variant() {
    return variant;
  }

  @Override
  public String name() {
    return variant.formatName();
  }

  @Override
  public void write(Dataset data, FileSystem fs, Path dir) throws IOException {
    Configuration conf = fs.getConf();
    Schema schema = data.schema();
    AvroRecordCodec codec = new AvroRecordCodec(schema);
    BytesFieldDeflater blobs = variant.applicationDeflatesBlobs() ? new BytesFieldDeflater(schema) : null;
    SequenceFile.Metadata metadata = new SequenceFile.Metadata();
    metadata.set(new Text(SCHEMA_METADATA_KEY), new Text(schema.toString()));
    fs.mkdirs(dir);
    BytesWritable value = new BytesWritable();
    try (SequenceFile.Writer writer = SequenceFile.createWriter(conf,
        SequenceFile.Writer.file(fs.makeQualified(new Path(dir, PART_FILE))),
        SequenceFile.Writer.keyClass(NullWritable.class),
        SequenceFile.Writer.valueClass(BytesWritable.class),
        SequenceFile.Writer.compression(variant.compression(), new DefaultCodec()),
        SequenceFile.Writer.metadata(metadata))) {
      for (GenericRecord record : data.records()) {
        codec.encode(blobs == null ? record : blobs.deflate(record), value);
        writer.append(NullWritable.get(), value);
      }
    }
  }

  @Override
  public RecordScan openScan(FileSystem fs, Path dir, Schema schema, List<String> projection)
      throws IOException {
    Job job = Job.getInstance(fs.getConf());
    FileInputFormat.setInputPaths(job, fs.makeQualified(dir));
    AvroRecordCodec codec = new AvroRecordCodec(schema);
    BytesFieldDeflater blobs = variant.applicationDeflatesBlobs() ? new BytesFieldDeflater(schema) : null;
    GenericRecord[] reuse = new GenericRecord[1];
    return new InputFormatScan<>(new SequenceFileInputFormat<NullWritable, BytesWritable>(), job, value -> {
      GenericRecord record = codec.decode(value, reuse[0]);
      reuse[0] = record;
      if (blobs != null) {
        blobs.inflateInPlace(record);
      }
      return record;
    });
  }

  @Override
  public String toString() {
    return name();
  }
}
