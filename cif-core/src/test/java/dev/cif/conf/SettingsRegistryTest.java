package dev.cif.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code cif.*} setting is declared in {@link CifConf}: the main sources of every module (found
 * from this module's directory, the reactor's root being its parent) hold no {@code "cif.} string
 * literal elsewhere, save the names the format writes into files (and the one-machine cluster's host
 * domain) and the placement policy's keys. What bin/cif hands a JVM it starts (a jar's path, a child JVM's
 * classpath) is no user setting: such properties are named {@code dev.cif.launcher.*}, outside this namespace.
 */
class SettingsRegistryTest {
  private static final Pattern LITERAL = Pattern.compile("\"(cif\\.[^\"\\\\]*)\"");

  /** Names written into files (docs/FORMAT.md), not settings: header and schema-file keys, schema properties. */
  private static final Set<String> FORMAT_NAMES = Set.of("cif.column", "cif.schema", "cif.rows", "cif.files", "cif.writer.version", "cif.keyType",
      "cif.hiveType");

  /** Not settings either: the one-machine cluster's DNS domain (node0.cif.test, ...; cif-cluster's NodeNames). */
  private static final Set<String> HOST_NAMES = Set.of("cif.test");

  /** Column-file header keys that share a setting's name, allowed only where the header is written and parsed. */
  private static final Map<String, Set<String>> HEADER_KEYS_IN = Map.of("HeaderKey.java",
      Set.of("cif.layout", "cif.codec", "cif.skip.levels"));

  /** placement-policy must never depend on cif-core (see CifConf's javadoc): its keys stay in that module. */
  private static final String PLACEMENT_MODULE = "placement-policy";

  @Test
  void noSettingKeyIsWrittenOutsideTheRegistry() throws IOException {
    Path root = Paths.get("").toAbsolutePath().getParent();
    List<String> escaped = new ArrayList<>();
    int files = 0;
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : (Iterable<Path>) all.filter(SettingsRegistryTest::isMainSource)::iterator) {
        files++;
        if (p.getFileName().toString().equals("CifConf.java") || root.relativize(p).startsWith(PLACEMENT_MODULE)) continue;
        List<String> lines = Files.readAllLines(p);
        for (int i = 0; i < lines.size(); i++) {
          Matcher m = LITERAL.matcher(lines.get(i));
          while (m.find()) {
            String name = m.group(1);
            Set<String> header = HEADER_KEYS_IN.getOrDefault(p.getFileName().toString(), Set.of());
            if (!FORMAT_NAMES.contains(name) && !HOST_NAMES.contains(name) && !header.contains(name)) escaped.add(root.relativize(p) + ":" + (i + 1) + " \"" + name + "\"");
          }
        }
      }
    }
    assertTrue(files > 100, "found only " + files + " main source files under " + root);
    assertEquals(List.of(), escaped, "declare these in dev.cif.conf.CifConf and use CifConf.X.key()");
  }

  private static boolean isMainSource(Path p) {
    String s = p.toString().replace('\\', '/');
    return s.endsWith(".java") && s.contains("/src/main/java/") && !s.contains("/target/");
  }

  @Test
  void formatNamesAreNotSettingsAndKeysAreUnique() {
    for (String n : FORMAT_NAMES) assertNull(CifConf.byKey(n), n);
    Set<String> keys = new HashSet<>();
    for (CifConf c : CifConf.values()) {
      assertTrue(keys.add(c.key()), "declared twice: " + c.key());
      assertTrue(c.key().startsWith("cif."), c.key());
      assertEquals(c, CifConf.byKey(c.key()));
    }
  }
}
