package dev.cif.bench.peers;

import dev.cif.bench.data.Dataset;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.InputFormatScan;
import dev.cif.bench.harness.OldApiInputFormat;
import dev.cif.bench.harness.RecordScan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.io.RCFile;
import org.apache.hadoop.hive.ql.io.RCFileInputFormat;
import org.apache.hadoop.hive.ql.io.RCFileOutputFormat;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.columnar.BytesRefArrayWritable;
import org.apache.hadoop.hive.serde2.columnar.LazyBinaryColumnarSerDe;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorUtils;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorUtils.ObjectInspectorCopyOption;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.Job;

/**
 * RCFile as Hive writes it: rows serialized by {@link LazyBinaryColumnarSerDe} (Hive's default RCFile
 * SerDe) into {@link RCFile.Writer} with the default 4 MB row groups; read with Hive's
 * {@link RCFileInputFormat} (old API, through {@link OldApiInputFormat}) and the projection set with
 * {@link ColumnProjectionUtils}, then the SerDe's lazy struct, field by field through its
 * ObjectInspectors, as a Hive operator would. {@code rcfile}: uncompressed (Hive's default);
 * {@code rcfile-zlib}: {@link DefaultCodec} (zlib) per column per row group.
 */
public final class RcFileFormat implements FormatUnderTest {

  private final String name;
  private final boolean compressed;

  RcFileFormat(String name, boolean compressed) {
    this.name = name;
    this.compressed = compressed;
  }

  static List<FormatUnderTest> variants() {
    return List.of(new RcFileFormat("rcfile", false), new RcFileFormat("rcfile-zlib", true));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void write(Dataset data, FileSystem fs, Path dir) throws IOException {
    Schema schema = data.schema();
    List<Schema.Field> fields = schema.getFields();
    Configuration conf = new Configuration(fs.getConf());
    RCFileOutputFormat.setColumnNumber(conf, fields.size());
    LazyBinaryColumnarSerDe serde = serde(conf, schema);
    ObjectInspector inspector = TypeInfoUtils.getStandardWritableObjectInspectorFromTypeInfo(
        TypeInfoUtils.getTypeInfoFromTypeString(HiveTypes.of(schema)));
    CompressionCodec codec = null;
    if (compressed) {
      DefaultCodec zlib = new DefaultCodec();
      zlib.setConf(conf);
      codec = zlib;
    }
    RCFile.Writer writer = new RCFile.Writer(fs, conf, new Path(dir, "part-00000.rc"), null, codec);
    try {
      List<Object> row = new ArrayList<>(fields.size());
      for (GenericRecord record : data.records()) {
        row.clear();
        for (int i = 0; i < fields.size(); i++) {
          row.add(WritableValues.toWritable(fields.get(i).schema(), record.get(i), WritableValues.PLAIN));
        }
        writer.append(serde.serialize(row, inspector));
      }
    } catch (SerDeException e) {
      throw new IOException(e);
    } finally {
      writer.close();
    }
  }

  @Override
  public RecordScan openScan(FileSystem fs, Path dir, Schema schema, List<String> projection)
      throws IOException {
    JobConf conf = new JobConf(fs.getConf());
    FileInputFormat.setInputPaths(conf, fs.makeQualified(dir));
    ColumnProjectionUtils.appendReadColumns(conf, AvroProjection.positions(schema, projection));
    LazyBinaryColumnarSerDe serde = serde(conf, schema);
    StructObjectInspector inspector;
    try {
      inspector = (StructObjectInspector) serde.getObjectInspector();
    } catch (SerDeException e) {
      throw new IOException(e);
    }
    List<? extends StructField> structFields = inspector.getAllStructFieldRefs();
    List<Schema.Field> fields = schema.getFields();
    ConvertedRecord<Object> record = new ConvertedRecord<>(schema, (row, i) -> {
      StructField field = structFields.get(i);
      Object writable = ObjectInspectorUtils.copyToStandardObject(inspector.getStructFieldData(row, field),
          field.getFieldObjectInspector(), ObjectInspectorCopyOption.WRITABLE);
      return WritableValues.toAvro(fields.get(i).schema(), writable);
    });
    return new InputFormatScan<>(
        new OldApiInputFormat<LongWritable, BytesRefArrayWritable>(new RCFileInputFormat<>()),
        Job.getInstance(conf), (BytesRefArrayWritable value) -> {
          try {
            return record.reset(serde.deserialize(value));
          } catch (SerDeException e) {
            throw new IOException(e);
          }
        });
  }

  private static LazyBinaryColumnarSerDe serde(Configuration conf, Schema schema) throws IOException {
    LazyBinaryColumnarSerDe serde = new LazyBinaryColumnarSerDe();
    try {
      serde.initialize(conf, HiveTypes.tableProperties(schema), null);
    } catch (SerDeException e) {
      throw new IOException(e);
    }
    return serde;
  }

  @Override
  public String toString() {
    return name;
  }
}
