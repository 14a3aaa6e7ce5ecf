package dev.cif.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cif.conf.CifConf;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** FORMAT.md §12's table is generated from the CifConf enum: a setting added, removed or changed there must show here. */
class SettingsTableTest {
  static List<String> generated() {
    List<String> rows = new ArrayList<>();
    for (CifConf c : CifConf.values()) {
      rows.add("| `" + c.key() + "` | `" + c.name() + "` | " + defaultText(c.defaultValue()) + " | " + c.description() + " |");
    }
    return rows;
  }

  /** As a reader wants it: sizes also in KiB or MiB, an empty string said so. */
  static String defaultText(Object v) {
    if ("".equals(v)) return "(empty)";
    if (v instanceof Long) {
      long n = (Long) v;
      if (n > 0 && n % (1L << 20) == 0) return n + " (" + (n >> 20) + " MiB)";
      if (n > 0 && n % (1L << 10) == 0) return n + " (" + (n >> 10) + " KiB)";
    }
    return String.valueOf(v);
  }

  @Test
  void formatMdSettingsTableIsTheEnums() throws Exception {
    assertEquals(String.join("\n", generated()), String.join("\n", FormatDoc.load().settingsRows()),
        "docs/FORMAT.md §12 differs from CifConf: paste the expected rows into the table");
  }
}
