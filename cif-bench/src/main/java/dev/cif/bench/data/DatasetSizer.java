package dev.cif.bench.data;

import dev.cif.testing.rows.RowGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Sizes a dataset by bytes instead of rows ("a 1 GB crawl"), using the Avro binary encoding as the
 * yardstick: that is what an uncompressed SequenceFile stores per record, so the size on disk of SEQ-uncomp
 * comes out close to the target.
 */
public final class DatasetSizer {

  /** Enough rows for a stable mean; the crawl rows vary between ~3 and ~11 KB. */
  private static final int SAMPLE_ROWS = 500;

  private DatasetSizer() {}

  /** Mean Avro-binary size of the first {@code sampleRows} rows. */
  public static double meanRowBytes(RowGenerator generator, int sampleRows) {
    GenericDatumWriter<GenericRecord> writer = new GenericDatumWriter<>(generator.schema());
    CountingOutputStream counter = new CountingOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(counter, null);
    try {
      for (GenericRecord record : generator.firstRows(sampleRows)) {
        writer.write(record, encoder);
      }
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return (double) counter.count / sampleRows;
  }

  /** How many rows make about {@code targetBytes} of Avro-binary data (at least one). */
  public static long rowsForBytes(RowGenerator generator, long targetBytes) {
    return Math.max(1, Math.round(targetBytes / meanRowBytes(generator, SAMPLE_ROWS)));
  }

  /** Counts and discards: only the size matters here. */
  private static final class CountingOutputStream extends java.io.OutputStream {
    private long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }
}
