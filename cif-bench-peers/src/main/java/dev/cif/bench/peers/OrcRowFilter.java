package dev.cif.bench.peers;

import dev.cif.bench.harness.RowFilter;
import dev.cif.bench.harness.RowFilterConf;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFilterContext;
import org.apache.orc.filter.BatchFilter;
import org.apache.orc.filter.PluginFilterService;

/**
 * ORC's row filter for the benchmarks' jobs, installed the way ORC lets a MapReduce job install one: a
 * {@link PluginFilterService} (registered in {@code META-INF/services}) that ORC's record reader asks for
 * a filter when {@code orc.filter.plugin} is true. ORC then reads the filter column of each batch first,
 * calls the filter, and decodes the other selected columns only for the rows it kept (lazy
 * materialization, ORC-577; {@code OrcInputFormat} sets {@code useSelected}), which is what CIF's
 * LazyRecord does for the rows a job's filter rejects.
 */
public final class OrcRowFilter implements PluginFilterService {

  /** Sets the job configuration so that ORC readers apply {@code filter}. */
  static void install(Configuration conf, RowFilter filter) {
    RowFilterConf.set(conf, filter);
    OrcConf.ALLOW_PLUGIN_FILTER.setBoolean(conf, true);
    // Lazy materialization: decode the other columns only for the rows the filter selected (ORC-577).
    OrcConf.READER_USE_SELECTED.setBoolean(conf, true);
  }

  @Override
  public BatchFilter getFilter(String filePath, Configuration conf) {
    return RowFilterConf.get(conf).map(Batch::new).orElse(null);
  }

  /** The filter over one batch: keeps the selected rows whose column value passes. */
  private static final class Batch implements BatchFilter {
    private final RowFilter filter;
    private final String[] columns;

    Batch(RowFilter filter) {
      this.filter = filter;
      this.columns = new String[] {filter.column()};
    }

    @Override
    public String[] getColumnNames() {
      return columns;
    }

    @Override
    public void accept(OrcFilterContext batch) {
      ColumnVector[] path = batch.findColumnVector(filter.column());
      BytesColumnVector values = (BytesColumnVector) path[path.length - 1];
      int size = batch.getSelectedSize();
      boolean inUse = batch.isSelectedInUse();
      // Rows already deselected stay out; survivors are compacted to the front in row order.
      int[] selected = inUse ? batch.getSelected() : batch.updateSelected(size);
      int kept = 0;
      for (int i = 0; i < size; i++) {
        int row = inUse ? selected[i] : i;
        int at = values.isRepeating ? 0 : row;
        if ((values.noNulls || !values.isNull[at])
            && filter.test(values.vector[at], values.start[at], values.length[at])) {
          selected[kept++] = row;
        }
      }
      batch.setSelectedInUse(true);
      batch.setSelected(selected);
      batch.setSelectedSize(kept);
    }
  }
}
