package dev.cif.pig;

import dev.cif.CifWriter;
import dev.cif.conf.CifConf;
import dev.cif.mapreduce.ColumnOutputFormat;
import dev.cif.mapreduce.ColumnRecordWriter;
import java.io.IOException;
import java.util.Properties;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.pig.ResourceSchema;
import org.apache.pig.ResourceStatistics;
import org.apache.pig.StoreFunc;
import org.apache.pig.StoreMetadata;
import org.apache.pig.data.Tuple;
import org.apache.pig.impl.util.UDFContext;

/**
 * Stores a relation as CIF: {@code STORE r INTO 'path' USING dev.cif.pig.CifStorer('metadata:dcsl',
 * 'content:zstd');}. The Avro schema is made from the relation's Pig schema; the output is an ordinary
 * CIF dataset, readable by ColumnInputFormat and CifLoader. Arguments: see {@link StorerOptions}.
 */
public class CifStorer extends StoreFunc implements StoreMetadata {
  private static final String SCHEMA_PROP = CifConf.PIG_OUTPUT_SCHEMA.key();

  private final StorerOptions options;
  private String signature;
  private CifWriter writer;
  private PigRowAppender rows;

  /** Pig instantiates a store function without arguments through this constructor. */
  public CifStorer() {
    this(new String[0]);
  }

  public CifStorer(String... args) {
    options = StorerOptions.parse(args);
  }

  @Override
  public void setStoreFuncUDFContextSignature(String signature) { this.signature = signature; }

  private Properties props() {
    return UDFContext.getUDFContext().getUDFProperties(getClass(), new String[] {signature});
  }

  @Override
  public void checkSchema(ResourceSchema pigSchema) throws IOException {
    Schema s = PigToAvroSchema.of(pigSchema);
    options.check(s);
    props().setProperty(SCHEMA_PROP, s.toString());
  }

  @Override
  @SuppressWarnings("rawtypes")
  public OutputFormat getOutputFormat() { return new ColumnOutputFormat(); }

  @Override
  public void setStoreLocation(String location, Job job) throws IOException {
    FileOutputFormat.setOutputPath(job, new Path(location));
    ColumnOutputFormat.setSchema(job.getConfiguration(), outputSchema());
    CifConf.LAYOUT.set(job.getConfiguration(), options.layouts());
    CifConf.CODEC.set(job.getConfiguration(), options.codecs());
  }

  private Schema outputSchema() throws IOException {
    String s = props().getProperty(SCHEMA_PROP);
    if (s == null) {
      throw new IOException("CifStorer needs the relation's schema to write CIF; declare one (LOAD ... AS (...))");
    }
    return new Schema.Parser().parse(s);
  }

  @Override
  @SuppressWarnings({"rawtypes", "unchecked"})
  public void prepareToWrite(RecordWriter writer) throws IOException {
    // Tuples go straight to the column writers (no Avro record per tuple): see PigRowAppender.
    this.writer = ((ColumnRecordWriter) writer).cifWriter();
    rows = new PigRowAppender(outputSchema());
  }

  @Override
  public void putNext(Tuple t) throws IOException {
    rows.append(t, writer);
  }

  // ---- StoreMetadata: the schema already travels in every split-directory; nothing else to keep.

  @Override
  public void storeStatistics(ResourceStatistics stats, String location, Job job) {}

  @Override
  public void storeSchema(ResourceSchema schema, String location, Job job) {}
}
