package dev.cif.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A child JVM gets this JVM's openings and its compiler and collector flags, and nothing else unless asked. */
class ChildJvmTest {
  @Test
  void openingsCompilerAndCollectorFlagsArePassedOnAndTheHeapIsNot() {
    assertTrue(ChildJvm.passedOn("--add-opens=java.base/java.lang=ALL-UNNAMED"));
    assertTrue(ChildJvm.passedOn("-XX:TieredStopAtLevel=1"));
    assertTrue(ChildJvm.passedOn("-XX:+UseSerialGC"));
    assertFalse(ChildJvm.passedOn("-Xmx4g"));
    assertFalse(ChildJvm.passedOn("-XX:+UseParallelGC"));
    assertFalse(ChildJvm.passedOn("-Dio.netty.tryReflectionSetAccessible=true"));
    assertTrue(ChildJvm.passedOn("-Dio.netty.tryReflectionSetAccessible=true", "-Dio.netty"));
  }

  @Test
  void theCommandStartsWithThisJvmsJava() {
    List<String> cmd = ChildJvm.command();
    assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), cmd.get(0));
    assertTrue(Files.isExecutable(Path.of(cmd.get(0))));
    assertTrue(cmd.stream().skip(1).allMatch(a -> ChildJvm.passedOn(a)), cmd.toString());
  }
}
