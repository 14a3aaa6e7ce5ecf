package dev.cif.sqlbench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A generated table's rows in memory, cut into a given number of parts (for tests). */
final class GeneratedLines {
  private GeneratedLines() {}

  static List<String> of(TableGenerator t, int parts) throws IOException {
    List<String> lines = new ArrayList<>();
    for (int p = 0; p < parts; p++) t.writePart(p, parts, line -> lines.add(line.toString()));
    return lines;
  }

  static TableGenerator table(List<TableGenerator> tables, String name) {
    return tables.stream().filter(t -> t.table().equals(name)).findFirst().orElseThrow();
  }
}
