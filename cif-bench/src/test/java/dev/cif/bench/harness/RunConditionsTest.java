package dev.cif.bench.harness;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;

/** A results table names the libraries that ran, as the jars on the classpath say, and the load. */
class RunConditionsTest {
  @Test
  void namesTheHadoopThatRuns() {
    String versions = RunConditions.versions();
    assertTrue(versions.contains("Hadoop " + VersionInfo.getVersion()), versions);
    assertFalse(versions.contains("null"), versions);
  }

  @Test
  void theLineGivesTheLoadBeforeAndAfter() {
    String line = RunConditions.line("1.00, 2.00, 3.00");
    assertTrue(line.startsWith("Measured ") && line.contains("load average 1.00, 2.00, 3.00 before, "), line);
    assertTrue(line.matches(".* before, \\d+\\.\\d+, \\d+\\.\\d+, \\d+\\.\\d+ after .*"), line);
  }
}
