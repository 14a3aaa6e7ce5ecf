package dev.cif;

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

  /** This error, naming the column if it did not yet (the caller knows which column it opened). */
  public CifFormatException withColumn(String name) {
    if (column != null) return this;
    String problem = getMessage().substring(0, getMessage().lastIndexOf(" [file "));
    return new CifFormatException(file, name, offset, problem, this);
  }

  public String file() { return file; }
  public String column() { return column; }
  public long offset() { return offset; }
}
