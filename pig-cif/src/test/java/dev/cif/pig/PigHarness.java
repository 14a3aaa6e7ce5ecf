package dev.cif.pig;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.pig.PigServer;
import org.apache.pig.data.Tuple;

/** One local-mode PigServer per test class, with every scratch directory under target/. */
final class PigHarness implements AutoCloseable {
  final Path dir;
  final PigServer pig;

  PigHarness(String name) throws IOException {
    this(name, new Properties());
  }

  /** @param extra settings added to the PigServer's (e.g. a test file system's fs.SCHEME.impl) */
  PigHarness(String name, Properties extra) throws IOException {
    dir = Paths.get("target", "pig-tests", name).toAbsolutePath();
    deleteTree(dir);
    Files.createDirectories(dir);
    // Pig makes its own temporary directories under java.io.tmpdir (surefire points it into target/).
    Files.createDirectories(Paths.get(System.getProperty("java.io.tmpdir")));
    Properties p = new Properties();
    p.setProperty("hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString());
    p.setProperty("mapreduce.jobtracker.staging.root.dir", dir.resolve("staging").toString());
    p.setProperty("pig.temp.dir", dir.resolve("pig-tmp").toString());
    p.setProperty("pig.logfile", dir.resolve("pig.log").toString());
    p.setProperty("fs.defaultFS", "file:///");
    // Pig's job-control thread looks at its jobs every pig.jobcontrol.sleep ms (5 s by default); local jobs
    // finish in well under that, as PigShell's local sessions set too.
    p.setProperty("pig.jobcontrol.sleep", "100");
    p.putAll(extra);
    pig = new PigServer(org.apache.pig.ExecType.LOCAL, p);
  }

  /** An absolute path under this class's directory. */
  String path(String child) { return dir.resolve(child).toString(); }

  void query(String... lines) throws IOException {
    for (String l : lines) pig.registerQuery(l);
  }

  /** The rows of a relation, each rendered by {@link Canonical}, sorted. */
  List<String> rows(String alias) throws IOException {
    List<String> out = new ArrayList<>();
    Iterator<Tuple> it = pig.openIterator(alias);
    while (it.hasNext()) out.add(Canonical.of(it.next()));
    Collections.sort(out);
    return out;
  }

  /** The lines of a PigStorage output directory's part files, sorted. */
  static List<String> textOutput(String outputDir) throws IOException {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(Paths.get(outputDir))) {
      for (Path f : (Iterable<Path>) files.filter(f -> f.getFileName().toString().startsWith("part"))::iterator) {
        lines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
      }
    }
    Collections.sort(lines);
    return lines;
  }

  static void writeText(String file, List<String> lines) throws IOException {
    Path p = Paths.get(file);
    Files.createDirectories(p.getParent());
    Files.write(p, lines, StandardCharsets.UTF_8);
  }

  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) return;
    try (Stream<Path> s = Files.walk(p)) {
      s.sorted(Collections.reverseOrder()).map(Path::toFile).forEach(File::delete);
    }
  }

  @Override
  public void close() { pig.shutdown(); }
}
