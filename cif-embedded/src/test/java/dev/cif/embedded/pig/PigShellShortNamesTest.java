package dev.cif.embedded.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * bin/cif pig resolves CifStorer() and CifLoader() without their package, as a new user types them
 * (before udf.import.list was set it answered "Could not resolve CifStorer using imports").
 */
class PigShellShortNamesTest {
  @Test
  void storesAndLoadsByShortNames() throws Exception {
    // Pig's job compiler makes directories under java.io.tmpdir (target/tmp, set by the build); the
    // script's files go where the JVM's exit deletes them.
    Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
    Path dir = dev.cif.testing.TempDirs.create("pig-short-names");
    Files.write(dir.resolve("in.txt"), List.of("1,a", "2,b", "3,c"), StandardCharsets.UTF_8);
    run("t = LOAD '" + dir.resolve("in.txt") + "' USING PigStorage(',') AS (id:int, name:chararray);"
        + " STORE t INTO '" + dir.resolve("cif") + "' USING CifStorer();");
    run("u = LOAD '" + dir.resolve("cif") + "' USING CifLoader(); v = FILTER u BY id >= 2;"
        + " STORE v INTO '" + dir.resolve("out") + "' USING PigStorage(',');");
    TreeSet<String> rows = new TreeSet<>();
    try (Stream<Path> parts = Files.list(dir.resolve("out"))) {
      for (Path part : parts.filter(f -> f.getFileName().toString().startsWith("part-")).toList()) {
        rows.addAll(Files.readAllLines(part, StandardCharsets.UTF_8));
      }
    }
    assertEquals(new TreeSet<>(List.of("2,b", "3,c")), rows);
  }

  private static void run(String statements) throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    int rc = PigShell.run(new Configuration(), new String[] {"-e", statements},
        new PrintStream(buf, true, StandardCharsets.UTF_8));
    assertEquals(0, rc, buf.toString(StandardCharsets.UTF_8));
  }
}
