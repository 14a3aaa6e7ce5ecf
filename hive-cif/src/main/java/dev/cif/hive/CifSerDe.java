package dev.cif.hive;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.SerDeStats;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.io.Writable;

/**
 * The SerDe of {@code STORED AS CIF}. Reading: deserialize hands Hive the reader's lazy record as
 * the row; {@link CifRowObjectInspector} decodes a column only when asked. Writing: serialize
 * converts a row to an Avro record of the table's CIF schema, which {@link CifHiveOutputFormat}
 * passes to cif-core's split-directory writer. Columns live in the metastore (ALTER TABLE works).
 */
public class CifSerDe extends AbstractSerDe {
  private Schema schema;
  private CifRowObjectInspector inspector;
  private final CifRecordWritable out = new CifRecordWritable();
  private ObjectInspector lastWriteInspector;
  private List<? extends StructField> writeFields;
  private Function<Object, Object>[] writeConverters;
  private GenericData.Record writeRecord;

  @Override
  public void initialize(Configuration conf, Properties table, Properties partition) throws SerDeException {
    super.initialize(conf, table, partition);
    TableSettings.check(properties);
    try {
      schema = tableSchema(properties, getColumnNames(), getColumnTypes());
      writeRecord = null;
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

  @Override
  @SuppressWarnings("unchecked")
  public Writable serialize(Object row, ObjectInspector oi) throws SerDeException {
    if (oi != lastWriteInspector) {
      StructObjectInspector soi = (StructObjectInspector) oi;
      writeFields = soi.getAllStructFieldRefs();
      if (writeFields.size() != schema.getFields().size()) {
        throw new SerDeException("row has " + writeFields.size() + " fields, table " + schema.getFields().size());
      }
      writeConverters = new Function[writeFields.size()];
      for (int i = 0; i < writeConverters.length; i++) {
        writeConverters[i] = HiveToCif.forInspector(writeFields.get(i).getFieldObjectInspector(), schema.getFields().get(i).schema());
      }
      lastWriteInspector = oi;
    }
    StructObjectInspector soi = (StructObjectInspector) oi;
    // One record for every row, each field overwritten: Hive hands the Writable to the record writer, which
    // has consumed it (cif-core keeps no top-level record) before the next row is serialized, as OrcSerde
    // reuses its row object.
    if (writeRecord == null) writeRecord = new GenericData.Record(schema);
    for (int i = 0; i < writeConverters.length; i++) {
      writeRecord.put(i, writeConverters[i].apply(soi.getStructFieldData(row, writeFields.get(i))));
    }
    return out.set(writeRecord);
  }

  @Override
  public Object deserialize(Writable blob) {
    // The reader's lazy record is the row: CifRowObjectInspector decodes a column when Hive asks.
    return ((CifRecordWritable) blob).record();
  }

  @Override public ObjectInspector getObjectInspector() { return inspector; }

  /** Hive's raw data size is not estimated (0); numRows, numFiles and totalSize are Hive's own. */
  @Override public SerDeStats getSerDeStats() { return new SerDeStats(); }

  @Override public boolean shouldStoreFieldsInMetastore(Map<String, String> tableParams) { return true; }
}
