package dev.cif.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The binary distribution as a user gets it: the tar.gz unpacked (once per test JVM) into a directory of its
 * own, run with the user's PATH less Maven (no classpath files of a build, no source tree) from a working
 * directory outside the unpacked tree. Also runs the source tree's bin/cif, for the tests that compare the two.
 */
final class UnpackedDistribution {
  private static UnpackedDistribution instance;

  final Path home;
  final Path work;
  /** The user's PATH without Maven: one directory linking every command on PATH but mvn, java first. */
  final Path path;

  /** What one run of a launcher printed and returned. */
  record Run(int exit, String out, String err) {
    String all() { return out + err; }
  }

  private UnpackedDistribution(Path home, Path work, Path path) {
    this.home = home;
    this.work = work;
    this.path = path;
  }

  static synchronized UnpackedDistribution get() throws Exception {
    if (instance == null) instance = unpack();
    return instance;
  }

  private static UnpackedDistribution unpack() throws Exception {
    Path tarball = Path.of(System.getProperty("cif.dist.tarball"));
    assertTrue(Files.isRegularFile(tarball), "no distribution at " + tarball);
    Path root = Files.createDirectories(Path.of("target", "dist-it-" + UUID.randomUUID()).toAbsolutePath());
    Process tar = new ProcessBuilder("tar", "-xzf", tarball.toString(), "-C", root.toString()).inheritIO().start();
    assertEquals(0, tar.waitFor());
    Path path = Files.createDirectories(root.resolve("path"));
    // Hadoop's local file system runs chmod and friends: every command but mvn stays reachable.
    Files.createSymbolicLink(path.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
    for (String dir : System.getenv("PATH").split(File.pathSeparator)) {
      File[] commands = new File(dir).listFiles();
      if (commands == null) continue;
      for (File c : commands) {
        Path link = path.resolve(c.getName());
        if (c.getName().startsWith("mvn") || !c.canExecute() || c.isDirectory() || Files.exists(link, LinkOption.NOFOLLOW_LINKS)) continue;
        Files.createSymbolicLink(link, c.toPath().toAbsolutePath());
      }
    }
    return new UnpackedDistribution(root.resolve(System.getProperty("cif.dist.name")), Files.createDirectories(root.resolve("work")), path);
  }

  /** The distribution's bin/cif with these arguments. */
  Run cif(String... args) throws Exception {
    return cifWith(Map.of(), args);
  }

  /** The distribution's bin/cif with these arguments and environment variables. */
  Run cifWith(Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(home.resolve("bin/cif").toString()));
    command.addAll(List.of(args));
    return run(command, path.toString(), env);
  }

  /** The source tree's bin/cif (Maven on its PATH, for a stale build) with these arguments and environment variables. */
  Run sourceCif(Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(System.getProperty("cif.source.launcher")));
    command.addAll(List.of(args));
    return run(command, path.toString() + File.pathSeparator + System.getenv("PATH"), env);
  }

  /** Runs a command in {@link #work} with only PATH, HOME, a small heap, lean JVM flags and {@code env} set. */
  Run run(List<String> command, String searchPath, Map<String, String> env) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile());
    Map<String, String> e = pb.environment();
    e.clear();
    e.put("PATH", searchPath);
    e.put("HOME", work.toString());
    e.put("CIF_HEAP", "1g");
    // The JVM flags the build's own test JVMs run with (root pom, cif.test.argLine): these commands live
    // seconds to a minute, mostly class loading and start-up, which C2 and G1's threads slow on CI's 2 cores.
    e.put("CIF_JAVA_OPTS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    e.putAll(env);
    File out = work.resolve("out-" + UUID.randomUUID()).toFile();
    File err = work.resolve("err-" + UUID.randomUUID()).toFile();
    pb.redirectOutput(out).redirectError(err);
    Process p = pb.start();
    // A command that has not ended in 5 minutes is hung, not slow.
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "still running: " + String.join(" ", command));
    return new Run(p.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()));
  }
}
