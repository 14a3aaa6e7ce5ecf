package dev.cif.data;

import java.io.IOException;

/**
 * One table of a generated data set, written as '|'-delimited text in independent parts (so parts can
 * be written in parallel). The content must not depend on how many parts it is cut into.
 */
public interface TableGenerator {
  /** The table's name, as the DDL names it. */
  String table();

  /** Rows the table will have (approximate where the generator decides, e.g. lines per order). */
  long expectedRows();

  /** Writes part {@code part} (0-based) of {@code parts}, one line per row. */
  void writePart(int part, int parts, LineSink out) throws IOException;

  /** Where generated lines go. */
  interface LineSink {
    void line(CharSequence row) throws IOException;
  }
}
