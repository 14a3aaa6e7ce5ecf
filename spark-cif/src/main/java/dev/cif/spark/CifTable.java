package dev.cif.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A CIF table: a directory of split-directories, or of Hive-style {@code k=v} partition directories of
 * them. Its schema's data columns are CIF columns; its partition columns are the directories' names.
 */
final class CifTable implements SupportsRead, SupportsWrite {
  private final Path path;
  private final StructType schema;
  private final List<String> partitionColumns;
  private final Map<String, String> options;
  /**
   * The reader schema, made once per table: Spark builds several scans of one table while it plans a query
   * (V2ScanRelationPushDown for each reference, again after an optimizer rule changes the relation's options),
   * and each would otherwise list the table and open a schema file again. A catalog table is resolved afresh
   * for each query, and a DataFrame keeps its table (its schema with it) as Spark's file sources keep theirs.
   */
  private Schema readerSchema;
  private final Schema filesSchema;

  /**
   * @param path the table's directory; null for a table a catalog is creating (it has no location yet)
   * @param filesSchema the schema of its first split-directory when the caller has just read it, else null
   */
  CifTable(Path path, StructType schema, List<String> partitionColumns, Map<String, String> options, Schema filesSchema) {
    this.filesSchema = filesSchema;
    this.path = path;
    this.schema = schema;
    this.partitionColumns = List.copyOf(partitionColumns);
    this.options = Map.copyOf(options);
    for (String c : partitionColumns) {
      if (!List.of(schema.fieldNames()).contains(c)) throw new IllegalArgumentException("CIF: partition column " + c + " is not in " + schema.simpleString());
    }
  }

  @Override
  public String name() { return "cif:" + (path == null ? "(no path)" : path); }

  @Override
  public StructType schema() { return schema; }

  @Override
  public Transform[] partitioning() {
    return partitionColumns.stream().map(Expressions::identity).toArray(Transform[]::new);
  }

  @Override
  public Map<String, String> properties() { return options; }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.TRUNCATE, TableCapability.OVERWRITE_DYNAMIC);
  }

  Path path() {
    if (path == null) throw new IllegalArgumentException("CIF: table " + name() + " has no path (load(path) / save(path) / LOCATION)");
    return path;
  }

  List<String> partitionColumns() { return partitionColumns; }

  /** The schema without the partition columns. */
  StructType dataSchema() {
    List<StructField> fields = new ArrayList<>();
    for (StructField f : schema.fields()) if (!partitionColumns.contains(f.name())) fields.add(f);
    return new StructType(fields.toArray(new StructField[0]));
  }

  /** The partition columns, in the table's partitioning order. */
  StructType partitionSchema() {
    List<StructField> fields = new ArrayList<>();
    for (String c : partitionColumns) fields.add(schema.apply(c));
    return new StructType(fields.toArray(new StructField[0]));
  }

  /**
   * The CIF schema reads resolve against: the data columns in the table's order, each as the first
   * split-directory's schema has it (so Hive's char, varchar and key types survive), and as the Spark
   * type maps to CIF where no split-directory has the column yet (it reads null).
   */
  synchronized Schema readerSchema(HadoopConf conf) {
    if (readerSchema != null) return readerSchema;
    Schema files = filesSchema != null ? filesSchema : firstSchema(conf);
    Schema mapped = SparkTypeMapping.toCif(dataSchema());
    if (files == null) return mapped; // not kept: the table's first write may be under way
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : mapped.getFields()) {
      Schema.Field have = files.getField(f.name());
      fields.add(have != null ? new Schema.Field(have, have.schema()) : new Schema.Field(f, f.schema()));
    }
    readerSchema = Schema.createRecord(files.getName(), null, files.getNamespace(), false, fields);
    return readerSchema;
  }

  /** The schema of the first split-directory under the table, or null if it has none yet. */
  private Schema firstSchema(HadoopConf conf) {
    try {
      FileSystem fs = path().getFileSystem(conf.get());
      return CifDataSource.firstSchema(fs, PartitionDirectories.list(fs, path()));
    } catch (IOException e) {
      throw new UncheckedIOException("CIF: cannot read the schema of " + path + ": " + e.getMessage(), e);
    }
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
    return new CifScanBuilder(this, merged(scanOptions));
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return new CifWriteBuilder(this, info, merged(info.options()));
  }

  private Map<String, String> merged(CaseInsensitiveStringMap more) {
    Map<String, String> m = new java.util.HashMap<>(options);
    m.putAll(more.asCaseSensitiveMap());
    return m;
  }
}
