package dev.cif.bench.peers;

import dev.cif.bench.harness.RowFilter;
import java.io.Serializable;
import java.nio.ByteBuffer;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.Statistics;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.io.api.Binary;

/**
 * A job's row predicate as a Parquet filter2 user-defined predicate on its string column, set with
 * {@link ParquetInputFormat#setFilterPredicate}. Parquet then skips records that fail (record-level
 * filtering, on by default) instead of handing them to the job; it cannot drop row groups or pages by
 * statistics, since a substring or bucket test says nothing about min/max (and the generated predicate
 * columns are spread uniformly, so no comparison could either).
 */
final class ParquetRowFilter extends UserDefinedPredicate<Binary> implements Serializable {

  private static final long serialVersionUID = 1L;
  private final RowFilter filter;

  private ParquetRowFilter(RowFilter filter) {
    this.filter = filter;
  }

  static void install(Configuration conf, RowFilter filter) {
    ParquetInputFormat.setFilterPredicate(conf,
        FilterApi.userDefined(FilterApi.binaryColumn(filter.column()), new ParquetRowFilter(filter)));
    // Record-level filtering (the default) is what applies a predicate no statistics can judge.
    conf.setBoolean(ParquetInputFormat.RECORD_FILTERING_ENABLED, true);
  }

  @Override
  public boolean keep(Binary value) {
    if (value == null) {
      return false;
    }
    ByteBuffer bytes = value.toByteBuffer();
    if (bytes.hasArray()) {
      return filter.test(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
    }
    byte[] copy = value.getBytes();
    return filter.test(copy, 0, copy.length);
  }

  @Override
  public boolean canDrop(Statistics<Binary> statistics) {
    return false;
  }

  @Override
  public boolean inverseCanDrop(Statistics<Binary> statistics) {
    return false;
  }

  @Override
  public String toString() {
    return filter.toString();
  }
}
