package dev.cif.spark;

import dev.cif.conf.CifConf;
import dev.cif.pushdown.MapKeys;
import dev.cif.pushdown.Predicate;
import dev.cif.pushdown.Unknown;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructType;

/**
 * Builds a {@link CifScan}: the columns (and struct fields) the query reads, and the filters Spark
 * pushes, translated into one cif-core predicate ({@link FilterTranslation}). CIF passes over blocks
 * and split-directories but does not filter rows, so every filter is handed back to Spark to apply
 * after the scan; those of which some part was translated are reported as pushed. The filters' parts on
 * partition columns prune partition directories ({@link PartitionPruning}).
 */
final class CifScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownV2Filters {
  private final CifTable table;
  private final Map<String, String> options;
  private final HadoopConf conf;
  private final Schema readerSchema;
  private StructType required;
  private final List<org.apache.spark.sql.connector.expressions.filter.Predicate> pushed = new ArrayList<>();
  private final List<Predicate> translated = new ArrayList<>();
  /** The filters' parts on partition columns, judged against each partition directory's values. */
  private final List<Predicate> onPartitions = new ArrayList<>();

  CifScanBuilder(CifTable table, Map<String, String> options) {
    this.table = table;
    this.options = options;
    this.conf = HadoopConf.of(options);
    this.readerSchema = table.readerSchema(conf);
    this.required = table.schema();
  }

  @Override
  public void pruneColumns(StructType requiredSchema) { required = requiredSchema; }

  @Override
  public org.apache.spark.sql.connector.expressions.filter.Predicate[] pushPredicates(
      org.apache.spark.sql.connector.expressions.filter.Predicate[] predicates) {
    FilterTranslation t = new FilterTranslation(readerSchema);
    FilterTranslation partitions = PartitionPruning.translation(table.partitionSchema());
    for (org.apache.spark.sql.connector.expressions.filter.Predicate p : predicates) {
      Predicate c = t.of(p);
      Predicate onPartition = partitions == null ? Predicate.unknown() : partitions.of(p);
      if (!(c instanceof Unknown)) translated.add(c);
      if (!(onPartition instanceof Unknown)) onPartitions.add(onPartition);
      if (!(c instanceof Unknown) || !(onPartition instanceof Unknown)) pushed.add(p);
    }
    return predicates;
  }

  @Override
  public org.apache.spark.sql.connector.expressions.filter.Predicate[] pushedPredicates() {
    return pushed.toArray(new org.apache.spark.sql.connector.expressions.filter.Predicate[0]);
  }

  @Override
  public Scan build() {
    Predicate p = translated.isEmpty() ? null : translated.size() == 1 ? translated.get(0) : Predicate.and(translated);
    Predicate partitions = onPartitions.isEmpty() ? null : Predicate.and(onPartitions);
    // Map keys the PushMapKeys rule put in the relation's options (or a user in the read's).
    MapKeys mapKeys = MapKeys.decode(CifConf.MAP_KEYS.getString(conf.get()));
    return new CifScan(table, conf, readerSchema, required, p, partitions, mapKeys, pushedPredicates(), options);
  }
}
