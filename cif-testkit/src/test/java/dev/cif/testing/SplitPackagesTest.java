package dev.cif.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No Java package is defined by two modules of the reactor, in their main or test source trees (a test jar
 * is a jar too): a package split across jars lets one jar reach another's package-private members, and
 * breaks as soon as the two are loaded by different class loaders or as modules. A module's main and test
 * trees may share a package; that is where a test of package-private code belongs.
 */
class SplitPackagesTest {
  private static final Pattern MODULE = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>");
  private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");

  /** The reactor's root: this module's parent directory (surefire runs in the module's directory). */
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void noPackageIsDefinedByTwoModules() throws IOException {
    Map<String, Set<String>> definers = new TreeMap<>();
    List<String> modules = modules();
    for (String module : modules) {
      for (Map.Entry<String, String> e : packages(ROOT.resolve(module)).entrySet()) {
        definers.computeIfAbsent(e.getKey(), k -> new TreeSet<>()).add(module + " (" + e.getValue() + ")");
      }
    }
    assertTrue(definers.size() > modules.size(), "the scan found the reactor's sources: " + definers.keySet());
    List<String> split = new ArrayList<>();
    definers.forEach((pkg, in) -> {
      if (in.size() > 1) split.add("package " + pkg + " is defined by " + String.join(" and ", in));
    });
    assertTrue(split.isEmpty(), String.join("\n", split));
  }

  /** The modules the root pom names. */
  private static List<String> modules() throws IOException {
    String pom = Files.readString(ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);
    List<String> modules = new ArrayList<>();
    for (Matcher m = MODULE.matcher(pom); m.find(); ) modules.add(m.group(1));
    assertTrue(modules.contains("cif-testkit"), "not the reactor's root pom: " + ROOT.resolve("pom.xml"));
    return modules;
  }

  /** Each package a module's source trees define, with the trees (main, test, ...) that define it. */
  private static Map<String, String> packages(Path module) throws IOException {
    Map<String, Set<String>> trees = new TreeMap<>();
    Path src = module.resolve("src");
    if (!Files.isDirectory(src)) return Map.of();
    try (Stream<Path> sources = Files.walk(src)) {
      for (Path java : (Iterable<Path>) sources.filter(p -> p.toString().endsWith(".java"))::iterator) {
        Path tree = src.relativize(java);
        // src/<tree>/java/...: the tree's name, e.g. main or test.
        if (tree.getNameCount() < 3 || !tree.getName(1).toString().equals("java")) continue;
        Matcher m = PACKAGE.matcher(Files.readString(java, StandardCharsets.UTF_8));
        String pkg = m.find() ? m.group(1) : "(the unnamed package)";
        trees.computeIfAbsent(pkg, k -> new TreeSet<>()).add(tree.getName(0).toString());
      }
    }
    Map<String, String> out = new TreeMap<>();
    trees.forEach((pkg, in) -> out.put(pkg, String.join(", ", in)));
    return out;
  }
}
