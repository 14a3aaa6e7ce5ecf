package dev.cif;

import java.io.Closeable;
import java.io.IOException;
import org.apache.avro.generic.IndexedRecord;

/**
 * Writes rows into split-directories (from {@link Cif#createWriter} or
 * {@link Cif#createSplitDirectoryWriter}). {@link #close} finishes the last split-directory (its
 * schema file marks it complete); {@link #abort} leaves nothing a reader would list.
 */
public interface CifWriter extends Closeable {
  /** Appends a row (a record of the writer's schema; a string may be a String or an Avro Utf8). */
  void write(IndexedRecord row) throws IOException;

  /**
   * The appender of a top-level field (in schema order) for writing a row column by column, without a
   * record: append one value to every column, then {@link #endRow}. The same appender serves every row.
   */
  ColumnAppender column(int field);

  /**
   * Ends the row whose values were appended to the {@link #column}s. A row where some column holds no
   * value, or more than one, is refused, and the split-directory abandoned (nothing of it becomes visible).
   */
  void endRow() throws IOException;

  /** Rows written so far. */
  long rows();

  /** Drops what is not finished; never throws. */
  void abort();
}
