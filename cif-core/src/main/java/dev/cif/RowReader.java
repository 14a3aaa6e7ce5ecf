package dev.cif;

import java.io.Closeable;
import java.io.IOException;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;

/**
 * Reads the rows of one or more split-directories as records ({@link ReadOptions#open},
 * {@link CifReader#rows}): only the projected columns, only the rows the pushed filter keeps.
 */
public interface RowReader extends Closeable {
  /** Moves to the next row; false at the end. */
  boolean next() throws IOException;

  /** The current row: valid until {@link #next} (a lazy record decodes a column when first asked). */
  GenericRecord current();

  /** From 0 to 1. */
  float progress();

  /** Bytes read from the column files so far, by column. */
  Map<String, ReadBytes> bytesRead();
}
