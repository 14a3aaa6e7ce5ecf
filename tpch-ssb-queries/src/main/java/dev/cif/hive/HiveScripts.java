package dev.cif.hive;

import java.util.List;

/** HiveShell's script splitting (semicolons outside quotes and comments), for other modules. */
public final class HiveScripts {
  private HiveScripts() {}

  public static List<String> statements(String script) { return HiveShell.statements(script); }
}
