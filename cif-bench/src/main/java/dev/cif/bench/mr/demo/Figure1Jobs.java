package dev.cif.bench.mr.demo;

import dev.cif.testing.crawl.CrawlData;
import dev.cif.bench.seq.AvroRecordCodec;
import java.io.IOException;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;

/** The map and reduce functions of the demo: loaders for both formats and the paper's Figure 1 job. */
public final class Figure1Jobs {
  static final String SEED = "demo.seed";
  private static final Utf8 CONTENT_TYPE = new Utf8(CrawlData.CONTENT_TYPE);

  private Figure1Jobs() {}

  /** Input lines "from to": generates crawl rows [from, to). */
  abstract static class Generate<V> extends Mapper<LongWritable, Text, NullWritable, V> {
    private CrawlData data;

    @Override
    protected void setup(Context ctx) { data = new CrawlData(ctx.getConfiguration().getLong(SEED, 1)); }

    @Override
    protected void map(LongWritable k, Text line, Context ctx) throws IOException, InterruptedException {
      String[] range = line.toString().trim().split("\\s+");
      for (long i = Long.parseLong(range[0]); i < Long.parseLong(range[1]); i++) {
        ctx.write(NullWritable.get(), convert(data.row(i)));
      }
    }

    abstract V convert(GenericRecord r) throws IOException;
  }

  public static final class GenerateRecords extends Generate<GenericRecord> {
    @Override GenericRecord convert(GenericRecord r) { return r; }
  }

  public static final class GenerateSeq extends Generate<BytesWritable> {
    private final AvroRecordCodec codec = new AvroRecordCodec(CrawlData.schemaOf());
    private final BytesWritable value = new BytesWritable();

    @Override BytesWritable convert(GenericRecord r) throws IOException {
      codec.encode(r, value);
      return value;
    }
  }

  static Text contentTypeIfIbmJp(GenericRecord rec) {
    if (!rec.get("url").toString().contains(CrawlData.IBM_JP)) return null;
    Object type = ((Map<?, ?>) rec.get("metadata")).get(CONTENT_TYPE);
    return type == null ? null : new Text(type.toString());
  }

  /** Figure 1's map function over CIF records (LazyRecord: metadata is decoded only for matches). */
  public static final class CifMap extends Mapper<NullWritable, GenericRecord, Text, NullWritable> {
    @Override
    protected void map(NullWritable k, GenericRecord rec, Context ctx) throws IOException, InterruptedException {
      Text t = contentTypeIfIbmJp(rec);
      if (t != null) ctx.write(t, NullWritable.get());
    }
  }

  /** Figure 1's map function over SequenceFile values (the whole record is deserialized). */
  public static final class SeqMap extends Mapper<NullWritable, BytesWritable, Text, NullWritable> {
    private final AvroRecordCodec codec = new AvroRecordCodec(CrawlData.schemaOf());
    private GenericRecord reuse;

    @Override
    protected void map(NullWritable k, BytesWritable v, Context ctx) throws IOException, InterruptedException {
      reuse = codec.decode(v, reuse);
      Text t = contentTypeIfIbmJp(reuse);
      if (t != null) ctx.write(t, NullWritable.get());
    }
  }

  /** Figure 1's reducer: each distinct content-type once. */
  public static final class Distinct extends Reducer<Text, NullWritable, Text, NullWritable> {
    @Override
    protected void reduce(Text k, Iterable<NullWritable> v, Context ctx) throws IOException, InterruptedException {
      ctx.write(k, NullWritable.get());
    }
  }
}
