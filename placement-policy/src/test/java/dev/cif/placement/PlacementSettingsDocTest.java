package dev.cif.placement;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * FORMAT.md §12 lists every setting; the placement policy's keys are not in CifConf (the NameNode's policy must
 * not depend on cif-core), so this checks that §12 names each key this module's sources declare.
 */
class PlacementSettingsDocTest {
  private static final Pattern KEY = Pattern.compile("\"(cif\\.placement\\.[\\w.-]+)\"");

  @Test
  void formatMdNamesEveryPlacementSetting() throws IOException {
    Set<String> keys = new TreeSet<>();
    try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        for (Matcher m = KEY.matcher(Files.readString(f)); m.find(); ) keys.add(m.group(1));
      }
    }
    assertTrue(keys.size() >= 6, "the scan found the policy's keys: " + keys);
    String format = Files.readString(Path.of("../docs/FORMAT.md"));
    String settings = format.substring(format.indexOf("## 12 Settings"));
    Set<String> missing = new TreeSet<>();
    for (String k : keys) if (!settings.contains("`" + k + "`")) missing.add(k);
    assertTrue(missing.isEmpty(), "docs/FORMAT.md §12 does not name the placement settings " + missing);
  }
}
