package dev.cif.bench.seq;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The application-level compression of SEQ-custom (paper §6.3): the large blob columns (every top-level
 * {@code bytes} field, i.e. the crawl's {@code content}) are deflated by the application before the record
 * is stored in an uncompressed SequenceFile, and inflated after it is read.
 *
 * <p>Stored form of a blob: 4-byte big-endian original length, then the zlib stream. Knowing the length
 * lets the reader inflate into an exactly sized array in one call. One instance per thread.
 */
final class BytesFieldDeflater {

  private final int[] blobFields;
  private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
  private final Inflater inflater = new Inflater();
  private byte[] scratch = new byte[1 << 14];

  BytesFieldDeflater(Schema schema) {
    List<Integer> positions = new ArrayList<>();
    for (Schema.Field field : schema.getFields()) {
      if (field.schema().getType() == Schema.Type.BYTES) {
        positions.add(field.pos());
      }
    }
    this.blobFields = positions.stream().mapToInt(Integer::intValue).toArray();
  }

  boolean hasBlobs() {
    return blobFields.length > 0;
  }

  /** A shallow copy of {@code record} whose blob fields hold deflated bytes; the input is not changed. */
  GenericRecord deflate(GenericRecord record) {
    GenericData.Record copy = new GenericData.Record((GenericData.Record) record, false);
    for (int pos : blobFields) {
      copy.put(pos, deflate((ByteBuffer) record.get(pos)));
    }
    return copy;
  }

  private ByteBuffer deflate(ByteBuffer blob) {
    ByteBuffer input = blob.duplicate();
    int length = input.remaining();
    ensureScratch(zlibBound(length) + Integer.BYTES);
    deflater.reset();
    deflater.setInput(input);
    deflater.finish();
    ByteBuffer out = ByteBuffer.wrap(scratch);
    out.putInt(length);
    while (!deflater.finished()) {
      if (!out.hasRemaining()) {
        throw new IllegalStateException("deflate exceeded the zlib bound for " + length + " bytes");
      }
      deflater.deflate(out);
    }
    out.flip();
    ByteBuffer stored = ByteBuffer.allocate(out.remaining());
    stored.put(out).flip();
    return stored;
  }

  /** Replaces the deflated blob fields of a freshly read record by their original bytes. */
  void inflateInPlace(GenericRecord record) throws IOException {
    for (int pos : blobFields) {
      record.put(pos, inflate((ByteBuffer) record.get(pos)));
    }
  }

  private ByteBuffer inflate(ByteBuffer stored) throws IOException {
    ByteBuffer input = stored.duplicate();
    int length = input.getInt();
    byte[] out = new byte[length];
    inflater.reset();
    inflater.setInput(input);
    try {
      int n = inflater.inflate(out);
      if (n != length || !inflater.finished()) {
        throw new IOException("corrupt SEQ-custom blob: expected " + length + " bytes, inflated " + n);
      }
    } catch (DataFormatException e) {
      throw new IOException("corrupt SEQ-custom blob", e);
    }
    return ByteBuffer.wrap(out);
  }

  /** zlib's compressBound(): the most a deflate stream can grow incompressible input (plus headers). */
  private static int zlibBound(int length) {
    return length + (length >> 12) + (length >> 14) + (length >> 25) + 13;
  }

  private void ensureScratch(int size) {
    if (scratch.length < size) {
      scratch = new byte[Math.max(size, scratch.length * 2)];
    }
  }
}
