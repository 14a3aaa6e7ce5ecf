package dev.cif.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Files the cluster's nodes keep on the local disk (container logs, launch scripts), read while the
 * NodeManagers run: they create and delete directories meanwhile (a finished application's cache goes at
 * once), so a file or directory that vanishes under a walk or before it is read is skipped, not an error.
 */
final class NodeFiles {
  private NodeFiles() {}

  /** Every file under {@code root} whose name passes {@code name}, as the tree stood during the walk. */
  static List<Path> named(Path root, Predicate<String> name) throws IOException {
    List<Path> found = new ArrayList<>();
    if (!Files.isDirectory(root)) return found;
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        if (name.test(file.getFileName().toString())) found.add(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
        if (e instanceof NoSuchFileException) return FileVisitResult.CONTINUE;
        throw e;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
        // A directory deleted while its entries were being read ends its iteration with this exception.
        if (e == null || e instanceof NoSuchFileException) return FileVisitResult.CONTINUE;
        throw e;
      }
    });
    return found;
  }

  /** A file's text, or empty when it was deleted since it was listed. */
  static Optional<String> text(Path file) throws IOException {
    try {
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }
}
