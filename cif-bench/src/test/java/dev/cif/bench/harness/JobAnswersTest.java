package dev.cif.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.bench.mr.PaperExperiments;
import dev.cif.testing.crawl.CrawlData;
import dev.cif.bench.data.Dataset;
import dev.cif.bench.data.SelectivityBucket;
import dev.cif.bench.data.SyntheticData;
import dev.cif.bench.seq.SeqVariant;
import dev.cif.bench.seq.SequenceFileFormat;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The jobs give the same answers over SEQ as computed straight from the generated rows. */
class JobAnswersTest {

  private static final int CRAWL_ROWS = 1500;
  private static final int SYNTHETIC_ROWS = 2000;
  @TempDir static File tmp;
  static FileSystem fs;
  static DatasetStore store;

  @BeforeAll
  static void setUp() throws IOException {
    fs = LocalFs.open();
    store = new DatasetStore(fs, LocalFs.root(fs, tmp), new PrintStream(OutputStream.nullOutputStream()));
  }

  @ParameterizedTest
  @EnumSource(SeqVariant.class)
  void figure1AnswerOverSeqEqualsTheAnswerFromTheRows(SeqVariant variant) throws IOException {
    Dataset crawl = new Dataset(new CrawlData(99), CRAWL_ROWS);
    SequenceFileFormat format = new SequenceFileFormat(variant);
    Path dir = store.ensureLoaded(crawl, format);

    ScanLoop.Outcome overSeq = ScanLoop.run(format, fs, dir, crawl.schema(), DistinctMapValueJob.figure1());

    // Independent of the job class: the paper's map + reduce written out by hand.
    TreeSet<String> distinct = new TreeSet<>();
    long matched = 0;
    for (GenericRecord row : crawl.records()) {
      if (row.get("url").toString().contains("ibm.com/jp")) {
        matched++;
        Object type = ((Map<?, ?>) row.get("metadata")).get(new Utf8("content-type"));
        if (type != null) {
          distinct.add(type.toString());
        }
      }
    }
    assertEquals(CRAWL_ROWS, overSeq.records());
    assertEquals("matched=" + matched + " distinct=" + distinct, overSeq.answer());
    assertTrue(distinct.size() >= 2, "a handful of content types, got " + distinct);
    assertEquals(ScanLoop.runOnRows(crawl.records(), DistinctMapValueJob.figure1()), overSeq);
  }

  @Test
  void figure10AnswersOverSeqEqualTheRowsAndGrowWithSelectivity() throws IOException {
    SyntheticData generator = new SyntheticData(4);
    Dataset synthetic = new Dataset(generator, SYNTHETIC_ROWS);
    SequenceFileFormat format = new SequenceFileFormat(SeqVariant.BLOCK);
    Path dir = store.ensureLoaded(synthetic, format);
    Utf8 key = new Utf8(generator.aggregationKey());
    for (int percent : PaperExperiments.SELECTIVITIES) {
      MapAggregateJob job = new MapAggregateJob("s0", percent, "m", generator.aggregationKey());
      long matched = 0;
      long withKey = 0;
      long sum = 0;
      for (GenericRecord row : synthetic.records()) {
        if (SelectivityBucket.read(row.get("s0").toString()) < percent) {
          matched++;
          Integer value = (Integer) ((Map<?, ?>) row.get("m")).get(key);
          if (value != null) {
            withKey++;
            sum += value;
          }
        }
      }
      assertEquals(SYNTHETIC_ROWS * percent / 100, matched);
      assertEquals("matched=" + matched + " withKey=" + withKey + " sum=" + sum,
          ScanLoop.run(format, fs, dir, synthetic.schema(), job).answer());
    }
  }

  @Test
  void scanDigestsAgreeAcrossFormatsAndDependOnTheColumns() throws IOException {
    var experiment = PaperExperiments.figure7(SYNTHETIC_ROWS, 4);
    Dataset synthetic = experiment.dataset();
    for (BenchJob job : experiment.jobs()) {
      String reference = ScanLoop.runOnRows(synthetic.records(), job).answer();
      for (SeqVariant variant : List.of(SeqVariant.UNCOMP, SeqVariant.RECORD)) {
        SequenceFileFormat format = new SequenceFileFormat(variant);
        Path dir = store.ensureLoaded(synthetic, format);
        assertEquals(reference, ScanLoop.run(format, fs, dir, synthetic.schema(), job).answer(),
            job.name() + " over " + variant);
      }
    }
    String ints = ScanLoop.runOnRows(synthetic.records(), experiment.jobs().get(0)).answer();
    String strings = ScanLoop.runOnRows(synthetic.records(), experiment.jobs().get(1)).answer();
    assertNotEquals(ints, strings);
  }
}
