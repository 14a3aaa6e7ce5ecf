package dev.cif.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.testing.CrawlPages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The crawl job gives the same answer over CIF, PigStorage text and Pig's AvroStorage. AvroStorage
 * runs in a JVM of its own (Avro 1.7.7, no CIF): it writes the Avro copy there and runs crawl.pig on it.
 */
class PigAvroStorageTest {
  private static final Path WORK = Paths.get("target", "examples", "avro").toAbsolutePath();

  @Test
  void crawlJobAnswersAlikeOverCifTextAndAvroStorage() throws Exception {
    PigScripts.deleteTree(WORK);
    String text = CrawlPages.write(WORK.resolve("crawl.txt"), PigExamplesTest.PAGES, 3000).toString();
    String avroClasspath = PigJvm.avroStorageClasspath();
    assertTrue(avroClasspath.contains("avro-1.7.7.jar"), avroClasspath);
    assertFalse(avroClasspath.contains("cif-core") || avroClasspath.contains("avro-1.12"), avroClasspath);

    String avro = WORK.resolve("crawl.avro").toString();
    String avroAnswer = WORK.resolve("avro-crawl").toString();
    PigJvm.run(avroClasspath, WORK.resolve("avro-jvm-load"), 1, "load_crawl.pig",
        Map.of("input", text, "output", avro, "storer", "AvroStorage()"));
    assertTrue(Files.list(Paths.get(avro)).anyMatch(f -> f.toString().endsWith(".avro")), "no Avro file written");
    PigJvm.run(avroClasspath, WORK.resolve("avro-jvm-crawl"), 1, "crawl.pig",
        Map.of("input", avro, "loader", "AvroStorage()", "output", avroAnswer));

    String cif = WORK.resolve("crawl.cif").toString();
    String cifAnswer = WORK.resolve("cif-crawl").toString();
    String textAnswer = WORK.resolve("text-crawl").toString();
    try (PigScripts pig = new PigScripts(WORK.resolve("pig"))) {
      pig.run("load_crawl.pig", Map.of("input", text, "output", cif, "storer", "dev.cif.pig.CifStorer('metadata:dcsl')"));
      pig.run("crawl.pig", Map.of("input", cif, "loader", PigExamplesTest.CIF_LOADER, "output", cifAnswer));
      pig.run("crawl.pig", Map.of("input", text, "loader", PigExamplesTest.TEXT_LOADER, "output", textAnswer));
    }
    List<String> expected = PigScripts.textOutput(textAnswer);
    assertTrue(expected.size() > 2, "crawl answer over text: " + expected);
    assertEquals(expected, PigScripts.textOutput(cifAnswer), "CIF");
    assertEquals(expected, PigScripts.textOutput(avroAnswer), "AvroStorage");
  }
}
