package dev.cif.pig;

import dev.cif.Cif;
import dev.cif.CifReader;
import dev.cif.ReadOptions;
import dev.cif.conf.CifConf;
import dev.cif.mapreduce.ColumnInputFormat;
import dev.cif.pushdown.SerializedPredicate;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.pig.Expression;
import org.apache.pig.LoadFunc;
import org.apache.pig.LoadMetadata;
import org.apache.pig.LoadPredicatePushdown;
import org.apache.pig.LoadPushDown;
import org.apache.pig.ResourceSchema;
import org.apache.pig.ResourceStatistics;
import org.apache.pig.backend.hadoop.executionengine.mapReduceLayer.PigSplit;
import org.apache.pig.data.Tuple;
import org.apache.pig.impl.logicalLayer.FrontendException;
import org.apache.pig.impl.util.ObjectSerializer;
import org.apache.pig.impl.util.UDFContext;
import org.apache.pig.tools.pigstats.PigStatusReporter;

/**
 * Loads a CIF dataset: {@code LOAD 'path' USING dev.cif.pig.CifLoader();}. The schema comes from the
 * data. Projection is pushed to ColumnInputFormat, so unused column files are never opened, and the
 * map keys a script uses ({@code m#'k'}) are looked up alone in DCSL map columns. Comparisons of
 * primitive columns with constants, pushed by Pig, go to cif-core's pushdown engine: split-directories
 * and blocks whose statistics rule them out are not read.
 */
public class CifLoader extends LoadFunc implements LoadMetadata, LoadPushDown, LoadPredicatePushdown {
  /** Counter group and name for map values built by DCSL lookups (what map-key pushdown saves). */
  public static final String COUNTER_GROUP = "CIF";
  public static final String MAP_VALUES_DECODED = "map values decoded";

  private static final String SCHEMA_PROP = CifConf.PIG_SCHEMA.key();
  private static final String REQUIRED_PROP = CifConf.PIG_REQUIRED.key();
  private static final String PREDICATE_PROP = CifConf.PIG_PREDICATE.key();

  private String signature;
  private RecordReader<NullWritable, GenericRecord> reader;
  private RequiredColumns required;
  private final AvroToPig convert = new AvroToPig();

  @Override
  public void setUDFContextSignature(String signature) { this.signature = signature; }

  private Properties props() {
    return UDFContext.getUDFContext().getUDFProperties(getClass(), new String[] {signature});
  }

  @Override
  public void setLocation(String location, Job job) throws IOException {
    FileInputFormat.setInputPaths(job, location);
    RequiredColumns rc = requiredColumns();
    // Set on every call: Pig may reuse a Job for several loads, so a missing projection must be explicit.
    ColumnInputFormat.setColumns(job.getConfiguration(), rc == null ? "" : rc.projection());
    // The map keys the script uses, so the readers hand out maps of those keys alone (cif-core's MapKeys,
    // as Hive's reader does): a DCSL column decodes, and of keyed blocks reads, no other key's values.
    dev.cif.ReadOptions.setMapKeys(job.getConfiguration(), rc == null ? dev.cif.pushdown.MapKeys.NONE : rc.mapKeys());
    String predicate = props().getProperty(PREDICATE_PROP);
    ColumnInputFormat.setPredicate(job.getConfiguration(), predicate == null ? null : SerializedPredicate.decode(predicate));
  }

  private RequiredColumns requiredColumns() throws IOException {
    String s = props().getProperty(REQUIRED_PROP);
    return s == null ? null : (RequiredColumns) ObjectSerializer.deserialize(s);
  }

  @Override
  @SuppressWarnings("rawtypes")
  public InputFormat getInputFormat() { return new ColumnInputFormat(); }

  @Override
  @SuppressWarnings({"rawtypes", "unchecked"})
  public void prepareToRead(RecordReader reader, PigSplit split) throws IOException {
    this.reader = reader;
    required = requiredColumns();
  }

  @Override
  public Tuple getNext() throws IOException {
    try {
      if (!reader.nextKeyValue()) {
        reportDecodedMapValues();
        return null;
      }
      Tuple t = convert.tuple(reader.getCurrentValue(), required == null ? null : required.keys);
      if (required != null) reportDecodedMapValues();
      return t;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  private void reportDecodedMapValues() {
    long n = convert.takeDecodedMapValues();
    PigStatusReporter r = PigStatusReporter.getInstance();
    if (n > 0 && r != null) r.incrCounter(COUNTER_GROUP, MAP_VALUES_DECODED, n);
  }

  // ---- LoadMetadata

  @Override
  public ResourceSchema getSchema(String location, Job job) throws IOException {
    Schema schema = datasetSchema(location, job.getConfiguration());
    props().setProperty(SCHEMA_PROP, schema.toString());
    return AvroToPigSchema.of(schema);
  }

  /** The schema of the dataset's first split-directory (a dataset's split-directories share one). */
  static Schema datasetSchema(String location, Configuration conf) throws IOException {
    Path path = new Path(location);
    FileSystem fs = path.getFileSystem(conf);
    CifReader reader = Cif.createReader(fs, path, new ReadOptions());
    if (reader.splitDirectories().isEmpty()) throw new IOException("CifLoader: no CIF split-directories under " + location);
    return reader.schema();
  }

  @Override
  public ResourceStatistics getStatistics(String location, Job job) { return null; }

  @Override
  public String[] getPartitionKeys(String location, Job job) { return null; }

  @Override
  public void setPartitionFilter(Expression partitionFilter) {}

  // ---- LoadPredicatePushdown

  /** The columns whose blocks keep min/max statistics: int, long, float, double and string. */
  @Override
  public List<String> getPredicateFields(String location, Job job) throws IOException {
    List<String> fields = new java.util.ArrayList<>();
    for (Schema.Field f : datasetSchema(location, job.getConfiguration()).getFields()) {
      switch (dev.cif.schema.CifSchemas.nonNull(f.schema()).getType()) {
        case INT: case LONG: case FLOAT: case DOUBLE: case STRING:
          fields.add(f.name());
          break;
        default:
          break;
      }
    }
    return fields;
  }

  @Override
  public List<Expression.OpType> getSupportedExpressionTypes() { return ExpressionTranslation.SUPPORTED; }

  @Override
  public void setPushdownPredicate(Expression predicate) throws IOException {
    props().setProperty(PREDICATE_PROP, SerializedPredicate.encode(ExpressionTranslation.of(predicate)));
  }

  // ---- LoadPushDown

  @Override
  public List<OperatorSet> getFeatures() { return Arrays.asList(OperatorSet.PROJECTION); }

  @Override
  public RequiredFieldResponse pushProjection(RequiredFieldList list) throws FrontendException {
    if (list == null || list.getFields() == null) return new RequiredFieldResponse(false);
    String schema = props().getProperty(SCHEMA_PROP);
    if (schema == null) return new RequiredFieldResponse(false);
    RequiredColumns rc = RequiredColumns.from(list, new Schema.Parser().parse(schema));
    try {
      props().setProperty(REQUIRED_PROP, ObjectSerializer.serialize(rc));
    } catch (IOException e) {
      throw new FrontendException("CifLoader: cannot record the projection: " + e.getMessage(), e);
    }
    return new RequiredFieldResponse(true);
  }
}
