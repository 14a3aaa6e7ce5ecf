package dev.cif.hardening;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.cif.CifFormatException;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Damaged split-directories, read through every layout, codec and way of reading, give the
 * original values or a CifFormatException naming file, column and offset: never a wrong value, a
 * hang, an OutOfMemoryError (this class runs in a 160 MiB heap, see cif.fuzz.heap in pom.xml) or another exception.
 *
 * <p>The smoke runs the same 4,000 seeded mutations on every build. Long runs, by hand:
 * <pre>
 * # seeded, any number of mutations:
 * mvn -pl cif-core test-compile surefire:test@fuzz-small-heap -Dtest=CorruptDatasetFuzzTest#seededMutations \
 *     -Dcif.fuzz.mutations=1000000 [-Dcif.fuzz.seconds=3600] [-Dcif.fuzz.seed=1]
 * # coverage-guided with Jazzer (only one @FuzzTest per run):
 * JAZZER_FUZZ=1 mvn -pl cif-core test-compile surefire:test@fuzz-small-heap -Dtest=CorruptDatasetFuzzTest#fuzz \
 *     -Dcif.fuzz.heap=768m -Djazzer.max_executions=1000000
 * </pre>
 */
class CorruptDatasetFuzzTest {
  /**
   * The smoke on every build (CI included): seeds base .. base + 3,999, however fast the machine, so every
   * build checks the same inputs (a time limit ran 7,000 to 27,000 of them, and a minute of CI). Each of the
   * 12 mutation kinds meets each of the 30 datasets (5 layouts x 6 codecs) about 11 times; finding 9 of
   * docs/reliability.md failed at seed base + 233.
   */
  private static final int SMOKE_MUTATIONS = 4000;

  /** Jazzer writes its agent jar to java.io.tmpdir, which surefire points at a directory it does not create. */
  @BeforeAll
  static void createTempDirectory() throws java.io.IOException {
    java.nio.file.Files.createDirectories(java.nio.file.Path.of(System.getProperty("java.io.tmpdir")));
  }

  /**
   * Seeds base, base + 1, ...: the smoke runs SMOKE_MUTATIONS of them; a long run names a count
   * (cif.fuzz.mutations), optionally a time limit (cif.fuzz.seconds), and reports how many it ran.
   */
  @Test
  void seededMutations() throws Exception {
    int n = Integer.getInteger("cif.fuzz.mutations", SMOKE_MUTATIONS);
    long seconds = Long.getLong("cif.fuzz.seconds", Long.MAX_VALUE / 2_000_000_000L);
    long base = Long.getLong("cif.fuzz.seed", 20261121L);
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    int i = 0;
    for (; i < n && System.nanoTime() < deadline; i++) {
      long seed = base + i;
      MutationRun.run(Choices.of(new Random(seed)), seed);
    }
    System.out.println(i + " mutations passed, seeds " + base + " to " + (base + i - 1));
  }

  /** The mutations meet every DCSL block form: keyed blocks (side segments) and maps with their values in the rows. */
  @Test
  void theDatasetsHoldKeyedAndRowValueMapBlocks() throws Exception {
    FuzzDatasets d = FuzzDatasets.get();
    for (String label : new String[] {"DCSL-NONE", "DCSL-rowvalues-NONE"}) {
      FuzzDatasets.Dataset ds = d.datasets.stream().filter(x -> x.label.equals(label)).findFirst().orElseThrow();
      dev.cif.impl.split.SplitDirectory sd = dev.cif.impl.split.SplitDirectory.open(d.fs, new org.apache.hadoop.fs.Path(ds.dir.toUri()));
      int keyed = 0;
      int inRows = 0;
      try (dev.cif.impl.column.ColumnFileReader r = sd.openColumn("hm", 1 << 20)) {
        for (long i = 0; i < r.rowCount(); i++) {
          Object m = r.next();
          if (m instanceof dev.cif.impl.layout.dcsl.KeyedMap) keyed++;
          else if (m instanceof dev.cif.impl.layout.dcsl.InRowMap) inRows++;
        }
      }
      org.junit.jupiter.api.Assertions.assertTrue(label.contains("rowvalues") ? keyed == 0 && inRows > 0 : keyed > inRows,
          label + ": " + keyed + " keyed maps, " + inRows + " with values in their rows");
    }
  }

  /**
   * Skipped unless JAZZER_FUZZ is set: without it Jazzer would only replay an empty input, after
   * half a minute of scanning the class path for hooks, which the seeded smoke does better.
   */
  @FuzzTest(maxDuration = "")
  @EnabledIfEnvironmentVariable(named = "JAZZER_FUZZ", matches = ".+")
  void fuzz(FuzzedDataProvider data) throws Exception {
    MutationRun.run(Choices.of(data), data.remainingBytes());
  }
}
