package dev.cif.spec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** docs/FORMAT.md as the spec tests read it: its headings, its tagged examples, its settings table. */
final class FormatDoc {
  private static final Pattern HEADING = Pattern.compile("^#{2,4} (\\d+(?:\\.\\d+)*) (.+)$");
  private static final Pattern EXAMPLE = Pattern.compile("^<!-- example: ([a-z0-9-]+) -->$");

  final List<String> lines;

  private FormatDoc(List<String> lines) { this.lines = lines; }

  /** The repository's root: the parent of the module the tests run in. */
  static Path repoRoot() { return Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent(); }

  static FormatDoc load() throws IOException {
    return new FormatDoc(Files.readAllLines(repoRoot().resolve("docs/FORMAT.md"), StandardCharsets.UTF_8));
  }

  /** Section number to title, e.g. "6.3" to "DCSL (dictionary-compressed skip list)". */
  Map<String, String> headings() {
    Map<String, String> h = new LinkedHashMap<>();
    for (String l : lines) {
      Matcher m = HEADING.matcher(l);
      if (m.matches()) h.put(m.group(1), m.group(2));
    }
    return h;
  }

  /** The lines of each tagged example's code block, by tag. */
  Map<String, List<String>> examples() {
    Map<String, List<String>> ex = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = EXAMPLE.matcher(lines.get(i));
      if (!m.matches()) continue;
      if (!lines.get(i + 1).startsWith("```")) throw new IllegalStateException("example " + m.group(1) + " is not followed by a code block");
      List<String> block = new ArrayList<>();
      for (int j = i + 2; !lines.get(j).startsWith("```"); j++) block.add(lines.get(j));
      ex.put(m.group(1), block);
    }
    return ex;
  }

  /** The rows of §12's settings table, as written. */
  List<String> settingsRows() {
    List<String> rows = new ArrayList<>();
    boolean in = false;
    for (String l : lines) {
      if (l.startsWith("## ")) in = l.startsWith("## 12 ");
      else if (in && l.startsWith("| `")) rows.add(l);
    }
    return rows;
  }

  /** The bytes a hex column holds: tokens of two hex digits, up to the first other token. */
  static List<Integer> hex(String column) {
    List<Integer> b = new ArrayList<>();
    for (String t : column.trim().split("\\s+")) {
      if (!t.matches("[0-9a-f]{2}")) break;
      b.add(Integer.parseInt(t, 16));
    }
    return b;
  }
}
