package dev.cif.embedded.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.pig.ExecType;
import org.apache.pig.PigServer;
import org.junit.jupiter.api.Test;

/** A script's failed job fails the script's run, where PigServer.registerScript let the next statement fail instead. */
class PigScriptTest {
  private static final String SCRIPT = "t = LOAD '$input' USING dev.cif.pig.CifLoader();\n"
      + "f = FILTER t BY id < 10;\nSTORE f INTO '$output' USING PigStorage();\n";

  @Test
  void aStoreWhoseJobFailedFailsTheScriptNamingIt() throws Exception {
    Path dir = dev.cif.testing.TempDirs.create("pig-script-failed");
    org.apache.hadoop.fs.Path data = PigShellTest.write(dir, 3000);
    Path ids;
    try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
      ids = files.filter(p -> p.getFileName().toString().endsWith("-id.cif")).findFirst().orElseThrow();
    }
    dev.cif.testing.Corruption.flipMiddleByteUnderChecksumFs(ids);
    PigServer pig = local(dir);
    try {
      IOException e = assertThrows(IOException.class, () -> PigScript.runOrFail(pig, "filter.pig", script(),
          Map.of("input", data.toString(), "output", dir.resolve("out").toString())));
      assertTrue(e.getMessage().startsWith("filter.pig: 1 Pig job(s) failed"), e.getMessage());
    } finally {
      pig.shutdown();
    }
  }

  @Test
  void aScriptWhoseJobsSucceedStoresItsOutput() throws Exception {
    Path dir = dev.cif.testing.TempDirs.create("pig-script-ok");
    org.apache.hadoop.fs.Path data = PigShellTest.write(dir, 3000);
    PigServer pig = local(dir);
    try {
      PigScript.runOrFail(pig, "filter.pig", script(), Map.of("input", data.toString(), "output", dir.resolve("out").toString()));
    } finally {
      pig.shutdown();
    }
    List<String> lines;
    try (java.util.stream.Stream<Path> parts = Files.list(dir.resolve("out"))) {
      lines = parts.filter(p -> p.getFileName().toString().startsWith("part")).flatMap(p -> {
        try {
          return Files.readAllLines(p).stream();
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).sorted().toList();
    }
    assertEquals(10, lines.size(), lines.toString());
    assertEquals("0\tn0", lines.get(0));
  }

  private static InputStream script() {
    return new ByteArrayInputStream(SCRIPT.getBytes(StandardCharsets.UTF_8));
  }

  private static PigServer local(Path dir) throws Exception {
    Properties p = new Properties();
    p.setProperty("hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString());
    p.setProperty("pig.temp.dir", dir.resolve("pig-tmp").toString());
    p.setProperty("pig.jobcontrol.sleep", "100");
    return new PigServer(ExecType.LOCAL, p);
  }
}
