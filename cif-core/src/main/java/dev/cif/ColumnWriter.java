package dev.cif;

import java.io.Closeable;
import java.io.IOException;

/**
 * Writes one column file, value by value (from {@link Cif#createColumnWriter}): for measuring a
 * layout or codec on one column. Datasets are written with a {@link CifWriter}, which keeps one of
 * these per column.
 */
public interface ColumnWriter extends Closeable {
  /** Appends the next row's value (an Avro value of the column's type). */
  void write(Object value) throws IOException;

  long rows();

  /** Bytes written so far, the block being filled included. */
  long bytesWritten();
}
