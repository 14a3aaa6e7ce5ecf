package dev.cif.bundle.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.pig.ExecType;
import org.apache.pig.PigServer;
import org.apache.pig.tools.grunt.GruntParser;
import org.junit.jupiter.api.Test;

/**
 * The Pig bundle as an operator installs it: Pig 0.18 in local mode whose classpath holds Pig's own Avro
 * 1.7.7 and nothing of CIF; a script REGISTERs the bundle, stores a map column as CIF (DCSL, LZ4) and runs
 * the paper's Figure 1 query over it, naming CifStorer and CifLoader by their short names through
 * {@code udf.import.list}, as a cluster's pig.properties would.
 */
class PigBundleIT {
  private static final File BUNDLE = new File(System.getProperty("cif.bundle.jar"));

  @Test
  void pigsClasspathHoldsItsOwnAvroAndNoCif() {
    ClassLoader app = ClassLoader.getSystemClassLoader();
    assertThrows(ClassNotFoundException.class, () -> Class.forName("dev.cif.pig.CifLoader", false, app));
    // LogicalTypes arrived in Avro 1.8: its absence shows the 1.7.7 jar is the one on the classpath.
    assertThrows(ClassNotFoundException.class, () -> Class.forName("org.apache.avro.LogicalTypes", false, app));
  }

  @Test
  void registeredBundleStoresAndLoadsCifByShortNames() throws Exception {
    // Pig's job compiler makes temporary directories under java.io.tmpdir (target/tmp, per the build).
    Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir")));
    Path dir = Files.createDirectories(Path.of("target", "pig-bundle-it-" + java.util.UUID.randomUUID()))
        .toAbsolutePath();
    List<String> lines = new ArrayList<>();
    TreeSet<String> expected = new TreeSet<>();
    for (int i = 0; i < 300; i++) {
      String url = (i % 3 == 0 ? "http://www.ibm.com/jp/" : "http://example.org/") + i;
      String type = "text/" + (i % 7 == 0 ? "html" : "plain-" + (i % 5));
      lines.add(url + "\t" + type + "\t" + i);
      if (url.contains("ibm.com/jp")) expected.add(type);
    }
    Files.write(dir.resolve("pages.txt"), lines, StandardCharsets.UTF_8);
    // Two scripts, as two runs of a pipeline: Pig reads a loader's schema while parsing, before a STORE
    // earlier in the same script has run.
    String store = String.join("\n",
        "REGISTER '" + BUNDLE.getAbsolutePath() + "';",
        "pages = LOAD '" + dir.resolve("pages.txt") + "' USING PigStorage('\\t') AS (url:chararray, ctype:chararray, n:int);",
        "rows = FOREACH pages GENERATE url, n, TOMAP('content-type', ctype, 'n', (chararray) n) AS metadata;",
        "STORE rows INTO '" + dir.resolve("crawl") + "' USING CifStorer('metadata:dcsl', '*:lz4');",
        "");
    String query = String.join("\n",
        "REGISTER '" + BUNDLE.getAbsolutePath() + "';",
        "crawl = LOAD '" + dir.resolve("crawl") + "' USING CifLoader();",
        "jp = FILTER crawl BY url MATCHES '.*ibm\\\\.com/jp.*';",
        "types = FOREACH jp GENERATE metadata#'content-type' AS ct;",
        "answer = DISTINCT types;",
        "STORE answer INTO '" + dir.resolve("answer") + "' USING PigStorage();",
        "");
    Properties p = new Properties();
    p.setProperty("hadoop.tmp.dir", dir.resolve("hadoop").toString());
    p.setProperty("mapreduce.jobtracker.staging.root.dir", dir.resolve("staging").toString());
    p.setProperty("pig.temp.dir", dir.resolve("pig").toString());
    p.setProperty("udf.import.list", "dev.cif.pig.");
    run(store, p);
    run(query, p);
    assertEquals(expected, partLines(dir.resolve("answer")));
    try (Stream<Path> files = Files.walk(dir.resolve("crawl"))) {
      assertTrue(files.anyMatch(f -> f.getFileName().toString().endsWith(".cif")), "no CIF column files stored");
    }
  }

  /** Runs a script in a Pig session of its own, as {@code pig -x local script.pig} would. */
  private static void run(String script, Properties p) throws Exception {
    PigServer pig = new PigServer(ExecType.LOCAL, p);
    try {
      GruntParser parser = new GruntParser(new StringReader(script), pig);
      parser.setInteractive(false);
      int[] results = parser.parseStopOnError();
      assertEquals(0, results[1], "failed statements in\n" + script);
    } finally {
      pig.shutdown();
    }
  }

  private static TreeSet<String> partLines(Path out) throws IOException {
    TreeSet<String> seen = new TreeSet<>();
    try (Stream<Path> parts = Files.list(out)) {
      for (Path part : parts.filter(f -> f.getFileName().toString().startsWith("part-")).toList()) {
        seen.addAll(Files.readAllLines(part, StandardCharsets.UTF_8));
      }
    }
    return seen;
  }
}
