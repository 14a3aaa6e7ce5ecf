package dev.cif.bench.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.bench.mr.Formats;
import dev.cif.bench.mr.PaperExperiments;
import dev.cif.testing.crawl.CrawlData;
import dev.cif.bench.data.Dataset;
import dev.cif.bench.data.SyntheticData;
import dev.cif.bench.harness.BenchJob;
import dev.cif.bench.harness.DatasetStore;
import dev.cif.bench.harness.DistinctMapValueJob;
import dev.cif.bench.harness.Experiment;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.ProjectionScanJob;
import dev.cif.bench.harness.ScanLoop;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every peer format writes and reads back the generated rows through its own InputFormat, and answers
 * the paper's jobs exactly as CIF does.
 */
class PeerFormatsTest {

  private static final Dataset CRAWL = new Dataset(new CrawlData(7), 400);
  private static final Dataset SYNTHETIC = new Dataset(new SyntheticData(7), 1500);
  @TempDir static File tmp;
  static FileSystem fs;
  static DatasetStore store;

  @BeforeAll
  static void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration());
    store = new DatasetStore(fs, fs.makeQualified(new Path(tmp.getAbsolutePath())),
        new PrintStream(OutputStream.nullOutputStream()));
  }

  static Stream<FormatUnderTest> peers() {
    return new PeerFormats().formats().stream();
  }

  @Test
  void peersAreRegisteredInTheOneFormatList() {
    List<String> names = Formats.names();
    for (String peer : List.of("orc", "orc-zlib", "orc-nofilter", "parquet", "parquet-zstd", "parquet-nofilter",
        "rcfile", "rcfile-zlib", "avro", "avro-deflate", "text-json")) {
      assertTrue(names.contains(peer), peer + " missing from " + names);
    }
  }

  @ParameterizedTest
  @MethodSource("peers")
  void everyColumnOfEveryRowRoundTrips(FormatUnderTest format) throws IOException {
    for (Dataset data : List.of(CRAWL, SYNTHETIC)) {
      List<String> all = data.schema().getFields().stream().map(f -> f.name()).toList();
      BenchJob everything = new ProjectionScanJob("all", all);
      Path dir = store.ensureLoaded(data, format);
      assertEquals(ScanLoop.runOnRows(data.records(), everything),
          ScanLoop.run(format, fs, dir, data.schema(), everything), format + " on " + data.id());
      assertTrue(format.sizeOnDisk(fs, dir) > 0);
    }
  }

  @ParameterizedTest
  @MethodSource("peers")
  void answersThePaperJobsAsCifDoes(FormatUnderTest format) throws IOException {
    // The unfiltered reference (cif-dcsl itself takes the job's row filter as its row predicate).
    FormatUnderTest cif = Formats.named(List.of("cif-dcsl-nofilter")).get(0);
    assertSameAnswers(cif, format, CRAWL, List.of(DistinctMapValueJob.figure1()));
    Experiment fig7 = PaperExperiments.figure7(SYNTHETIC.rows(), SYNTHETIC.generator().seed());
    assertSameAnswers(cif, format, SYNTHETIC, fig7.jobs());
    Experiment fig10 = PaperExperiments.figure10(SYNTHETIC.rows(), SYNTHETIC.generator().seed());
    assertSameAnswers(cif, format, SYNTHETIC, fig10.jobs().subList(1, 2));
  }

  /**
   * ORC's row filter and Parquet's filter2 return exactly the rows that pass the job's predicate (as many
   * as the job counts as matched), the -nofilter variants every row, and all give CIF's answer.
   */
  @ParameterizedTest
  @MethodSource("peers")
  void rowFiltersReturnOnlyTheRowsThatPass(FormatUnderTest format) throws IOException {
    Experiment fig10 = PaperExperiments.figure10(SYNTHETIC.rows(), SYNTHETIC.generator().seed());
    for (var run : List.of(new Object[] {CRAWL, DistinctMapValueJob.figure1()},
        new Object[] {SYNTHETIC, fig10.jobs().get(0)}, new Object[] {SYNTHETIC, fig10.jobs().get(2)})) {
      Dataset data = (Dataset) run[0];
      BenchJob job = (BenchJob) run[1];
      ScanLoop.Outcome outcome = ScanLoop.run(format, fs, store.ensureLoaded(data, format), data.schema(), job);
      long matched = matched(outcome.answer());
      assertTrue(matched > 0 && matched < data.rows(), outcome.answer());
      boolean filters = format.name().startsWith("orc") || format.name().startsWith("parquet");
      assertEquals(filters && !format.name().endsWith("-nofilter"), format.appliesRowFilters(), format.name());
      assertEquals(format.appliesRowFilters(), outcome.filtered());
      assertEquals(format.appliesRowFilters() ? matched : data.rows(), outcome.records(),
          format + " " + job.name() + ": " + outcome);
    }
  }

  private static long matched(String answer) {
    Matcher m = Pattern.compile("matched=(\\d+)").matcher(answer);
    assertTrue(m.find(), answer);
    return Long.parseLong(m.group(1));
  }

  private static void assertSameAnswers(FormatUnderTest reference, FormatUnderTest format, Dataset data,
      List<BenchJob> jobs) throws IOException {
    Path referenceDir = store.ensureLoaded(data, reference);
    Path dir = store.ensureLoaded(data, format);
    for (BenchJob job : jobs) {
      ScanLoop.Outcome expected = ScanLoop.run(reference, fs, referenceDir, data.schema(), job);
      ScanLoop.Outcome actual = ScanLoop.run(format, fs, dir, data.schema(), job);
      assertFalse(expected.filtered());
      assertTrue(actual.agreesWith(expected), format + " " + job.name() + " on " + data.id() + ": " + actual
          + " vs CIF's " + expected);
    }
  }
}
