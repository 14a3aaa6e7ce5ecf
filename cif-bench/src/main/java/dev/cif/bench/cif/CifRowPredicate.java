package dev.cif.bench.cif;

import dev.cif.bench.harness.RowFilter;
import dev.cif.bench.harness.RowFilterConf;
import dev.cif.record.RowPredicate;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;

/**
 * The benchmark job's {@link RowFilter} as CIF's row predicate, installed the way a MapReduce job would:
 * {@code ColumnInputFormat.setRowPredicate} names this class, and each reader makes one from the job
 * configuration, which carries the filter ({@link RowFilterConf}; ORC's and Parquet's filters are carried
 * the same way). CIF then tests the filter column's bytes in the block buffer and hands out only the
 * rows that pass, the courtesy ORC's row filter and Parquet's filter2 get.
 */
public final class CifRowPredicate implements RowPredicate, Configurable {
  private Configuration conf;
  private RowFilter filter;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.filter = RowFilterConf.get(conf)
        .orElseThrow(() -> new IllegalArgumentException("the job configuration carries no row filter (" + RowFilterConf.KEY + ")"));
  }

  @Override
  public Configuration getConf() { return conf; }

  @Override
  public String column() { return filter.column(); }

  @Override
  public boolean test(byte[] bytes, int offset, int length) { return filter.test(bytes, offset, length); }
}
