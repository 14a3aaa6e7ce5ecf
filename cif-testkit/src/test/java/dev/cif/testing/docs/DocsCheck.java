package dev.cif.testing.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a doc's lines against a {@link SourceTree}: every class it names in code (inline code spans, {@code java}
 * blocks, and {@code dev.cif.*} names anywhere), every {@code bin/cif} command and that command's flags, and every
 * {@code cif.*} / {@code hive.*} setting in code must exist. What exists outside this tree (Hive's, Hadoop's,
 * Spark's names, JVM options) is allowed by the JDK or by the allow-list, whose every entry says why. Every relative
 * link must reach a file, and its {@code #anchor} a heading of that file (as GitHub makes anchors of headings).
 */
final class DocsCheck {
  /** A class-like name: two or more capitalized parts (LazyRecord, MiniDFSCluster), not qualified by a package. */
  private static final Pattern CLASS = Pattern.compile("(?<![\\w.$/+:@#-])([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)\\b");
  private static final Pattern CIF_NAME = Pattern.compile("(?<![\\w.])dev\\.cif((?:\\.[a-z]\\w*)*)(?:\\.([A-Z]\\w*))?");
  private static final Pattern COMMAND = Pattern.compile("(?<![\\w/.-])(?:bin/)?cif ([a-z][\\w-]*)");
  private static final Pattern FLAG = Pattern.compile("(?<![\\w-])(--[a-z][\\w-]*)");
  private static final Pattern SPAN = Pattern.compile("`([^`]+)`");
  private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)\\s*(\\w*)");
  /** A file name, not a setting ({@code hive.md}). */
  private static final Pattern FILE_NAME = Pattern.compile(".*\\.(md|java|sql|pig|jar|xml|log|txt|py|png|csv|properties|sh)$");
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("^#+ (.*)$");
  private static final Set<String> LAUNCHER_WORDS = Set.of("help", "--help", "-h");
  /** The launcher's own options (bin/cif), which every command takes. */
  private static final Set<String> LAUNCHER_FLAGS = Set.of("--help", "--conf", "--cluster", "--hive");

  private final SourceTree tree;
  private final Set<String> allowed;
  private final Set<String> grammarSymbols;
  private final Map<String, Boolean> jdk = new HashMap<>();
  private final Map<Path, Set<String>> anchors = new HashMap<>();

  DocsCheck(SourceTree tree, Set<String> allowed, Set<String> grammarSymbols) {
    this.tree = tree;
    this.allowed = allowed;
    this.grammarSymbols = grammarSymbols;
  }

  /** One line per name that does not exist: {@code DOC:LINE: what}; {@code doc} is the doc's path under the root. */
  List<String> problems(String doc, List<String> lines) {
    List<String> problems = new ArrayList<>();
    String fence = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String where = doc + ":" + (i + 1) + ": ";
      Matcher f = FENCE.matcher(line);
      if (f.find()) {
        fence = fence == null ? f.group(2) : null;
        continue;
      }
      for (Matcher m = CIF_NAME.matcher(line); m.find(); ) cifName(m, where, problems);
      if (fence == null) for (Matcher m = LINK.matcher(line); m.find(); ) link(doc, m.group(1), where, problems);
      List<String> code = new ArrayList<>();
      if (fence != null) code.add(line);
      else for (Matcher m = SPAN.matcher(line); m.find(); ) code.add(m.group(1));
      for (String c : code) {
        if (fence == null || fence.equals("java")) classes(c, where, problems);
        commandAndFlags(c, where, problems);
        for (Matcher m = SourceTree.SETTING.matcher(c); m.find(); ) {
          String s = m.group(1);
          // `hive.merge.*`: a family of settings, which exists when one of them does.
          boolean family = c.startsWith(".*", m.end());
          boolean exists = family ? tree.settings.stream().anyMatch(k -> k.startsWith(s + ".")) : tree.settings.contains(s);
          if (!FILE_NAME.matcher(s).matches() && !exists && !allowed.contains(s)) {
            problems.add(where + "setting `" + s + "` is used nowhere in the source tree (not a CifConf key) and is not allow-listed");
          }
        }
      }
    }
    return problems;
  }

  private void link(String doc, String target, String where, List<String> problems) {
    if (target.matches("[a-z]+:.*")) return; // https:, mailto:
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    Path docPath = tree.root.resolve(doc);
    Path to = file.isEmpty() ? docPath : docPath.getParent().resolve(file).normalize();
    if (!Files.exists(to)) {
      problems.add(where + "link `" + target + "` leads to no file");
    } else if (hash >= 0 && to.toString().endsWith(".md") && !anchorsOf(to).contains(target.substring(hash + 1))) {
      problems.add(where + "link `" + target + "` leads to no heading of " + tree.root.relativize(to));
    }
  }

  /** The anchors GitHub gives a doc's headings: lower case, punctuation dropped, spaces as hyphens. */
  private Set<String> anchorsOf(Path doc) {
    return anchors.computeIfAbsent(doc, d -> {
      Set<String> found = new HashSet<>();
      boolean fence = false;
      try {
        for (String line : Files.readAllLines(d, StandardCharsets.UTF_8)) {
          if (line.strip().startsWith("```")) fence = !fence;
          Matcher h = HEADING.matcher(line);
          if (!fence && h.matches()) found.add(h.group(1).strip().toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-'));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return found;
    });
  }

  private void cifName(Matcher m, String where, List<String> problems) {
    String pkg = "dev.cif" + m.group(1);
    if (m.group(2) != null) {
      if (!tree.qualifiedTypes.contains(pkg + "." + m.group(2))) problems.add(where + "class `" + pkg + "." + m.group(2) + "` is in no module's sources");
    } else if (tree.packages.stream().noneMatch(p -> p.equals(pkg) || p.startsWith(pkg + "."))) {
      problems.add(where + "package `" + pkg + "` is in no module's sources");
    }
  }

  private void classes(String code, String where, List<String> problems) {
    for (Matcher m = CLASS.matcher(code); m.find(); ) {
      String name = m.group(1);
      if (name.length() < 5) continue; // units (MiB, GiB), not classes
      if (tree.simpleTypes.contains(name) || grammarSymbols.contains(name) || allowed.contains(name) || inJdk(name)) continue;
      problems.add(where + "class `" + name + "` is declared in no module's sources, is not the JDK's and is not allow-listed");
    }
  }

  private void commandAndFlags(String code, String where, List<String> problems) {
    Matcher c = COMMAND.matcher(code);
    if (!c.find()) return;
    if (!tree.commands.contains(c.group(1)) && !LAUNCHER_WORDS.contains(c.group(1))) {
      problems.add(where + "command `bin/cif " + c.group(1) + "` is registered by no module (META-INF/services/dev.cif.command.Command)");
    }
    for (Matcher f = FLAG.matcher(code.substring(c.start())); f.find(); ) {
      String flag = f.group(1);
      if (!tree.flags.contains(flag) && !LAUNCHER_FLAGS.contains(flag)) {
        problems.add(where + "flag `" + flag + "` of `bin/cif " + c.group(1) + "` is spelled nowhere in the commands' sources or bin/");
      }
    }
  }

  /** Whether a public class of the JDK has this simple name (NoClassDefFoundError, Files, ...). */
  private boolean inJdk(String name) {
    return jdk.computeIfAbsent(name, n -> ModuleLayer.boot().modules().stream()
        .filter(mod -> mod.getName().startsWith("java.") || mod.getName().startsWith("jdk."))
        .flatMap(mod -> mod.getPackages().stream())
        .anyMatch(p -> {
          try {
            Class.forName(p + "." + n, false, ClassLoader.getPlatformClassLoader());
            return true;
          } catch (ClassNotFoundException | LinkageError e) {
            return false;
          }
        }));
  }
}
