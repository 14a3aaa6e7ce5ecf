package dev.cif.data;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A generated table's rows in memory, cut into a given number of parts (for tests). */
public final class GeneratedLines {
  private GeneratedLines() {}

  public static List<String> of(TableGenerator t, int parts) throws IOException {
    List<String> lines = new ArrayList<>();
    for (int p = 0; p < parts; p++) t.writePart(p, parts, line -> lines.add(line.toString()));
    return lines;
  }

  public static TableGenerator table(List<TableGenerator> tables, String name) {
    return tables.stream().filter(t -> t.table().equals(name)).findFirst().orElseThrow();
  }
}
