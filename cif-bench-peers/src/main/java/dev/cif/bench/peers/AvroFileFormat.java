package dev.cif.bench.peers;

import dev.cif.bench.data.Dataset;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.InputFormatScan;
import dev.cif.bench.harness.RecordScan;
import java.io.IOException;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.mapred.AvroKey;
import org.apache.avro.mapreduce.AvroJob;
import org.apache.avro.mapreduce.AvroKeyInputFormat;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * Avro object container files, read with avro-mapred's {@link AvroKeyInputFormat} and the job's
 * projection as the reader schema (a row format still decodes past every field, but builds only the
 * projected ones). {@code avro}: Snappy blocks; {@code avro-deflate}: deflate level 6.
 */
public final class AvroFileFormat implements FormatUnderTest {

  private final String name;
  private final CodecFactory codec;

  AvroFileFormat(String name, CodecFactory codec) {
    this.name = name;
    this.codec = codec;
  }

  static List<FormatUnderTest> variants() {
    return List.of(new AvroFileFormat("avro", CodecFactory.snappyCodec()),
        new AvroFileFormat("avro-deflate", CodecFactory.deflateCodec(6)));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void write(Dataset data, FileSystem fs, Path dir) throws IOException {
    try (DataFileWriter<GenericRecord> writer = new DataFileWriter<>(
        new GenericDatumWriter<GenericRecord>(data.schema()))) {
      writer.setCodec(codec);
      writer.create(data.schema(), fs.create(new Path(dir, "part-00000.avro")));
      for (GenericRecord record : data.records()) {
        writer.append(record);
      }
    }
  }

  @Override
  public RecordScan openScan(FileSystem fs, Path dir, Schema schema, List<String> projection)
      throws IOException {
    Job job = Job.getInstance(fs.getConf());
    FileInputFormat.setInputPaths(job, fs.makeQualified(dir));
    AvroJob.setInputKeySchema(job, AvroProjection.of(schema, projection));
    AvroJob.setDataModelClass(job, GenericData.class);
    return new InputFormatScan<AvroKey<GenericRecord>, NullWritable>(new AvroKeyInputFormat<GenericRecord>(),
        job, (AvroKey<GenericRecord> key, NullWritable value) -> key.datum());
  }

  @Override
  public String toString() {
    return name;
  }
}
