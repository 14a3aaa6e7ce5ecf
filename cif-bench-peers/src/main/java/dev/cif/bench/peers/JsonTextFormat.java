package dev.cif.bench.peers;

import dev.cif.bench.data.Dataset;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.InputFormatScan;
import dev.cif.bench.harness.RecordScan;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.io.JsonDecoder;
import org.apache.avro.io.JsonEncoder;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;

/**
 * {@code text-json}: one JSON object per line (Avro's JSON encoding of the record, so maps are JSON
 * objects and the schema types survive), uncompressed, read with {@link TextInputFormat} and parsed with
 * Avro's JSON decoder into the projection (the parser still scans every field of every line).
 */
public final class JsonTextFormat implements FormatUnderTest {

  @Override
  public String name() {
    return "text-json";
  }

  @Override
  public void write(Dataset data, FileSystem fs, Path dir) throws IOException {
    Schema schema = data.schema();
    GenericDatumWriter<GenericRecord> datumWriter = new GenericDatumWriter<>(schema);
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    JsonEncoder encoder = EncoderFactory.get().jsonEncoder(schema, line);
    try (OutputStream out = fs.create(new Path(dir, "part-00000.json"))) {
      for (GenericRecord record : data.records()) {
        line.reset();
        encoder.configure(line);
        datumWriter.write(record, encoder);
        encoder.flush();
        line.writeTo(out);
        out.write('\n');
      }
    }
  }

  @Override
  public RecordScan openScan(FileSystem fs, Path dir, Schema schema, List<String> projection)
      throws IOException {
    Job job = Job.getInstance(fs.getConf());
    FileInputFormat.setInputPaths(job, fs.makeQualified(dir));
    GenericDatumReader<GenericRecord> reader =
        new GenericDatumReader<>(schema, AvroProjection.of(schema, projection));
    JsonDecoder decoder = DecoderFactory.get().jsonDecoder(schema, "{}");
    GenericRecord[] reuse = new GenericRecord[1];
    return new InputFormatScan<>(new TextInputFormat(), job, (LongWritable offset, Text line) -> {
      decoder.configure(new ByteArrayInputStream(line.getBytes(), 0, line.getLength()));
      reuse[0] = reader.read(reuse[0], decoder);
      return reuse[0];
    });
  }

  @Override
  public String toString() {
    return name();
  }
}
