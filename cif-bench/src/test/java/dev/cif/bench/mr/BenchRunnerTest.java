package dev.cif.bench.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.bench.data.Dataset;
import dev.cif.bench.harness.AnswerMismatchException;
import dev.cif.bench.harness.BenchResult;
import dev.cif.bench.harness.BenchRunner;
import dev.cif.bench.harness.DatasetStore;
import dev.cif.bench.harness.Experiment;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.RecordScan;
import dev.cif.bench.harness.ResultTable;
import dev.cif.bench.harness.RunSettings;
import dev.cif.bench.seq.SeqVariant;
import dev.cif.bench.seq.SequenceFileFormat;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchRunnerTest {

  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
  @TempDir File tmp;
  FileSystem fs;
  DatasetStore store;

  @BeforeEach
  void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration());
    store = new DatasetStore(fs, fs.makeQualified(new Path(tmp.getAbsolutePath())), QUIET);
  }

  private List<BenchResult> run(Experiment experiment, List<FormatUnderTest> formats) throws IOException {
    return new BenchRunner(store, new RunSettings(0, 1, "seq-custom"), QUIET).run(experiment, formats);
  }

  @Test
  void measuresEveryJobOfEveryFormatAndCountsBytesRead() throws IOException {
    List<BenchResult> results = run(PaperExperiments.figure1(600, 1), Formats.all());
    assertEquals(Formats.all().size(), results.size());
    for (BenchResult result : results) {
      if (result.outcome().filtered()) {
        // CIF-DCSL takes the job's row filter as its row predicate: only the rows that pass are handed out.
        assertTrue(result.records() > 0 && result.records() < 600 / 5, result.toString());
      } else {
        assertEquals(600, result.records());
      }
      assertTrue(result.median().bytesRead() > 0, result.format() + " read nothing");
      assertTrue(result.sizeOnDisk() > 0);
      if (result.format().startsWith("cif")) {
        // A column format reads only the projected columns (url, metadata): not the content.
        assertTrue(result.median().bytesRead() * 4 < result.sizeOnDisk(), result.toString());
      } else {
        // A row format reads every byte stored once (plus checksum side files), and no more than twice over.
        assertTrue(result.median().bytesRead() >= result.sizeOnDisk(), result.toString());
        assertTrue(result.median().bytesRead() < 2 * result.sizeOnDisk(), result.toString());
      }
      assertTrue(result.median().wallNanos() > 0 && result.median().cpuNanos() > 0);
    }
    assertEquals(1, results.stream().map(BenchResult::answer).distinct().count());
  }

  @Test
  void bytesReadGrowsWithTheData() throws IOException {
    List<FormatUnderTest> seq = Formats.named(List.of("seq-block"));
    long small = run(PaperExperiments.figure7(1000, 2), seq).get(0).median().bytesRead();
    long large = run(PaperExperiments.figure7(4000, 2), seq).get(0).median().bytesRead();
    assertTrue(small > 0);
    assertTrue(large > 3 * small, small + " then " + large);
  }

  @Test
  void aFormatThatLosesARecordFailsLoudly() {
    FormatUnderTest lossy = new DroppingFirstRecord(new SequenceFileFormat(SeqVariant.UNCOMP));
    Experiment experiment = PaperExperiments.figure10(500, 3);
    AnswerMismatchException e = assertThrows(AnswerMismatchException.class,
        () -> run(experiment, List.of(new SequenceFileFormat(SeqVariant.BLOCK), lossy)));
    assertTrue(e.getMessage().contains("lossy"), e.getMessage());
  }

  @Test
  void tablesCarryEveryResultAndTheBaselineIsOneX() throws IOException {
    List<BenchResult> results = run(PaperExperiments.figure10(500, 3),
        Formats.named(List.of("seq-uncomp", "seq-custom")));
    ResultTable table = new ResultTable(results, "seq-custom");
    String markdown = table.markdown();
    StringWriter csv = new StringWriter();
    table.writeCsv(csv);
    assertEquals(1 + results.size(), csv.toString().split("\n").length);
    for (BenchResult r : results) {
      assertTrue(markdown.contains("| " + r.job() + " | " + r.format() + " |"), markdown);
      if (r.format().equals("seq-custom")) {
        assertEquals(1.0, table.speedup(r).orElseThrow(), 1e-9);
      }
    }
    assertTrue(csv.toString().contains("matched=5 "), csv.toString()); // 1% of 500 rows
  }

  /** Test double: a format whose scan silently skips its first record. */
  private record DroppingFirstRecord(FormatUnderTest inner) implements FormatUnderTest {
    @Override
    public String name() {
      return "lossy";
    }

    @Override
    public void write(Dataset data, FileSystem fs, Path dir) throws IOException {
      inner.write(data, fs, dir);
    }

    @Override
    public RecordScan openScan(FileSystem fs, Path dir, Schema schema, List<String> projection)
        throws IOException {
      RecordScan scan = inner.openScan(fs, dir, schema, projection);
      scan.next();
      return scan;
    }
  }
}
