package dev.cif.examples;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.pig.ExecType;
import org.apache.pig.PigServer;

/**
 * The one runner of the Pig Latin examples (src/main/pig): a local-mode PigServer with its scratch
 * directories under one work directory, running a script with $parameters. It uses no CIF class, so
 * {@link #main} also runs in the AvroStorage JVM, whose classpath has Avro 1.7.7 and no cif-core.
 */
public final class PigScripts implements AutoCloseable {
  /** Where the example scripts are: ddl-examples/src/main/pig, from the module or the project root. */
  static final Path DIR = Files.isDirectory(Paths.get("src/main/pig")) ? Paths.get("src/main/pig").toAbsolutePath()
      : Paths.get("ddl-examples/src/main/pig").toAbsolutePath();

  private final Path work;
  private final PigServer pig;

  public PigScripts(Path work) throws IOException {
    this.work = work.toAbsolutePath();
    Files.createDirectories(this.work);
    // Pig makes its own temporary directories under java.io.tmpdir.
    Files.createDirectories(Paths.get(System.getProperty("java.io.tmpdir")));
    Properties p = new Properties();
    p.setProperty("hadoop.tmp.dir", this.work.resolve("hadoop-tmp").toString());
    p.setProperty("mapreduce.jobtracker.staging.root.dir", this.work.resolve("staging").toString());
    p.setProperty("pig.temp.dir", this.work.resolve("pig-tmp").toString());
    p.setProperty("pig.logfile", this.work.resolve("pig.log").toString());
    p.setProperty("fs.defaultFS", "file:///");
    // Pig's job-control thread checks its jobs every pig.jobcontrol.sleep ms (5 s by default), as PigShell sets.
    p.setProperty("pig.jobcontrol.sleep", "100");
    pig = new PigServer(ExecType.LOCAL, p);
  }

  /** Runs src/main/pig/{script} with the given parameters, after removing its $output directory. */
  public void run(String script, Map<String, String> params) throws IOException {
    if (params.containsKey("output")) deleteTree(Paths.get(params.get("output")));
    try (InputStream in = Files.newInputStream(DIR.resolve(script))) {
      pig.registerScript(in, params);
    }
  }

  /** The lines of a PigStorage output directory's part files, sorted. */
  public static List<String> textOutput(String outputDir) throws IOException {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(Paths.get(outputDir))) {
      for (Path f : (Iterable<Path>) files.filter(f -> f.getFileName().toString().startsWith("part")).sorted()::iterator) {
        lines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
      }
    }
    Collections.sort(lines);
    return lines;
  }

  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) return;
    try (Stream<Path> s = Files.walk(p)) {
      s.sorted(Collections.reverseOrder()).map(Path::toFile).forEach(File::delete);
    }
  }

  @Override
  public void close() { pig.shutdown(); }

  /**
   * {@code PigScripts WORKDIR REPEAT SCRIPT [name=value ...]}: runs the script REPEAT times and prints
   * {@code elapsed_ms=N} after each run (used by the AvroStorage test and the timing harness).
   */
  public static void main(String[] args) throws Exception {
    Map<String, String> params = new LinkedHashMap<>();
    for (int i = 3; i < args.length; i++) {
      params.put(args[i].substring(0, args[i].indexOf('=')), args[i].substring(args[i].indexOf('=') + 1));
    }
    try (PigScripts pig = new PigScripts(Paths.get(args[0]))) {
      for (int r = 0; r < Integer.parseInt(args[1]); r++) {
        long t0 = System.nanoTime();
        pig.run(args[2], params);
        System.out.println("elapsed_ms=" + (System.nanoTime() - t0) / 1_000_000);
      }
    }
    System.exit(0);
  }
}
