package dev.cif.spark;

import java.util.Map;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;

/** Builds a {@link CifBatchWrite}: an append, or after {@link #truncate} (SaveMode.Overwrite) a replacement of the whole table. */
final class CifWriteBuilder implements WriteBuilder, SupportsTruncate {
  private final CifTable table;
  private final LogicalWriteInfo info;
  private final Map<String, String> options;
  private boolean truncate;

  CifWriteBuilder(CifTable table, LogicalWriteInfo info, Map<String, String> options) {
    this.table = table;
    this.info = info;
    this.options = options;
  }

  @Override
  public WriteBuilder truncate() {
    truncate = true;
    return this;
  }

  @Override
  public Write build() {
    boolean overwrite = truncate;
    return new Write() {
      @Override
      public String description() { return "CIF " + (overwrite ? "overwrite of " : "append to ") + table.path(); }

      @Override
      public BatchWrite toBatch() {
        return new CifBatchWrite(table.path(), HadoopConf.of(options), info.queryId(), info.schema(), table.partitionColumns(), overwrite);
      }
    };
  }
}
