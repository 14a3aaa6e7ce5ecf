package dev.cif.testing.rows;

import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * A deterministic source of Avro rows: row {@code i} depends only on the generator's seed and {@code i}.
 *
 * <p>Because no state is carried from one row to the next, any row range can be produced independently
 * (for example by parallel writers), and {@code rows(0, n)} equals {@code rows(0, k)} followed by
 * {@code rows(k, n)}. Implementations must be immutable and thread-safe.
 */
public interface RowGenerator {

  /** A short name for file names and reports, e.g. {@code crawl} or {@code synthetic}. */
  String name();

  Schema schema();

  /** The seed that, with the row index, determines every row. */
  long seed();

  /** Builds row {@code index}; a fresh record every call so callers may keep it. */
  GenericRecord row(long index);

  /** Rows {@code [from, to)} in index order. */
  default Iterable<GenericRecord> rows(long from, long to) {
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("bad row range [" + from + ", " + to + ")");
    }
    return () -> new Iterator<>() {
      private long next = from;

      @Override
      public boolean hasNext() {
        return next < to;
      }

      @Override
      public GenericRecord next() {
        if (next >= to) {
          throw new NoSuchElementException();
        }
        return row(next++);
      }
    };
  }

  /** The first {@code n} rows, i.e. {@code rows(0, n)}. */
  default Iterable<GenericRecord> firstRows(long n) {
    return rows(0, n);
  }
}
