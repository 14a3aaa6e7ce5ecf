package dev.cif.spark;

import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsDynamicOverwrite;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.internal.SQLConf;

/**
 * Builds a {@link CifBatchWrite}: an append; after {@link #truncate} (SaveMode.Overwrite, INSERT OVERWRITE) a
 * replacement of the whole table, or of the partitions the write produces when the partition overwrite
 * mode is dynamic; after {@link #overwriteDynamicPartitions} (what Spark's analyzer asks of a catalog
 * table in dynamic mode) a replacement of those partitions.
 */
final class CifWriteBuilder implements WriteBuilder, SupportsTruncate, SupportsDynamicOverwrite {
  /** The per-write option, as Spark's file sources name it; it overrides the session's setting. */
  static final String PARTITION_OVERWRITE_MODE = "partitionOverwriteMode";
  static final String SESSION_PARTITION_OVERWRITE_MODE = "spark.sql.sources.partitionOverwriteMode";

  private final CifTable table;
  private final LogicalWriteInfo info;
  private final Map<String, String> options;
  private JobCommit.Mode mode = JobCommit.Mode.APPEND;

  CifWriteBuilder(CifTable table, LogicalWriteInfo info, Map<String, String> options) {
    this.table = table;
    this.info = info;
    this.options = options;
  }

  @Override
  public WriteBuilder truncate() {
    // As Spark's file sources: dynamic only replaces partitions, so an unpartitioned table is replaced whole.
    mode = dynamic() && !table.partitionColumns().isEmpty() ? JobCommit.Mode.OVERWRITE_PARTITIONS : JobCommit.Mode.OVERWRITE;
    return this;
  }

  @Override
  public WriteBuilder overwriteDynamicPartitions() {
    mode = table.partitionColumns().isEmpty() ? JobCommit.Mode.OVERWRITE : JobCommit.Mode.OVERWRITE_PARTITIONS;
    return this;
  }

  /** Whether the write's option, or else the session's setting, asks for dynamic partition overwrite. */
  private boolean dynamic() {
    String value = null;
    for (Map.Entry<String, String> e : options.entrySet()) {
      if (e.getKey().equalsIgnoreCase(PARTITION_OVERWRITE_MODE)) value = e.getValue();
    }
    if (value == null) value = SQLConf.get().getConfString(SESSION_PARTITION_OVERWRITE_MODE, "static");
    switch (value.toLowerCase(Locale.ROOT)) {
      case "dynamic": return true;
      case "static": return false;
      default: throw new IllegalArgumentException("CIF: " + PARTITION_OVERWRITE_MODE + " '" + value + "' for " + table.name() + ": static or dynamic");
    }
  }

  @Override
  public Write build() {
    JobCommit.Mode m = mode;
    return new Write() {
      @Override
      public String description() {
        String what = m == JobCommit.Mode.APPEND ? "append to " : m == JobCommit.Mode.OVERWRITE ? "overwrite of " : "overwrite of the written partitions of ";
        return "CIF " + what + table.path();
      }

      @Override
      public BatchWrite toBatch() {
        return new CifBatchWrite(table.path(), HadoopConf.of(options), info.queryId(), info.schema(), table.partitionColumns(), m);
      }
    };
  }
}
