package dev.cif.hive;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.SerDeStats;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.io.Writable;

/**
 * The SerDe of {@code STORED AS CIF}. Reading: deserialize hands Hive the reader's lazy record as
 * the row; {@link CifRowObjectInspector} decodes a column only when asked. Writing: serialize
 * hands on the row with its inspector, whose fields {@link CifHiveOutputFormat} appends to cif-core's
 * column writers. Columns live in the metastore (ALTER TABLE works).
 */
public class CifSerDe extends AbstractSerDe {
  private Schema schema;
  private CifRowObjectInspector inspector;
  private final CifRecordWritable out = new CifRecordWritable();
  // One for the SerDe's life: Hive's file sink asks for it after every row it writes (a new one per row was
  // 7% of the bytes a CIF load of SSB lineorder allocated on the cluster, docs/write-path.md).
  private final SerDeStats stats = new SerDeStats();

  @Override
  public void initialize(Configuration conf, Properties table, Properties partition) throws SerDeException {
    super.initialize(conf, table, partition);
    TableSettings.check(properties);
    try {
      schema = tableSchema(properties, getColumnNames(), getColumnTypes());
      inspector = new CifRowObjectInspector(getColumnNames(), getColumnTypes(), getColumnComments(), schema);
    } catch (IllegalArgumentException e) {
      throw new SerDeException(e.getMessage(), e);
    }
  }

  /** The CIF schema of a table; the output format derives the same one from the same properties. */
  static Schema tableSchema(Properties props, List<String> names, List<TypeInfo> types) {
    String name = props.getProperty(org.apache.hadoop.hive.metastore.api.hive_metastoreConstants.META_TABLE_NAME, "row");
    return HiveTypeMapping.tableSchema(name.substring(name.lastIndexOf('.') + 1), names, types);
  }

  @Override public Class<? extends Writable> getSerializedClass() { return CifRecordWritable.class; }

  /**
   * Hands the row and its inspector to the record writer as they are: {@link CifHiveOutputFormat} appends
   * the row's fields straight to the column writers ({@link HiveRowAppender}), with no record in between.
   * Hive calls the record writer with this Writable before it serializes the next row (as OrcSerde's row).
   */
  @Override
  public Writable serialize(Object row, ObjectInspector oi) throws SerDeException {
    if (!(oi instanceof StructObjectInspector)) throw new SerDeException("a CIF row is a struct, not " + oi.getTypeName());
    return out.setRow(row, (StructObjectInspector) oi);
  }

  @Override
  public Object deserialize(Writable blob) {
    // The reader's lazy record is the row: CifRowObjectInspector decodes a column when Hive asks.
    return ((CifRecordWritable) blob).record();
  }

  @Override public ObjectInspector getObjectInspector() { return inspector; }

  /** Hive's raw data size is not estimated (0); numRows, numFiles and totalSize are Hive's own. */
  @Override public SerDeStats getSerDeStats() { return stats; }

  @Override public boolean shouldStoreFieldsInMetastore(Map<String, String> tableParams) { return true; }
}
