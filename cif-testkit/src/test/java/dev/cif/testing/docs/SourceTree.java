package dev.cif.testing.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.FileVisitResult;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What exists, as the reactor's files say it (a plain scan, no class loading): the Java types its sources declare,
 * (and the classes of its Python sources), the {@code bin/cif} commands its modules register, the command-line flags its sources and launchers spell, and the
 * {@code cif.*} and {@code hive.*} names its sources, poms and scripts use. What the docs may name is checked against
 * these sets.
 */
final class SourceTree {
  private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
  private static final Pattern TYPE = Pattern.compile("\\b(?:class|interface|enum|record|@interface)\\s+([A-Z]\\w*)");
  /** A type the code uses from another project: imported, or named with its package (the code compiles, so it exists). */
  private static final Pattern USED_TYPE = Pattern.compile("\\b(?:org|com|io|java|javax|jdk|net)\\.(?:[a-z]\\w*\\.)+([A-Z]\\w*)");
  /** The bundles' relocated packages ({@code <shadedPattern>} in their poms). */
  private static final Pattern SHADED = Pattern.compile("<shadedPattern>(dev\\.cif\\.shaded[\\w.]*)</shadedPattern>");
  private static final Pattern PYTHON_CLASS = Pattern.compile("(?m)^\\s*class\\s+([A-Z]\\w*)");
  private static final Pattern COMMAND_NAME = Pattern.compile("String\\s+name\\(\\)\\s*\\{\\s*return\\s+\"([^\"]+)\"");
  private static final Pattern FLAG = Pattern.compile("(?<![\\w-])--([a-z][\\w-]*)");
  /** A quoted word: option names that parsers take without their dashes ({@code args.get("limit")}). */
  private static final Pattern WORD_LITERAL = Pattern.compile("\"([a-z][a-z0-9-]*)\"");
  static final Pattern SETTING = Pattern.compile("(?<![\\w./-])((?:cif|hive)\\.[a-z][\\w.-]*[a-zA-Z0-9])");

  final Path root;
  /** Simple names of the types this tree declares, and of those it uses from other projects. */
  final Set<String> simpleTypes = new TreeSet<>();
  final Set<String> qualifiedTypes = new TreeSet<>();
  final Set<String> packages = new TreeSet<>();
  final Set<String> commands = new TreeSet<>();
  final Set<String> flags = new TreeSet<>();
  final Set<String> settings = new TreeSet<>();

  SourceTree(Path root) throws IOException {
    this.root = root;
    List<Path> modules = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(root)) {
      dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml"))).sorted().forEach(modules::add);
    }
    for (Path module : modules) {
      settingsIn(module.resolve("pom.xml"));
      for (Matcher m = SHADED.matcher(read(module.resolve("pom.xml"))); m.find(); ) packages.add(m.group(1));
      Path src = module.resolve("src");
      if (!Files.isDirectory(src)) continue;
      try (Stream<Path> files = Files.walk(src)) {
        for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
          String name = f.getFileName().toString();
          if (name.endsWith(".java")) java(f);
          else if (name.equals("dev.cif.command.Command") && f.toString().contains("/src/main/")) registry(f);
          else if (f.toString().contains("/src/main/")) settingsIn(f);
        }
      }
    }
    // Python sources anywhere in the tree (the second reader written from FORMAT.md): their classes may be named too.
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        String name = dir.getFileName().toString();
        return name.equals("target") || name.startsWith(".") && !dir.equals(root) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
        if (f.toString().endsWith(".py")) for (Matcher m = PYTHON_CLASS.matcher(read(f)); m.find(); ) simpleTypes.add(m.group(1));
        return FileVisitResult.CONTINUE;
      }
    });
    try (Stream<Path> scripts = Files.walk(root.resolve("bin"))) {
      for (Path f : (Iterable<Path>) scripts.filter(Files::isRegularFile)::iterator) {
        String text = read(f);
        if (text == null) continue;
        for (Matcher m = FLAG.matcher(text); m.find(); ) flags.add("--" + m.group(1));
        for (Matcher m = SETTING.matcher(text); m.find(); ) settings.add(m.group(1));
      }
    }
  }

  private void java(Path f) {
    String text = read(f);
    Matcher p = PACKAGE.matcher(text);
    String pkg = p.find() ? p.group(1) : "";
    packages.add(pkg);
    for (Matcher m = TYPE.matcher(text); m.find(); ) {
      simpleTypes.add(m.group(1));
      qualifiedTypes.add(pkg + "." + m.group(1));
    }
    for (Matcher m = USED_TYPE.matcher(text); m.find(); ) simpleTypes.add(m.group(1));
    // Flags count where a command spells them; settings also where a test harness reads one (-Dcif.bench.out), but
    // not in this check's own tests, which make names up.
    if (f.toString().contains("/src/main/")) {
      for (Matcher m = FLAG.matcher(text); m.find(); ) flags.add("--" + m.group(1));
      for (Matcher m = WORD_LITERAL.matcher(text); m.find(); ) flags.add("--" + m.group(1));
    }
    if (!f.toString().contains("/dev/cif/testing/docs/")) settingsIn(text);
  }

  /** A module's registry of commands: each class named there, read for the name it returns. */
  private void registry(Path services) {
    for (String line : read(services).lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList()) {
      Path source = null;
      try (Stream<Path> modules = Files.list(root)) {
        source = modules.map(m -> m.resolve("src/main/java/" + line.replace('.', '/') + ".java")).filter(Files::isRegularFile)
            .findFirst().orElseThrow(() -> new IllegalStateException(services + " names " + line + ", which no module's sources define"));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Matcher m = COMMAND_NAME.matcher(read(source));
      if (!m.find()) throw new IllegalStateException(source + ": no `String name() { return \"...\"; }` to take the command's name from");
      commands.add(m.group(1));
    }
  }

  private void settingsIn(Path f) {
    String text = read(f);
    if (text != null) settingsIn(text);
  }

  private void settingsIn(String text) {
    for (Matcher m = SETTING.matcher(text); m.find(); ) settings.add(m.group(1));
  }

  /** The file as text, or null for a binary file (a jar, a png, a golden CIF file). */
  private static String read(Path f) {
    try {
      byte[] bytes = Files.readAllBytes(f);
      for (int i = 0; i < Math.min(bytes.length, 4096); i++) if (bytes[i] == 0) return null;
      return new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
