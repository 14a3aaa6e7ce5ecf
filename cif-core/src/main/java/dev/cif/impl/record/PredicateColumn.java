package dev.cif.impl.record;

import dev.cif.VectorTarget;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.record.RowPredicate;
import dev.cif.schema.CifSchemas;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;


/**
 * Evaluates a {@link RowPredicate} over one split-directory's column in batches: the column's values
 * are decoded as references into the block buffers ({@link ColumnFileReader#readBatch}), tested in
 * place, and a value object is made only for a row that passes and only if asked for.
 */
final class PredicateColumn {
  static final int BATCH = 1024;

  private final RowPredicate predicate;
  private final ColumnFileReader reader;
  private final boolean bytes;
  private final boolean javaString;
  private final VectorTarget batch = VectorTarget.allocate(VectorTarget.Kind.BINARY, BATCH);
  private final boolean[] passes = new boolean[BATCH];
  /** Rows [batchStart, batchEnd) of the split-directory are in the batch. */
  private long batchStart;
  private long batchEnd;

  PredicateColumn(RowPredicate predicate, ColumnFileReader reader) {
    if (reader.vectorKind() != VectorTarget.Kind.BINARY) {
      throw new IllegalArgumentException("row predicate column " + predicate.column() + " is " + reader.spec().schema
          + ", not string or bytes");
    }
    Schema type = CifSchemas.nonNull(reader.spec().schema);
    if (type.getType() != Schema.Type.STRING && type.getType() != Schema.Type.BYTES) {
      throw new IllegalArgumentException("row predicate column " + predicate.column() + " is " + type + ", not string or bytes");
    }
    this.predicate = predicate;
    this.reader = reader;
    this.bytes = type.getType() == Schema.Type.BYTES;
    this.javaString = "String".equals(type.getProp("avro.java.string"));
  }

  ColumnFileReader reader() { return reader; }

  /** The first row in [from, end) that passes, or end; end must not be beyond the split-directory. */
  long nextPassing(long from, long end) throws IOException {
    for (long row = from; row < end; row++) {
      if (row >= batchEnd) fill(row, end);
      if (passes[(int) (row - batchStart)]) return row;
    }
    return end;
  }

  /** Whether row passes; it must be in [from, end) of the last {@link #nextPassing} call, at or after its answer. */
  boolean passes(long row, long end) throws IOException {
    if (row >= batchEnd) fill(row, end);
    return passes[(int) (row - batchStart)];
  }

  private void fill(long row, long end) throws IOException {
    int n = (int) Math.min(BATCH, end - row);
    reader.skipTo(row);
    batch.noNulls = true;
    Arrays.fill(batch.isNull, 0, n, false);
    reader.readBatch(batch, 0, n);
    for (int i = 0; i < n; i++) {
      passes[i] = batch.isNull[i] ? predicate.testNull() : predicate.test(batch.buffers[i], batch.starts[i], batch.lengths[i]);
    }
    batchStart = row;
    batchEnd = row + n;
  }

  /** The column's value at row (in the current batch), as the column's codec would have made it. */
  Object value(long row) {
    int i = (int) (row - batchStart);
    if (row < batchStart || row >= batchEnd) throw new IllegalStateException("row " + row + " is not in the predicate's batch");
    if (batch.isNull[i]) return null;
    byte[] b = Arrays.copyOfRange(batch.buffers[i], batch.starts[i], batch.starts[i] + batch.lengths[i]);
    if (bytes) return ByteBuffer.wrap(b);
    return javaString ? new String(b, java.nio.charset.StandardCharsets.UTF_8) : new Utf8(b);
  }
}
