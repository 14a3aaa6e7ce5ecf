package dev.cif.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Temporary directories of a test JVM, all under one parent that is deleted when the JVM exits: tests made
 * thousands of {@code cif-*} directories under the system's temporary directory and left them there.
 */
public final class TempDirs {
  private static Path parent;

  private TempDirs() {}

  /** A fresh directory named {@code prefix...}, deleted (with what it holds) when this JVM exits. */
  public static synchronized Path create(String prefix) throws IOException {
    if (parent == null) {
      parent = Files.createTempDirectory("cif-tests");
      Path p = parent;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(p), "cif-temp-dirs"));
    }
    return Files.createTempDirectory(parent, prefix);
  }

  /** Deletes a directory tree; what cannot be deleted is left (a JVM exiting has no one to tell). */
  static void delete(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // a file vanished while walking: what is left is left
    }
  }
}
