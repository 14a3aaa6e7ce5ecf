package dev.cif.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.WriteOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.pig.backend.executionengine.ExecJob;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Filters on primitive columns skip split-directories and blocks whose statistics rule them out. The dataset has
 * four split-directories of 25 consecutive ids each; the rows a job reads show what was skipped, and
 * the answers must equal those over PigStorage text.
 */
class PredicatePushdownTest {
  private static final int ROWS = 100;
  private static final Schema AVRO = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":["
      + "{\"name\":\"id\",\"type\":\"int\"},{\"name\":\"name\",\"type\":\"string\"},"
      + "{\"name\":\"score\",\"type\":[\"null\",\"double\"]}]}");
  private static PigHarness h;
  private static int outputs;

  @BeforeAll
  static void setUp() throws Exception {
    h = new PigHarness("PredicatePushdownTest");
    List<GenericRecord> records = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      GenericData.Record r = new GenericData.Record(AVRO);
      r.put("id", i);
      r.put("name", String.format(Locale.ROOT, "n%03d", i));
      r.put("score", i * 1.5);
      records.add(r);
      lines.add(i + "\t" + r.get("name") + "\t" + (i * 1.5));
    }
    String text = h.path("rows.txt");
    String cif = h.path("rows.cif");
    PigHarness.writeText(text, lines);
    CifFixtures.writeRuns(cif, AVRO, records, new WriteOptions(), 4);
    h.query("T = LOAD '" + text + "' USING PigStorage('\\t') AS (id:int, name:chararray, score:double);",
        "C = LOAD '" + cif + "' USING dev.cif.pig.CifLoader();");
  }

  @AfterAll
  static void tearDown() { h.close(); }

  /** Filters both relations by the condition, checks the answers agree, and returns the rows read from CIF. */
  private static long rowsReadFiltering(String condition) throws Exception {
    int n = outputs++;
    h.query("FC" + n + " = FILTER C BY " + condition + ";", "FT" + n + " = FILTER T BY " + condition + ";");
    ExecJob job = h.pig.store("FC" + n, h.path("out" + n), "PigStorage()");
    assertEquals(h.rows("FT" + n), h.rows("FC" + n), condition);
    return job.getStatistics().getInputStats().get(0).getNumberRecords();
  }

  @Test
  void rangeOnAnIntColumnReadsOneSplitDirectory() throws Exception {
    assertEquals(25, rowsReadFiltering("id >= 80"));
    assertEquals(25, rowsReadFiltering("10 > id"));
  }

  @Test
  void equalityOnAStringColumn() throws Exception {
    assertEquals(25, rowsReadFiltering("name == 'n007'"));
    assertEquals(0, rowsReadFiltering("name == 'zzz'"));
  }

  @Test
  void orAndDoubleComparisons() throws Exception {
    assertEquals(50, rowsReadFiltering("id < 5 OR id > 95"));
    assertEquals(50, rowsReadFiltering("score > 99.0"));
    assertEquals(25, rowsReadFiltering("score > 99.0 AND id < 70"));
  }

  @Test
  void filterItCannotJudgeReadsEverything() throws Exception {
    assertEquals(ROWS, rowsReadFiltering("id % 2 == 0"));
  }

  /**
   * Inside one split-directory, blocks whose statistics rule the filter out are passed over too (as for
   * Hive): 2,000 ids ascending in one split-directory of small blocks, and a filter keeping the last 100
   * reads far fewer rows than the split-directory holds.
   */
  @Test
  void blocksInsideAKeptSplitDirectoryAreSkipped() throws Exception {
    int rows = 2000;
    List<GenericRecord> records = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      GenericData.Record r = new GenericData.Record(AVRO);
      r.put("id", i);
      r.put("name", String.format(Locale.ROOT, "n%04d", i));
      r.put("score", null);
      records.add(r);
    }
    String cif = h.path("sorted.cif");
    CifFixtures.writeRuns(cif, AVRO, records, new WriteOptions().blockBytes(512), 1);
    h.query("S = LOAD '" + cif + "' USING dev.cif.pig.CifLoader();", "FS = FILTER S BY id >= 1900;");
    ExecJob job = h.pig.store("FS", h.path("sorted-out"), "PigStorage()");
    assertEquals(100, h.rows("FS").size());
    long read = job.getStatistics().getInputStats().get(0).getNumberRecords();
    assertTrue(read >= 100 && read < rows / 2, read + " rows handed out of the split-directory's " + rows);
  }
}
