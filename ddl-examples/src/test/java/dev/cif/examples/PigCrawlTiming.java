package dev.cif.examples;

import dev.cif.testing.CrawlPages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A timing harness, not a test: the paper's crawl job (crawl.pig) in Pig local mode over PigStorage
 * text, CIF (metadata in a DCSL column) and Pig's AvroStorage, on generated pages of about MB
 * megabytes of text. Each format's job runs REPEAT times in a fresh JVM (AvroStorage's with Avro 1.7.7);
 * answers are checked to be equal. Run from ddl-examples/ after {@code mvn test-compile}:
 * <pre>java -cp "target/test-classes:$(cat target/test-classpath.txt)" dev.cif.examples.PigCrawlTiming [MB [REPEAT]]</pre>
 */
public final class PigCrawlTiming {
  private static final int CONTENT_CHARS = 10_000;

  private PigCrawlTiming() {}

  public static void main(String[] args) throws Exception {
    int mb = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    int repeat = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    Path dir = Paths.get("target", "timing").toAbsolutePath();
    PigScripts.deleteTree(dir);
    int pages = (int) (mb * 1_000_000L / (CONTENT_CHARS + 120));
    long t0 = System.nanoTime();
    String text = CrawlPages.write(dir.resolve("crawl.txt"), pages, CONTENT_CHARS).toString();
    System.out.printf("generated %d pages of text in %d ms%n", pages, (System.nanoTime() - t0) / 1_000_000);

    String own = PigJvm.ownClasspath();
    String avro = PigJvm.avroStorageClasspath();
    Map<String, String[]> formats = new LinkedHashMap<>();  // name -> {input, loader, classpath}
    formats.put("PigStorage text", new String[] {text, PigExamplesTest.TEXT_LOADER, own});
    formats.put("CIF (metadata dcsl)", new String[] {store(dir, own, text, "cif", "dev.cif.pig.CifStorer('metadata:dcsl')"),
        PigExamplesTest.CIF_LOADER, own});
    formats.put("AvroStorage (Avro 1.7.7)", new String[] {store(dir, avro, text, "avro", "AvroStorage()"), "AvroStorage()", avro});

    StringBuilder table = new StringBuilder("| format | MB on disk | crawl job runs (ms) | best (ms) |\n|---|---|---|---|\n");
    List<String> answer = null;
    int i = 0;
    for (Map.Entry<String, String[]> f : formats.entrySet()) {
      String[] v = f.getValue();
      String out = dir.resolve("answer-" + i).toString();
      List<Long> times = PigJvm.run(v[2], dir.resolve("jvm-crawl-" + i++), repeat, "crawl.pig",
          Map.of("input", v[0], "loader", v[1], "output", out));
      List<String> a = PigScripts.textOutput(out);
      if (answer != null && !answer.equals(a)) throw new IllegalStateException(f.getKey() + " answers " + a + ", not " + answer);
      answer = a;
      table.append(String.format("| %s | %.1f | %s | %d |%n", f.getKey(), bytes(Paths.get(v[0])) / 1e6, times, Collections.min(times)));
    }
    System.out.printf("crawl job, %d pages (%d MB of text), %d runs per format, answer %s%n%s", pages, mb, repeat, answer, table);
  }

  /** Stores the text with a storer in a JVM of the given classpath; returns the dataset directory. */
  private static String store(Path dir, String classpath, String text, String name, String storer) throws Exception {
    String out = dir.resolve("crawl." + name).toString();
    List<Long> t = PigJvm.run(classpath, dir.resolve("jvm-load-" + name), 1, "load_crawl.pig",
        Map.of("input", text, "output", out, "storer", storer));
    System.out.printf("stored %s in %d ms%n", name, t.get(0));
    return out;
  }

  private static long bytes(Path p) throws IOException {
    try (Stream<Path> s = Files.walk(p)) {
      return s.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().endsWith(".crc"))
          .mapToLong(f -> f.toFile().length()).sum();
    }
  }
}
