package dev.cif.record;

/**
 * A predicate on one string or bytes column, evaluated by the reader on the value's bytes where
 * they lie in the decoded block, before a row is handed out: rows that fail are passed over without
 * a record, a value object, or a decoded value of any other column (ORC's row filter and Parquet's
 * filter2 do the same for their formats). Set with {@code ColumnInputFormat.setRowPredicate}; the
 * class is made by Hadoop's {@code ReflectionUtils.newInstance}, so a {@code Configurable} one gets
 * the job's configuration to read its parameters from.
 *
 * <p>The column need not be projected. When it is, its values for the rows that pass are served
 * from the same decoded bytes, so the column is read once. A predicate may only leave out rows
 * that fail it; the consumer may test them again.
 */
public interface RowPredicate {
  /** The top-level column read: string or bytes, possibly nullable. */
  String column();

  /** Whether a row whose value is {@code bytes[offset, offset + length)} passes (UTF-8 for strings). */
  boolean test(byte[] bytes, int offset, int length);

  /** Whether a row whose value is null passes; no, by default, as for SQL's WHERE. */
  default boolean testNull() { return false; }
}
