package dev.cif.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.command.Main;
import dev.cif.impl.split.DatasetWriter;
import dev.cif.WriteOptions;
import dev.cif.testing.Corruption;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cif-cli's commands through the registry's {@link Main#run}, as the launcher calls them: their output on a small dataset,
 * and the exit status README's "Command line" documents (0 ok; verify non-zero on corruption; 2 for a
 * usage error; 1 for any other failure, told in one line).
 */
class MainTest {
  private static final int ROWS = 40;
  private static final Schema SCHEMA = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Page\",\"fields\":["
      + "{\"name\":\"id\",\"type\":\"int\"},{\"name\":\"url\",\"type\":\"string\"},"
      + "{\"name\":\"metadata\",\"type\":{\"type\":\"map\",\"values\":\"string\"}}]}");

  @TempDir Path tmp;

  /** What one run printed and returned. */
  private record Run(int status, String out, String err) {}

  private static Run cif(String... args) {
    return cifWithHadoopConfDir(null, args);
  }

  private String dataset() throws IOException {
    Configuration conf = new Configuration();
    org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path(tmp.resolve("pages").toUri());
    try (DatasetWriter w = new DatasetWriter(FileSystem.getLocal(conf), data, "p", SCHEMA, new WriteOptions())) {
      for (int i = 0; i < ROWS; i++) {
        GenericData.Record r = new GenericData.Record(SCHEMA);
        r.put("id", i);
        r.put("url", "http://example.org/" + i);
        r.put("metadata", Map.of("content-type", i % 2 == 0 ? "text/html" : "image/png"));
        w.write(r);
      }
    }
    return tmp.resolve("pages").toString();
  }

  @Test
  void verifyExitsZeroOnASoundDataset() throws IOException {
    Run r = cif("verify", dataset());
    assertEquals(0, r.status(), r.out() + r.err());
    assertTrue(r.out().startsWith("OK ") && r.out().contains(ROWS + " rows verified"), r.out());
  }

  @Test
  void verifyExitsNonZeroWhenAColumnFileIsCorrupt() throws IOException {
    String data = dataset();
    flipAByteInTheMiddle(largestColumnFile(Path.of(data)));
    Run r = cif("verify", data);
    assertEquals(1, r.status(), r.out() + r.err());
    assertTrue(r.out().contains("CORRUPT ") && r.out().contains("FAILED "), r.out());
  }

  @Test
  void metaNamesEveryColumnAndCountsTheRows() throws IOException {
    Run r = cif("meta", dataset());
    assertEquals(0, r.status(), r.err());
    for (Schema.Field f : SCHEMA.getFields()) assertTrue(r.out().contains("  " + f.name() + " "), r.out());
    // Each column's codec: written with the defaults, LZ4.
    for (Schema.Field f : SCHEMA.getFields()) {
      assertTrue(r.out().lines().anyMatch(l -> l.startsWith("  " + f.name() + " ") && l.contains(" LZ4 ")), r.out());
    }
    assertTrue(r.out().contains("1 split-directories, " + ROWS + " rows"), r.out());
  }

  @Test
  void schemaPrintsTheDatasetsAvroSchema() throws IOException {
    Run r = cif("schema", dataset());
    assertEquals(0, r.status(), r.err());
    assertEquals(SCHEMA, new Schema.Parser().parse(r.out()));
  }

  @Test
  void catPrintsJsonLinesOfTheChosenColumnsUpToTheLimit() throws IOException {
    Run r = cif("cat", dataset(), "--columns", "id,metadata", "--limit", "2");
    assertEquals(0, r.status(), r.err());
    assertEquals(List.of("{\"id\": 0, \"metadata\": {\"content-type\": \"text/html\"}}",
        "{\"id\": 1, \"metadata\": {\"content-type\": \"image/png\"}}"), r.out().lines().toList());
  }

  @Test
  void usageErrorsExitTwoAndSayWhatIsWrong() {
    assertEquals(0, cif().status(), "no command: the usage, as help");
    Run unknown = cif("frobnicate");
    assertEquals(2, unknown.status());
    assertTrue(unknown.err().startsWith("cif: unknown command frobnicate"), unknown.err());
    Run noPath = cif("verify");
    assertEquals(2, noPath.status());
    assertTrue(noPath.err().contains("cif verify: expected one PATH") && noPath.err().contains("usage: cif verify"), noPath.err());
    Run badLimit = cif("cat", "x", "--limit", "many");
    assertEquals(2, badLimit.status());
    assertTrue(badLimit.err().contains("--limit takes a number, got many"), badLimit.err());
  }

  @Test
  void mergeJoinsSmallSplitDirectoriesAndVerifyAcceptsTheResult() throws IOException {
    Configuration conf = new Configuration();
    org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path(tmp.resolve("small").toUri());
    // Split-directories of about one block each: the writer rolls every 128 rows.
    try (DatasetWriter w = new DatasetWriter(FileSystem.getLocal(conf), data, "p", SCHEMA, new WriteOptions().splitDirectoryBytes(1))) {
      for (int i = 0; i < 4 * 128; i++) {
        GenericData.Record r = new GenericData.Record(SCHEMA);
        r.put("id", i);
        r.put("url", "http://example.org/" + i);
        r.put("metadata", Map.of("k", "v" + i));
        w.write(r);
      }
    }
    String path = tmp.resolve("small").toString();
    Run plan = cif("merge", path, "--dry-run");
    assertEquals(0, plan.status(), plan.err());
    assertTrue(plan.out().contains("PLAN " + path + ": 4 split-directories -> 1"), plan.out());
    Run merge = cif("merge", "--target-bytes", "1m", path);
    assertEquals(0, merge.status(), merge.err());
    assertTrue(merge.out().contains("{p-00000,p-00001,p-00002,p-00003} -> merged-"), merge.out());
    Run verify = cif("verify", path);
    assertEquals(0, verify.status(), verify.out());
    assertTrue(verify.out().contains("1 split-directories, 0 corrupt, 512 rows verified"), verify.out());
    Run bad = cif("merge", path, "--target-bytes", "lots");
    assertEquals(2, bad.status());
    assertTrue(bad.err().contains("--target-bytes takes a positive size"), bad.err());
  }

  @Test
  void everyCommandAnswersHelpOnStandardOutput() {
    for (String command : List.of("meta", "schema", "cat", "verify", "add-column", "merge")) {
      Run help = cif(command, "--help");
      assertEquals(0, help.status(), command + ": " + help.err());
      assertTrue(help.out().startsWith("usage: cif " + command), help.out());
      assertEquals("", help.err());
    }
  }

  @Test
  void takesTheFileSystemFromConfOrHadoopConfDir() throws IOException {
    // A client configuration whose default file system is HDFS on a node of the one-machine cluster: a path
    // without a scheme goes there, and the node's name does not resolve without the cluster's hosts file.
    Path conf = Files.createDirectories(tmp.resolve("conf"));
    Files.writeString(conf.resolve("core-site.xml"), "<configuration><property><name>fs.defaultFS</name>"
        + "<value>hdfs://node9.cif.test:8020</value></property></configuration>");
    for (Run r : List.of(cif("meta", "--conf", conf.toString(), "/warehouse/t"), cifWithHadoopConfDir(conf, "verify", "/warehouse/t"))) {
      assertEquals(1, r.status(), r.out() + r.err());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().contains(": cannot resolve host node9.cif.test"), r.err());
    }
    assertEquals(0, cif("meta", "--conf", conf.toString(), Path.of(dataset()).toUri().toString()).status(), "a local path stays local");
  }

  private static Run cifWithHadoopConfDir(Path dir, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(args, dir == null ? null : dir.toString(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void otherFailuresExitOneWithOneLine() {
    Run r = cif("schema", tmp.resolve("missing").toString());
    assertEquals(1, r.status());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().startsWith("cif schema: "), r.err());
  }

  private static Path largestColumnFile(Path dataset) throws IOException {
    try (Stream<Path> files = Files.walk(dataset)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".cif"))
          .max(Comparator.comparingLong(MainTest::size)).orElseThrow();
    }
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Flips one byte, and drops the local file system's own checksum file of it, so that what notices is
   * CIF's CRC (as on a file system without checksums of its own) rather than Hadoop's.
   */
  private static void flipAByteInTheMiddle(Path file) throws IOException {
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
    Corruption.flipMiddleByte(file);
  }
}
