package dev.cif.impl.split;

import dev.cif.BlockCodec;
import dev.cif.WriteOptions;
import dev.cif.conf.CifConf;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.record.SplitRecordReader;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.testing.TestFs;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;


/**
 * LZ4 is the codec a column gets unless told otherwise (docs/benchmarks.md, "The default codec"), through
 * the configuration (what ColumnOutputFormat, Hive and Pig use) and the Java API alike; uncompressed data,
 * written before the default changed or with '*:none', reads back with the default settings.
 */
class DefaultCodecTest {
  private static final Schema SCHEMA = SchemaBuilder.record("r").fields().requiredLong("id").requiredString("text").endRecord();

  @Test
  void columnsAreLz4CompressedUnlessSetOtherwise() throws Exception {
    assertEquals(List.of(BlockCodec.LZ4, BlockCodec.LZ4), codecs(new Configuration(false)));
    assertEquals(List.of(BlockCodec.LZ4, BlockCodec.ZSTD), codecs(conf("text:zstd")));
    assertEquals(List.of(BlockCodec.NONE, BlockCodec.NONE), codecs(conf("*:none")));
    assertEquals(List.of(BlockCodec.NONE, BlockCodec.NONE), codecs(conf("none")));
    assertEquals(BlockCodec.LZ4, new WriteOptions().codecFor("text"));
  }

  @Test
  void uncompressedDataReadsBackWithTheDefaults() throws Exception {
    TestFs t = new TestFs();
    Path dir = t.path("plain");
    try (DatasetWriter w = new DatasetWriter(t.fs, dir, "p", SCHEMA, WriteOptions.fromConf(conf("*:none")))) {
      for (long i = 0; i < 5000; i++) w.write(row(i));
    }
    List<Path> dirs = DatasetListing.splitDirectories(t.fs, dir);
    try (ColumnFileReader r = SplitDirectory.open(t.fs, dirs.get(0)).openColumn("text", CifConf.MAX_VALUE_BYTES.getLong(t.conf))) {
      assertEquals(BlockCodec.NONE, r.spec().codec, "the file is uncompressed");
    }
    // Read as a reader with every setting at its default (codec LZ4) reads it.
    long n = 0;
    try (SplitRecordReader r = new SplitRecordReader(t.fs, dirs, Projection.of(SCHEMA, ""), RecordType.LAZY,
        CifConf.MAX_VALUE_BYTES.getLong(new Configuration(false)))) {
      while (r.next()) {
        GenericRecord g = r.current();
        assertEquals(row(n).get("text").toString(), g.get("text").toString());
        n++;
      }
    }
    assertEquals(5000, n);
  }

  private static GenericRecord row(long i) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("id", i);
    r.put("text", "row " + i + " of a column that compresses well, row " + (i % 17));
    return r;
  }

  private static Configuration conf(String codec) {
    Configuration c = new Configuration(false);
    CifConf.CODEC.set(c, codec);
    return c;
  }

  private static List<BlockCodec> codecs(Configuration conf) {
    WriteOptions o = WriteOptions.fromConf(conf);
    List<BlockCodec> out = new ArrayList<>();
    for (Schema.Field f : SCHEMA.getFields()) out.add(o.codecFor(f.name()));
    return out;
  }
}
