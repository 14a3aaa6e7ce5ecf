package dev.cif.spark;

import dev.cif.Cif;
import dev.cif.ReadOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code format("cif")}: CIF datasets as Spark tables (a DataSource V2 {@link TableProvider}, registered
 * under the short name {@value #SHORT_NAME}). The option {@code path} names the table's directory; its
 * schema is the CIF schema of its first split-directory (SparkTypeMapping), followed by the
 * partition columns its Hive-style {@code k=v} directories name. A schema given by the caller or a
 * catalog is taken as it is.
 */
public final class CifDataSource implements TableProvider, DataSourceRegister {
  public static final String SHORT_NAME = "cif";
  /**
   * The last path's inferred schema and partitioning: Spark asks one provider for inferSchema, then
   * inferPartitioning, of one load(path); both come from one listing.
   */
  private String inferredPath;
  private Inferred inferred;

  @Override
  public String shortName() { return SHORT_NAME; }

  @Override
  public boolean supportsExternalMetadata() { return true; }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    Inferred t = inferOnce(options);
    List<StructField> fields = new ArrayList<>(List.of(SparkTypeMapping.toSpark(t.data).fields()));
    for (Map.Entry<String, DataType> e : t.partitions.entrySet()) {
      fields.add(new StructField(e.getKey(), e.getValue(), true, Metadata.empty()));
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  /** The partition columns of the k=v directories under the path; none when there is no path or nothing under it yet (a new table). */
  @Override
  public synchronized Transform[] inferPartitioning(CaseInsensitiveStringMap options) {
    String path = path(options);
    if (path == null) return new Transform[0];
    if (path.equals(inferredPath)) return inferred.partitions.keySet().stream().map(Expressions::identity).toArray(Transform[]::new);
    try {
      Path table = tablePath(options);
      List<PartitionDirectories.Leaf> leaves = PartitionDirectories.list(table.getFileSystem(HadoopConf.of(options).get()), table);
      return partitionTypes(leaves).keySet().stream().map(Expressions::identity).toArray(Transform[]::new);
    } catch (IOException e) {
      throw new UncheckedIOException("CIF: cannot list " + options.get("path") + ": " + e.getMessage(), e);
    }
  }

  private synchronized Inferred inferOnce(CaseInsensitiveStringMap options) {
    String path = path(options);
    if (path == null || !path.equals(inferredPath)) {
      inferred = infer(options);
      inferredPath = path;
    }
    return inferred;
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    List<String> partitionColumns = new ArrayList<>();
    for (Transform t : partitioning) {
      if (!"identity".equals(t.name()) || t.references().length != 1 || t.references()[0].fieldNames().length != 1) {
        throw new IllegalArgumentException("CIF tables are partitioned by columns (Hive-style k=v directories), not by " + t.describe());
      }
      partitionColumns.add(t.references()[0].fieldNames()[0]);
    }
    String path = path(properties);
    Schema files;
    synchronized (this) {
      files = path != null && path.equals(inferredPath) ? inferred.data : null; // the listing inferSchema made
    }
    return new CifTable(path == null ? null : new Path(path), schema, partitionColumns, properties, files);
  }

  /** The option path, or null. */
  private static String path(Map<String, String> options) {
    String path = null;
    for (Map.Entry<String, String> e : options.entrySet()) if (e.getKey().equalsIgnoreCase("path")) path = e.getValue();
    return path == null || path.isEmpty() ? null : path;
  }

  static Path tablePath(Map<String, String> options) {
    String path = path(options);
    if (path == null) throw new IllegalArgumentException("CIF: no path (load(path) / save(path) / LOCATION)");
    return new Path(path);
  }

  /** A table's data schema as its files record it, and its partition columns with their inferred types. */
  record Inferred(Schema data, LinkedHashMap<String, DataType> partitions) {}

  /** The schema of the first split-directory of the first leaf that has one, or null. */
  static Schema firstSchema(FileSystem fs, List<PartitionDirectories.Leaf> leaves) throws IOException {
    for (PartitionDirectories.Leaf leaf : leaves) {
      List<Path> dirs = Cif.splitDirectories(fs, leaf.dir());
      if (!dirs.isEmpty()) return Cif.createReader(fs, dirs.get(0), new ReadOptions()).schema();
    }
    return null;
  }

  static Inferred infer(Map<String, String> options) {
    Path table = tablePath(options);
    try {
      Configuration conf = HadoopConf.of(options).get();
      FileSystem fs = table.getFileSystem(conf);
      List<PartitionDirectories.Leaf> leaves = PartitionDirectories.list(fs, table);
      Schema data = firstSchema(fs, leaves);
      if (data == null) {
        throw new IllegalArgumentException("CIF: no split-directory under " + table + " to take the schema from; give one (.schema(...))");
      }
      return new Inferred(data, partitionTypes(leaves));
    } catch (IOException e) {
      throw new UncheckedIOException("CIF: cannot read the schema of " + table + ": " + e.getMessage(), e);
    }
  }

  /** The partition columns the leaves' directories name, with the types their values suggest. */
  private static LinkedHashMap<String, DataType> partitionTypes(List<PartitionDirectories.Leaf> leaves) throws IOException {
    LinkedHashMap<String, DataType> partitions = new LinkedHashMap<>();
    if (leaves.isEmpty()) return partitions;
    for (String k : leaves.get(0).values().keySet()) {
      List<String> values = new ArrayList<>();
      for (PartitionDirectories.Leaf leaf : leaves) {
        if (!leaf.values().containsKey(k)) throw new IOException("CIF: " + leaf.dir() + " lacks partition column " + k);
        values.add(leaf.values().get(k));
      }
      partitions.put(k, PartitionValues.inferType(values));
    }
    return partitions;
  }
}
