package dev.cif.io;

import java.io.IOException;

/**
 * A CIF file is malformed: corrupt, truncated, or not CIF at all. Every instance names the file,
 * the column (when known) and the byte offset where the problem was found, so that an operator can
 * locate the damage without a debugger. Readers never return a wrong value instead of throwing this.
 */
public class CifFormatException extends IOException {
  private final String file;
  private final String column;
  private final long offset;

  public CifFormatException(String file, String column, long offset, String problem) {
    this(file, column, offset, problem, null);
  }

  public CifFormatException(String file, String column, long offset, String problem, Throwable cause) {
    super(problem + " [file " + file + ", column " + (column == null ? "-" : column) + ", offset " + offset + "]", cause);
    this.file = file;
    this.column = column;
    this.offset = offset;
  }

  public String file() { return file; }
  public String column() { return column; }
  public long offset() { return offset; }
}
