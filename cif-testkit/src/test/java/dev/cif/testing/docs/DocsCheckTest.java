package dev.cif.testing.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The docs (README.md, CHANGELOG.md, docs/**.md) name only classes, {@code bin/cif} commands, flags and settings
 * that exist: a renamed class or a removed setting fails here, with the doc, line and name, instead of misleading a
 * reader. A plain scan of the files (about a second), in cif-testkit because it depends on nothing and is built first.
 */
class DocsCheckTest {
  /** The reactor's root: this module's parent directory (surefire runs in the module's directory). */
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final String ALLOW_LIST = "docs-check-allowed.txt";
  /** FORMAT.md's grammar: {@code Preamble := ...}, {@code KeyCount:uvarint}. Its symbols look like classes. */
  private static final Pattern GRAMMAR = Pattern.compile("\\b([A-Z]\\w*)(?:\\s*:=|:[a-z])");

  private static DocsCheck check;

  @BeforeAll
  static void scan() throws IOException {
    Set<String> grammar = new TreeSet<>();
    for (Matcher m = GRAMMAR.matcher(Files.readString(ROOT.resolve("docs/FORMAT.md"))); m.find(); ) grammar.add(m.group(1));
    check = new DocsCheck(new SourceTree(ROOT), allowList(), grammar);
  }

  @Test
  void everyNameTheDocsUseExists() throws IOException {
    List<Path> docs = new ArrayList<>();
    for (String top : List.of("README.md", "CHANGELOG.md")) if (Files.isRegularFile(ROOT.resolve(top))) docs.add(ROOT.resolve(top));
    try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
      files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    assertTrue(docs.size() > 10, "the docs were found: " + docs);
    List<String> problems = new ArrayList<>();
    for (Path doc : docs) {
      problems.addAll(check.problems(ROOT.relativize(doc).toString(), Files.readAllLines(doc, StandardCharsets.UTF_8)));
    }
    assertTrue(problems.isEmpty(), problems.size() + " names in the docs do not exist (rename them, or allow-list a foreign "
        + "project's name with its reason in cif-testkit/src/test/resources/" + ALLOW_LIST + "):\n" + String.join("\n", problems));
  }

  /** The check can fail: a made-up class, command, flag, setting and link are each reported with doc, line and name. */
  @Test
  void reportsEachNameThatDoesNotExist() {
    List<String> problems = check.problems("docs/x.md", List.of(
        "Filter with `UrlFilter` or `dev.cif.mapreduce.NoSuchFormat`; `LazyRecord` and `ColumnInputFormat` exist.",
        "```bash",
        "bin/cif meta PATH --colour red",
        "bin/cif frobnicate x",
        "```",
        "Set `cif.no.such.setting` (`cif.codec` exists) and `hive.no.such.thing`.",
        "See [the spec](FORMAT.md#12-settings), [nothing](FORMAT.md#no-such-heading) and [no file](no-such.md)."));
    assertEquals(List.of(
        "docs/x.md:1: class `dev.cif.mapreduce.NoSuchFormat` is in no module's sources",
        "docs/x.md:1: class `UrlFilter` is declared in no module's sources, is not the JDK's and is not allow-listed",
        "docs/x.md:3: flag `--colour` of `bin/cif meta` is spelled nowhere in the commands' sources or bin/",
        "docs/x.md:4: command `bin/cif frobnicate` is registered by no module (META-INF/services/dev.cif.command.Command)",
        "docs/x.md:6: setting `cif.no.such.setting` is used nowhere in the source tree (not a CifConf key) and is not allow-listed",
        "docs/x.md:6: setting `hive.no.such.thing` is used nowhere in the source tree (not a CifConf key) and is not allow-listed",
        "docs/x.md:7: link `FORMAT.md#no-such-heading` leads to no heading of docs/FORMAT.md",
        "docs/x.md:7: link `no-such.md` leads to no file"),
        problems);
  }

  /** The allow-list's names: one per line, after the comment line that says why they are allowed. */
  private static Set<String> allowList() throws IOException {
    Set<String> names = new TreeSet<>();
    try (InputStream in = DocsCheckTest.class.getClassLoader().getResourceAsStream(ALLOW_LIST)) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String l = line.strip();
        if (!l.isEmpty() && !l.startsWith("#")) for (String n : l.split("\\s+")) names.add(n);
      }
    }
    return names;
  }
}
