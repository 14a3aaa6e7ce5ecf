package dev.cif.bench.harness;

import dev.cif.bench.data.SelectivityBucket;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import org.apache.avro.util.Utf8;

/**
 * A job's row predicate on one string column, offered to formats that can evaluate it themselves before
 * decoding the job's other columns (ORC's row filter, Parquet's filter2). It is the job's own predicate:
 * the job applies it to every record it receives as well, so a format may ignore it, and a format that
 * uses it must drop only rows that fail it (the job's answer counts the rows that pass, so a wrongly
 * dropped row changes the answer).
 *
 * <p>Serializable because formats carry it to their readers inside the job configuration, as a
 * MapReduce job would (Parquet serializes its predicates into the configuration the same way).
 */
public interface RowFilter extends Serializable {

  /** The top-level string column the predicate reads. */
  String column();

  /** The predicate on the column's UTF-8 bytes {@code utf8[offset, offset + length)}. */
  boolean test(byte[] utf8, int offset, int length);

  /** The predicate on a value as the job sees it (Avro {@link Utf8} from most readers, else any text). */
  default boolean test(CharSequence value) {
    if (value instanceof Utf8 utf8) {
      return test(utf8.getBytes(), 0, utf8.getByteLength());
    }
    byte[] bytes = value.toString().getBytes(StandardCharsets.UTF_8);
    return test(bytes, 0, bytes.length);
  }

  /** {@code column} contains {@code needle} (the Figure 1 / Table 1 job's {@code url LIKE '%ibm.com/jp%'}). */
  record Contains(String column, Utf8Text.Needle needle) implements RowFilter {

    public Contains(String column, String needle) {
      this(column, new Utf8Text.Needle(needle.getBytes(StandardCharsets.UTF_8)));
    }

    @Override
    public boolean test(byte[] utf8, int offset, int length) {
      return needle.indexIn(utf8, offset, length) >= 0;
    }

    @Override
    public String toString() {
      return column + " contains '" + needle + "'";
    }
  }

  /** The value's selectivity bucket is below {@code percent} ({@link SelectivityBucket}, Figure 10). */
  record BucketBelow(String column, int percent) implements RowFilter {

    @Override
    public boolean test(byte[] utf8, int offset, int length) {
      return length >= 2 && SelectivityBucket.read(utf8, offset) < percent;
    }
  }
}
