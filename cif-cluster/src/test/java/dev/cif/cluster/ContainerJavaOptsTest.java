package dev.cif.cluster;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import org.junit.jupiter.api.Test;

/** The containers' JVM flags: C1 only for tests, the JDK's default JIT for benchmarks, and a benchmark's extra flags. */
class ContainerJavaOptsTest {
  private final File base = new File("target/opts-test");

  @Test
  void testsCompileWithC1OnlyAndBenchmarksWithTheDefaultJit() {
    String tests = OneMachineCluster.containerJavaOpts(new OneMachineCluster.Options().containerMb(768), base);
    assertTrue(tests.startsWith("-Xmx576m -XX:TieredStopAtLevel=1 "), tests);
    String bench = OneMachineCluster.containerJavaOpts(new OneMachineCluster.Options().containerMb(768).fullJit(true), base);
    assertTrue(bench.startsWith("-Xmx576m --add-opens"), bench);
    assertFalse(bench.contains("TieredStopAtLevel"), bench);
  }

  @Test
  void extraFlagsComeBeforeTheOpenings() {
    String opts = OneMachineCluster.containerJavaOpts(new OneMachineCluster.Options().containerMb(512).fullJit(true)
        .extraJavaOpts("  -XX:StartFlightRecording=filename=/tmp/x/ "), base);
    assertTrue(opts.startsWith("-Xmx384m -XX:StartFlightRecording=filename=/tmp/x/ --add-opens"), opts);
    assertTrue(opts.endsWith("=" + OneMachineCluster.hostsFile(base).getPath()), opts);
  }
}
