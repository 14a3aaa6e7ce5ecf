package dev.cif.embedded.hive;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Hive's hive-exec jar expanded once into a directory that {@code bin/cif} puts on the classpath in the jar's
 * place, so that Tez local does not copy the 92 MB jar for every task (docs/hive.md, "Tez local's per-task
 * copy of hive-exec"). Hive registers the code source of its {@code DagUtils} as the job jar whenever that is a
 * jar; from a directory it takes {@code hive.jar.path} instead, which {@link EmbeddedHive} then sets: in Tez
 * local to a jar with no classes (the tasks run in this JVM, on its classpath), elsewhere to the original jar
 * (YARN's containers need Hive's classes), named by the launcher in the System property {@value #ORIGINAL_JAR}.
 */
public final class HiveExecDirectory {
  /** The system property in which the launcher names the jar it expanded (a launcher hand-off, not a setting: not cif.*). */
  static final String ORIGINAL_JAR = "dev.cif.launcher.hive-exec-jar";

  private HiveExecDirectory() {}

  /**
   * {@code java ... HiveExecDirectory JAR DIR}: expands JAR into DIR unless DIR exists. The entries go to a
   * temporary sibling first, renamed into place when complete, so a launcher that finds DIR finds all of it
   * (two launchers at once each expand, and the second rename finds DIR there and is dropped).
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: HiveExecDirectory JAR DIR");
      System.exit(2);
    }
    Path dir = Path.of(args[1]);
    if (Files.isDirectory(dir)) return;
    Files.createDirectories(dir.getParent());
    Path tmp = Files.createTempDirectory(dir.getParent(), dir.getFileName() + ".tmp");
    try {
      expand(new File(args[0]), tmp);
      try {
        Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        if (!Files.isDirectory(dir)) throw e; // else a concurrent launcher's directory is in place
      }
    } finally {
      org.apache.hadoop.fs.FileUtil.fullyDelete(tmp.toFile());
    }
  }

  private static void expand(File jar, Path into) throws IOException {
    try (ZipFile zip = new ZipFile(jar)) {
      Enumeration<? extends ZipEntry> entries = zip.entries();
      while (entries.hasMoreElements()) {
        ZipEntry e = entries.nextElement();
        Path target = into.resolve(e.getName()).normalize();
        if (!target.startsWith(into)) throw new IOException(jar + ": entry " + e.getName() + " leaves the directory");
        if (e.isDirectory()) {
          Files.createDirectories(target);
          continue;
        }
        Files.createDirectories(target.getParent());
        try (InputStream in = zip.getInputStream(e)) {
          Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  /** Whether Hive's classes come from a directory (the expanded jar) rather than a jar. */
  static boolean onClasspath() {
    try {
      String where = org.apache.hadoop.hive.ql.exec.tez.DagUtils.class.getProtectionDomain().getCodeSource()
          .getLocation().toURI().toString();
      return !where.endsWith(".jar");
    } catch (URISyntaxException | RuntimeException e) {
      return false;
    }
  }

  /**
   * The jar to send a cluster's tasks for a class loaded from {@code location}: the jar the expanded directory
   * came from when {@code location} is that directory (hive-exec also holds classes CIF needs, such as
   * aircompressor's, and a directory cannot be shipped), else null.
   */
  static File jarFor(File location) {
    if (!location.isDirectory() || originalJar() == null) return null;
    try {
      File hive = new File(org.apache.hadoop.hive.ql.exec.tez.DagUtils.class.getProtectionDomain().getCodeSource()
          .getLocation().toURI());
      return hive.equals(location) ? new File(originalJar()) : null;
    } catch (URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  /** The jar the directory was expanded from, as the launcher names it; null if it does not. */
  static String originalJar() {
    String jar = System.getProperty(ORIGINAL_JAR);
    return jar == null || jar.isEmpty() ? null : jar;
  }

  /**
   * A jar with a manifest and no classes, made once in {@code dir}: Tez local's job jar, which every task
   * copies and none needs.
   */
  static File emptyJar(File dir) {
    File jar = new File(dir, "no-classes.jar");
    if (jar.isFile()) return jar;
    try {
      Files.createDirectories(dir.toPath());
      Path tmp = Files.createTempFile(dir.toPath(), "no-classes", ".tmp");
      Manifest m = new Manifest();
      m.getMainAttributes().putValue("Manifest-Version", "1.0");
      try (OutputStream out = new JarOutputStream(Files.newOutputStream(tmp), m)) {
        out.flush();
      }
      Files.move(tmp, jar.toPath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return jar;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + jar, e);
    }
  }
}
