package dev.cif.bench.harness;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown table as every benchmark report writes one: a header row, an alignment row with the first
 * {@code nameColumns} columns left-aligned (names) and the rest right-aligned (numbers, as a reader
 * compares them), then the rows. The MapReduce reports ({@link ResultTable}, {@link LoadTable}) and the SQL
 * report (bench-sql's) all render through it.
 */
public final class MarkdownTable {
  private final List<String> header;
  private final int nameColumns;
  private final List<List<String>> rows = new ArrayList<>();

  public MarkdownTable(List<String> header, int nameColumns) {
    this.header = List.copyOf(header);
    this.nameColumns = nameColumns;
  }

  /** Adds a row; a cell may be empty (a value that was not measured). */
  public MarkdownTable row(List<String> cells) {
    if (cells.size() != header.size()) {
      throw new IllegalArgumentException(cells.size() + " cells for " + header.size() + " columns: " + cells);
    }
    rows.add(List.copyOf(cells));
    return this;
  }

  public MarkdownTable row(String... cells) { return row(List.of(cells)); }

  /** The table, each line ending in a newline. */
  @Override
  public String toString() {
    StringBuilder md = new StringBuilder();
    line(md, header);
    md.append('|');
    for (int c = 0; c < header.size(); c++) md.append(c < nameColumns ? "---|" : "---:|");
    md.append('\n');
    for (List<String> row : rows) line(md, row);
    return md.toString();
  }

  private static void line(StringBuilder md, List<String> cells) {
    md.append('|');
    for (String cell : cells) md.append(' ').append(cell).append(" |");
    md.append('\n');
  }
}
