package dev.cif.bench.peers;

import dev.cif.bench.data.Dataset;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.InputFormatScan;
import dev.cif.bench.harness.RecordScan;
import dev.cif.bench.harness.RowFilter;
import java.io.IOException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.apache.orc.mapred.OrcList;
import org.apache.orc.mapred.OrcMap;
import org.apache.orc.mapred.OrcStruct;
import org.apache.orc.mapreduce.OrcInputFormat;
import org.apache.orc.mapreduce.OrcMapreduceRecordWriter;

/**
 * ORC through orc-mapreduce: written with {@link OrcMapreduceRecordWriter} (what {@code OrcOutputFormat}
 * hands a MapReduce job) with ORC's default stripe, row-index and dictionary settings, read with
 * {@link OrcInputFormat} and the job's columns pushed down as {@code orc.include.columns}, so only their
 * streams are read. {@code orc} uses the library's default codec, {@code orc-zlib} zlib (ORC's smallest
 * in our measurements of this data besides zstd, which is the 2.x default). Both apply a job's row
 * predicate with ORC's row filter ({@link OrcRowFilter}); {@code orc-nofilter} is {@code orc} without
 * it, to show what the filter buys.
 */
public final class OrcFormat extends FilteringPeerFormat {

  private final CompressionKind codec;

  OrcFormat(String name, CompressionKind codec, boolean rowFilter) {
    super(name, "orc", rowFilter);
    this.codec = codec;
  }

  /** {@code orc}: the library default (ZSTD in ORC 2.x); {@code orc-zlib}: ORC 1.x's default. */
  static List<FormatUnderTest> variants() {
    CompressionKind libraryDefault = CompressionKind.valueOf(OrcConf.COMPRESS.getDefaultValue().toString());
    return List.of(
        new OrcFormat("orc", libraryDefault, true),
        new OrcFormat("orc-zlib", CompressionKind.ZLIB, true),
        new OrcFormat("orc-nofilter", libraryDefault, false));
  }

  @Override
  public void write(Dataset data, FileSystem fs, Path dir) throws IOException {
    Schema schema = data.schema();
    TypeDescription type = OrcTypes.of(schema);
    Writer writer = OrcFile.createWriter(new Path(dir, "part-00000.orc"),
        OrcFile.writerOptions(fs.getConf()).fileSystem(fs).setSchema(type).compress(codec));
    OrcMapreduceRecordWriter<OrcStruct> records = new OrcMapreduceRecordWriter<>(writer);
    OrcStruct row = (OrcStruct) OrcStruct.createValue(type);
    WritableValues.Containers containers = new OrcContainers();
    List<Schema.Field> fields = schema.getFields();
    for (GenericRecord record : data.records()) {
      for (int i = 0; i < fields.size(); i++) {
        row.setFieldValue(i, (org.apache.hadoop.io.WritableComparable<?>)
            WritableValues.toWritable(fields.get(i).schema(), record.get(i), containers));
      }
      records.write(NullWritable.get(), row);
    }
    records.close(null);
  }

  @Override
  void installRowFilter(Configuration job, RowFilter filter) {
    OrcRowFilter.install(job, filter);
  }

  @Override
  RecordScan scan(Job job, Schema schema, List<String> projection) throws IOException {
    OrcConf.INCLUDE_COLUMNS.setString(job.getConfiguration(), AvroProjection.positions(schema, projection)
        .stream().map(String::valueOf).collect(Collectors.joining(",")));
    List<Schema.Field> fields = schema.getFields();
    ConvertedRecord<OrcStruct> record = new ConvertedRecord<>(schema,
        (row, i) -> WritableValues.toAvro(fields.get(i).schema(), row.getFieldValue(i)));
    return new InputFormatScan<>(new OrcInputFormat<OrcStruct>(), job, record::reset);
  }

  /** ORC's own map and list values, typed by the ORC type of their Avro schema. */
  private static final class OrcContainers implements WritableValues.Containers {
    private final Map<Schema, TypeDescription> types = new IdentityHashMap<>();

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Map<Object, Object> newMap(Schema mapSchema) {
      return (Map) new OrcMap<>(types.computeIfAbsent(mapSchema, OrcTypes::of));
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public List<Object> newList(Schema arraySchema) {
      return (List) new OrcList<>(types.computeIfAbsent(arraySchema, OrcTypes::of));
    }
  }
}
