package dev.cif.bench.seq;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.hadoop.io.BytesWritable;

/**
 * Avro binary encoding of whole records into and out of a {@link BytesWritable}, the value of a SEQ file.
 *
 * <p>Reuses its encoder, decoder, buffer and (on read) the previous record, as Avro allows, so the
 * per-record cost measured is the deserialization itself and not allocation of helpers. One instance per
 * thread.
 */
public final class AvroRecordCodec {

  private final GenericDatumWriter<GenericRecord> writer;
  private final GenericDatumReader<GenericRecord> reader;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(1 << 14);
  private BinaryEncoder encoder;
  private BinaryDecoder decoder;

  public AvroRecordCodec(Schema schema) {
    this.writer = new GenericDatumWriter<>(schema);
    this.reader = new GenericDatumReader<>(schema);
  }

  /** Serializes {@code record} into {@code out}, replacing its contents. */
  public void encode(GenericRecord record, BytesWritable out) throws IOException {
    buffer.reset();
    encoder = EncoderFactory.get().binaryEncoder(buffer, encoder);
    writer.write(record, encoder);
    encoder.flush();
    byte[] bytes = buffer.toByteArray();
    out.set(bytes, 0, bytes.length);
  }

  /** Deserializes {@code in}, reusing {@code reuse} (may be null) and its strings, maps and arrays. */
  public GenericRecord decode(BytesWritable in, GenericRecord reuse) throws IOException {
    decoder = DecoderFactory.get().binaryDecoder(in.getBytes(), 0, in.getLength(), decoder);
    return reader.read(reuse, decoder);
  }
}
