package dev.cif.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The binary distribution as a user gets it: the tar.gz unpacked into a directory of its own and run
 * with the user's PATH less Maven (and no classpath files of a build, no source tree),
 * from a working directory outside the unpacked tree.
 */
class DistributionIT {
  private static Path home;
  private static Path work;
  private static Path path;

  @BeforeAll
  static void unpack() throws Exception {
    Path tarball = Path.of(System.getProperty("cif.dist.tarball"));
    assertTrue(Files.isRegularFile(tarball), "no distribution at " + tarball);
    Path root = Files.createDirectories(Path.of("target", "dist-it-" + UUID.randomUUID()).toAbsolutePath());
    Process tar = new ProcessBuilder("tar", "-xzf", tarball.toString(), "-C", root.toString()).inheritIO().start();
    assertEquals(0, tar.waitFor());
    home = root.resolve(System.getProperty("cif.dist.name"));
    work = Files.createDirectories(root.resolve("work"));
    // The user's PATH without Maven: one directory linking every command on it (Hadoop's local file
    // system runs chmod and friends) but mvn, and java first.
    path = Files.createDirectories(root.resolve("path"));
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
  }

  @Test
  void holdsTheLauncherTheBundlesThePlacementPolicyAndTheDocs() throws IOException {
    assertTrue(Files.isExecutable(home.resolve("bin/cif")));
    String version = System.getProperty("cif.dist.name").substring("cif-".length());
    for (String jar : List.of("cif-hive-bundle-", "cif-pig-bundle-", "placement-policy-", "cif-core-", "hive-exec-")) {
      assertTrue(Files.isRegularFile(home.resolve("lib/" + jar + (jar.equals("hive-exec-") ? "4.1.0" : version) + ".jar")), jar);
    }
    assertTrue(Files.isRegularFile(home.resolve("docs/cluster.md")));
    for (String cp : List.of("cli", "hive", "sql")) {
      for (String jar : Files.readAllLines(home.resolve("lib/" + cp + ".classpath"))) {
        if (!jar.isEmpty()) assertTrue(Files.isRegularFile(home.resolve("lib").resolve(jar)), cp + ": " + jar);
      }
    }
  }

  @Test
  void runsTheDemoAndReadsWhatItWroteWithoutMaven() throws Exception {
    Run noMaven = cif(path.resolve("bash").toString(), "-c", "command -v mvn");
    assertFalse(noMaven.exit == 0, "mvn is reachable on the test PATH: " + noMaven.out);

    Run demo = cif(home.resolve("bin/cif").toString(), "demo", "--rows", "2000", "--dir", work.resolve("demo").toString());
    assertEquals(0, demo.exit, demo.out + demo.err);
    assertTrue(demo.out.contains("crawl dataset: 2,000 rows"), demo.out);
    assertTrue(demo.out.contains("answers agree"), demo.out);

    Run meta = cif(home.resolve("bin/cif").toString(), "meta", work.resolve("demo/cif").toString());
    assertEquals(0, meta.exit, meta.out + meta.err);
    assertTrue(meta.out.contains("metadata") && meta.out.contains("url"), meta.out);
    Run verify = cif(home.resolve("bin/cif").toString(), "verify", work.resolve("demo/cif").toString());
    assertEquals(0, verify.exit, verify.out + verify.err);
  }

  @Test
  void runsPigWithTheShortNames() throws Exception {
    Path in = work.resolve("pig-in.txt");
    Files.write(in, List.of("1,a", "2,b"), StandardCharsets.UTF_8);
    Run pig = cif(home.resolve("bin/cif").toString(), "pig", "-e",
        "t = LOAD '" + in + "' USING PigStorage(',') AS (id:int, name:chararray);"
            + " STORE t INTO '" + work.resolve("pig-cif") + "' USING CifStorer();");
    assertEquals(0, pig.exit, pig.out + pig.err);
    Run cat = cif(home.resolve("bin/cif").toString(), "cat", work.resolve("pig-cif").toString());
    assertEquals(0, cat.exit, cat.out + cat.err);
    assertTrue(cat.out.contains("\"name\"") && cat.out.contains("\"b\""), cat.out);
  }

  private record Run(int exit, String out, String err) {}

  private static Run cif(String... command) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile());
    Map<String, String> env = pb.environment();
    env.clear();
    env.put("PATH", path.toString());
    env.put("HOME", work.toString());
    env.put("CIF_HEAP", "1g");
    File out = work.resolve("out-" + UUID.randomUUID()).toFile();
    File err = work.resolve("err-" + UUID.randomUUID()).toFile();
    pb.redirectOutput(out).redirectError(err);
    Process p = pb.start();
    // The demo's jobs run in one JVM; a run that has not ended in 5 minutes is hung, not slow.
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "still running: " + String.join(" ", command));
    return new Run(p.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()));
  }
}
