package dev.cif.bench.seq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.testing.crawl.CrawlData;
import dev.cif.bench.data.Dataset;
import dev.cif.testing.rows.RowGenerator;
import dev.cif.bench.data.SyntheticData;
import dev.cif.bench.harness.RecordScan;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SequenceFileFormatTest {

  private static final int CRAWL_ROWS = 400;
  @TempDir static File tmp;
  static FileSystem fs;

  @BeforeAll
  static void localFileSystem() throws IOException {
    Configuration conf = new Configuration();
    // Small splits so the scan crosses several record readers, as a multi-split job would.
    conf.setLong("mapreduce.input.fileinputformat.split.maxsize", 256 * 1024);
    // A new instance: the cached one may carry another test's configuration.
    fs = FileSystem.newInstanceLocal(conf);
  }

  private static Path dir(String name) {
    return fs.makeQualified(new Path(tmp.getAbsolutePath(), name));
  }

  /** Reads everything back, deep-copying because the scan reuses its record. */
  private static List<GenericRecord> readAll(SequenceFileFormat format, Path dir, RowGenerator generator)
      throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    try (RecordScan scan = format.openScan(fs, dir, generator.schema(), List.of())) {
      while (scan.next()) {
        records.add(GenericData.get().deepCopy(generator.schema(), scan.current()));
      }
    }
    return records;
  }

  @ParameterizedTest
  @EnumSource(SeqVariant.class)
  void crawlRoundTripsThroughTheInputFormat(SeqVariant variant) throws IOException {
    RowGenerator crawl = new CrawlData(5);
    SequenceFileFormat format = new SequenceFileFormat(variant);
    Path dir = dir("crawl-" + variant);
    format.write(new Dataset(crawl, CRAWL_ROWS), fs, dir);

    List<GenericRecord> read = readAll(format, dir, crawl);
    assertEquals(CRAWL_ROWS, read.size());
    Iterator<GenericRecord> expected = crawl.firstRows(CRAWL_ROWS).iterator();
    for (GenericRecord record : read) {
      assertEquals(expected.next(), record);
    }
  }

  @ParameterizedTest
  @EnumSource(SeqVariant.class)
  void syntheticRoundTripsThroughTheInputFormat(SeqVariant variant) throws IOException {
    RowGenerator synthetic = new SyntheticData(5);
    SequenceFileFormat format = new SequenceFileFormat(variant);
    Path dir = dir("synthetic-" + variant);
    format.write(new Dataset(synthetic, 3000), fs, dir);
    List<GenericRecord> read = readAll(format, dir, synthetic);
    List<GenericRecord> expected = new ArrayList<>();
    synthetic.firstRows(3000).forEach(expected::add);
    assertEquals(expected, read);
  }

  @Test
  void scanCrossesSeveralSplits() throws IOException, InterruptedException {
    SequenceFileFormat format = new SequenceFileFormat(SeqVariant.UNCOMP);
    Path dir = dir("splits");
    format.write(new Dataset(new CrawlData(5), CRAWL_ROWS), fs, dir);
    Job job = Job.getInstance(fs.getConf());
    FileInputFormat.setInputPaths(job, dir);
    // Otherwise the round trips above would only ever exercise one record reader.
    assertTrue(new SequenceFileInputFormat<>().getSplits(job).size() > 3);
  }

  @Test
  void variantsWriteTheLayoutTheyClaim() throws IOException {
    RowGenerator crawl = new CrawlData(6);
    long uncompressed = 0;
    for (SeqVariant variant : SeqVariant.values()) {
      SequenceFileFormat format = new SequenceFileFormat(variant);
      Path dir = dir("layout-" + variant);
      format.write(new Dataset(crawl, 200), fs, dir);
      try (SequenceFile.Reader reader = new SequenceFile.Reader(fs.getConf(),
          SequenceFile.Reader.file(new Path(dir, SequenceFileFormat.PART_FILE)))) {
        assertEquals(variant.compression(), reader.getCompressionType(), variant.name());
        assertEquals(BytesWritable.class, reader.getValueClass());
        assertEquals(crawl.schema().toString(),
            reader.getMetadata().get(new Text(SequenceFileFormat.SCHEMA_METADATA_KEY))
                .toString());
      }
      long size = format.sizeOnDisk(fs, dir);
      if (variant == SeqVariant.UNCOMP) {
        uncompressed = size;
      } else {
        // The crawl content is HTML-like text: every compressing variant must shrink it a lot.
        assertTrue(size < uncompressed * 0.8, variant + " " + size + " vs uncompressed " + uncompressed);
      }
    }
  }

  @Test
  void customVariantStoresDeflatedContent() throws IOException {
    RowGenerator crawl = new CrawlData(8);
    GenericRecord row = crawl.row(0);
    BytesFieldDeflater deflater = new BytesFieldDeflater(crawl.schema());
    assertTrue(deflater.hasBlobs());
    GenericRecord stored = deflater.deflate(row);
    int original = ((ByteBuffer) row.get("content")).remaining();
    int deflated = ((ByteBuffer) stored.get("content")).remaining();
    assertTrue(deflated < original / 2, deflated + " of " + original);
    assertEquals(crawl.row(0), row, "deflate must not modify its input");
    deflater.inflateInPlace(stored);
    assertEquals(row, stored);
    assertFalse(new BytesFieldDeflater(new SyntheticData(1).schema()).hasBlobs());
  }
}
