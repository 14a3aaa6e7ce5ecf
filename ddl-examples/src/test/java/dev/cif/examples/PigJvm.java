package dev.cif.examples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs {@link PigScripts#main} in a JVM of its own, with a given classpath. The AvroStorage JVM gets
 * {@link #avroStorageClasspath()}: Pig, Hadoop and Avro 1.7.7 (what Pig 0.18's AvroStorage was built
 * for), without cif-core, Hive or Avro 1.12, which CIF needs and AvroStorage cannot run next to.
 */
final class PigJvm {
  private PigJvm() {}

  /** This JVM's own classpath: Pig with CIF. */
  static String ownClasspath() { return System.getProperty("java.class.path"); }

  /** Built by the pom (maven-dependency-plugin) into target/; paths are relative to the module. */
  static String avroStorageClasspath() throws IOException {
    Path target = Files.isDirectory(Paths.get("target/pig-avro17")) ? Paths.get("target") : Paths.get("ddl-examples/target");
    String jars;
    try (Stream<Path> s = Files.list(target.resolve("pig-avro17"))) {
      jars = s.map(p -> p.toAbsolutePath().toString()).sorted().collect(Collectors.joining(":"));
    }
    String deps = new String(Files.readAllBytes(target.resolve("pig-avro17-classpath.txt")), StandardCharsets.UTF_8).trim();
    return target.resolve("test-classes").toAbsolutePath() + ":" + jars + ":" + deps;
  }

  /**
   * Runs a script {@code repeat} times in a new JVM.
   * @return the elapsed milliseconds of each run
   */
  static List<Long> run(String classpath, Path work, int repeat, String script, Map<String, String> params)
      throws IOException, InterruptedException {
    Files.createDirectories(work.resolve("tmp"));
    List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx2g", "-Djava.io.tmpdir=" + work.resolve("tmp"), "-cp", classpath, PigScripts.class.getName(),
        work.toString(), Integer.toString(repeat), script));
    params.forEach((k, v) -> cmd.add(k + "=" + v));
    Path out = work.resolve("stdout.txt");
    Path err = work.resolve("stderr.txt");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    int rc = p.waitFor();
    List<Long> times = new ArrayList<>();
    for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
      if (line.startsWith("elapsed_ms=")) times.add(Long.parseLong(line.substring("elapsed_ms=".length())));
    }
    if (rc != 0 || times.size() != repeat) {
      List<String> log = Files.readAllLines(err, StandardCharsets.UTF_8);
      throw new IOException(script + " failed in its JVM (exit " + rc + "); stderr ends:\n"
          + String.join("\n", log.subList(Math.max(0, log.size() - 30), log.size())));
    }
    return times;
  }
}
