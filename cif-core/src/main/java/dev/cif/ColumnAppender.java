package dev.cif;

import java.io.IOException;

/**
 * Takes the current row's value of one column from an engine without an intermediate record: numbers
 * as primitives, strings as their UTF-8 bytes. A {@link CifWriter} hands one per top-level field
 * ({@link CifWriter#column}); an engine appends exactly one value to each, then ends the row with
 * {@link CifWriter#endRow}. The file is byte for byte what {@link CifWriter#write} makes of the same
 * row.
 *
 * <p>Which append a column takes follows its CIF type (the non-null branch of a [null, T] union):
 * <ul>
 *   <li>boolean: {@link #appendBoolean};</li>
 *   <li>int (and date, time-millis, Hive's tinyint and smallint): {@link #appendInt};</li>
 *   <li>long (and timestamps, time-micros): {@link #appendLong} or {@link #appendInt};</li>
 *   <li>float: {@link #appendFloat}; double: {@link #appendDouble} or {@link #appendFloat};</li>
 *   <li>string: {@link #appendBytes} with the UTF-8 bytes; bytes and fixed: the bytes; a decimal: the
 *       unscaled value's minimal big-endian two's-complement bytes at the column's scale (Avro's form);</li>
 *   <li>any type, nested ones (array, map, record, other unions) and enums among them: {@link #appendValue}
 *       with the Avro value {@link CifWriter#write} would take.</li>
 * </ul>
 * The bytes handed in are copied before the call returns, so the caller may reuse its buffers.
 *
 * <p>A writer holds the primitive and bytes values of a few rows and encodes them a column at a time (moving
 * between columns' encoders on every value cost a third of the writer's time). So such a value the column
 * cannot hold is refused when its rows are encoded: from {@link CifWriter#endRow} or {@link CifWriter#close}
 * of a later row, as an IOException naming the column and the row, and the split-directory is abandoned
 * (nothing of it becomes visible). A value given to {@link #appendValue} is encoded at once and refused by
 * that call, with an IllegalArgumentException naming the column and the row; after it the row cannot be
 * completed, and the caller aborts the writer.
 */
public interface ColumnAppender {
  /** The row has no value here (the column's type must be nullable). */
  void appendNull() throws IOException;

  void appendBoolean(boolean v) throws IOException;

  void appendInt(int v) throws IOException;

  void appendLong(long v) throws IOException;

  void appendFloat(float v) throws IOException;

  void appendDouble(double v) throws IOException;

  /** A string's UTF-8 bytes, a bytes or fixed value, or a decimal's unscaled bytes: {@code b[off, off + len)}. */
  void appendBytes(byte[] b, int off, int len) throws IOException;

  /** Any value as {@link CifWriter#write} takes it in a record (an Avro generic value, or null). */
  void appendValue(Object v) throws IOException;
}
