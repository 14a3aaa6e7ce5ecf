package dev.cif.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** FORMAT.md points to where each rule is implemented as [`Class`] or [`Class.member`]: every such class exists in cif-core. */
class ClassReferencesTest {
  private static final Pattern POINTER = Pattern.compile("\\[`([^]]+)`\\]");
  private static final Pattern CLASS = Pattern.compile("(?:^|[`,/ ]+)([A-Z]\\w+)");

  @Test
  void everyClassFormatMdPointsToExists() throws IOException {
    Set<String> classes;
    try (Stream<Path> files = Files.walk(FormatDoc.repoRoot().resolve("cif-core/src/main/java"))) {
      classes = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java"))
          .map(n -> n.substring(0, n.length() - 5)).collect(Collectors.toSet());
    }
    Set<String> missing = new TreeSet<>();
    for (String line : FormatDoc.load().lines) {
      Matcher m = POINTER.matcher(line);
      while (m.find()) {
        Matcher c = CLASS.matcher(m.group(1));
        while (c.find()) if (!classes.contains(c.group(1))) missing.add(c.group(1));
      }
    }
    assertEquals(Set.of(), missing, "classes docs/FORMAT.md names that cif-core does not have");
  }
}
