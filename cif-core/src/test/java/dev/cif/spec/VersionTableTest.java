package dev.cif.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.impl.io.FormatVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** FORMAT.md names the version written where FormatVersion does, and §11's table lists FormatVersion's constants. */
class VersionTableTest {
  private static final Pattern ROW = Pattern.compile("^\\| (\\d+) \\| `(\\w+)` \\|");

  @Test
  void formatMdVersionsAreTheEnums() throws Exception {
    FormatDoc doc = FormatDoc.load();
    assertEquals("# CIF on-disk format, version " + FormatVersion.CURRENT.id, doc.lines.get(0));
    assertTrue(doc.lines.stream().anyMatch(l -> l.startsWith("| `Version`      | `" + FormatVersion.CURRENT.id + "` when written")),
        "§3's frame table names the version written");
    List<String> rows = new ArrayList<>();
    for (String l : doc.lines) {
      Matcher m = ROW.matcher(l);
      if (m.find()) rows.add(m.group(1) + " " + m.group(2));
    }
    List<String> enums = new ArrayList<>();
    for (FormatVersion v : FormatVersion.values()) enums.add(v.id + " " + v.name());
    assertEquals(enums, rows, "docs/FORMAT.md §11's version table and FormatVersion");
  }
}
