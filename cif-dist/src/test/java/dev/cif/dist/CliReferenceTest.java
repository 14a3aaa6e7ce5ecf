package dev.cif.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.command.Main;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/cli.md's reference part is what the commands' own --help says today (a quick test: no command is run). */
class CliReferenceTest {
  @Test
  void cliMdIsGeneratedFromEveryCommandsHelp() throws Exception {
    assertTrue(Main.commands().keySet().containsAll(List.of("meta", "schema", "cat", "verify", "add-column", "merge", "hive", "pig",
        "bench", "bench-sql", "demo", "placement", "cluster")), "every module's commands are on this classpath: " + Main.commands().keySet());
    if (Boolean.getBoolean("cif.docs.regenerate")) CliReference.main(new String[0]);
    String doc = Files.readString(CliReference.DOC, StandardCharsets.UTF_8);
    assertTrue(doc.contains(CliReference.MARKER), "docs/cli.md lacks the line that starts its generated part: " + CliReference.MARKER);
    assertEquals(CliReference.regenerated(doc), doc, "docs/cli.md differs from the commands' --help: regenerate it with "
        + "mvn -B -ntp -pl cif-dist -am -Dtest=CliReferenceTest -Dsurefire.failIfNoSpecifiedTests=false -Dcif.docs.regenerate=true test");
  }
}
