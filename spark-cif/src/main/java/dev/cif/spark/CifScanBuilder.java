package dev.cif.spark;

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
 * after the scan; those of which some part was translated are reported as pushed.
 */
final class CifScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownV2Filters {
  private final CifTable table;
  private final Map<String, String> options;
  private final HadoopConf conf;
  private final Schema readerSchema;
  private StructType required;
  private final List<org.apache.spark.sql.connector.expressions.filter.Predicate> pushed = new ArrayList<>();
  private final List<Predicate> translated = new ArrayList<>();

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
    for (org.apache.spark.sql.connector.expressions.filter.Predicate p : predicates) {
      Predicate c = t.of(p);
      if (!(c instanceof Unknown)) {
        pushed.add(p);
        translated.add(c);
      }
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
    return new CifScan(table, conf, readerSchema, required, p, pushedPredicates(), options);
  }
}
