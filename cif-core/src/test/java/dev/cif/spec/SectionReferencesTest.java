package dev.cif.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every reference into FORMAT.md, in code, comments and docs, names a section that exists:
 * "FORMAT.md §6.3", "FORMAT.md §5.2, §6.3", "FORMAT.md §6.4-6.5" by number, "FORMAT.md, \"Layouts\"" by title.
 */
class SectionReferencesTest {
  /** FORMAT.md, then § numbers (lists and ranges of them) or a quoted title. */
  private static final Pattern REF = Pattern.compile("FORMAT\\.md,?\\s*((?:§\\d+(?:\\.\\d+)*(?:-\\d+(?:\\.\\d+)*)?(?:,\\s*)?)+|\"[A-Za-z][^\"\n]{0,60}\")");
  private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)*");

  @Test
  void everyFormatMdReferenceNamesAHeading() throws IOException {
    Map<String, String> headings = FormatDoc.load().headings();
    List<String> bad = new ArrayList<>();
    int refs = 0;
    Path root = FormatDoc.repoRoot();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : (Iterable<Path>) files.filter(SectionReferencesTest::isSource)::iterator) {
        String text = Files.readString(f, StandardCharsets.UTF_8);
        Matcher m = REF.matcher(text);
        while (m.find()) {
          refs++;
          String ref = m.group(1);
          boolean ok;
          if (ref.startsWith("\"")) {
            ok = headings.containsValue(ref.substring(1, ref.length() - 1));
          } else {
            ok = true;
            Matcher n = NUMBER.matcher(ref);
            while (n.find()) ok &= headings.containsKey(n.group());
          }
          if (!ok) bad.add(root.relativize(f) + ": FORMAT.md " + ref);
        }
      }
    }
    assertTrue(refs > 10, "found only " + refs + " references: is the walk looking in the right place?");
    assertEquals(List.of(), bad, "references to sections FORMAT.md does not have");
  }

  private static boolean isSource(Path p) {
    String s = p.toString().replace('\\', '/');
    if (s.contains("/target/") || s.contains("/.git/") || s.contains("/node_modules/")) return false;
    return s.endsWith(".java") || s.endsWith(".md");
  }
}
