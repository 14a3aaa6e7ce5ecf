package dev.cif.impl.split;

import java.util.Locale;
import org.apache.hadoop.fs.Path;

/**
 * Names inside a split-directory (docs/FORMAT.md §4.2). Every file ends in ".cif"
 * (the placement contract). Column files are numbered, with a readable part of the column name
 * for people and for readers that have no schema file read: such a reader may take the one listed file
 * whose name fits a column, and checks its header (docs/FORMAT.md §4.2). Schema files are numbered by generation; the highest generation wins.
 */
public final class SplitDirectoryLayout {
  public static final String SUFFIX = ".cif";
  public static final String SCHEMA_PREFIX = "schema-";
  /** A directory being written; invisible to readers until renamed. */
  public static final String IN_PROGRESS_PREFIX = ".cif-inprogress.";

  private SplitDirectoryLayout() {}

  public static String columnFileName(int ordinal, String column) {
    return String.format(Locale.ROOT, "%04d-%s%s", ordinal, readablePart(column), SUFFIX);
  }

  /** The part of a column file's name after the ordinal and '-' and before ".cif": up to 40 characters of the column's name. */
  public static String readablePart(String column) {
    StringBuilder sb = new StringBuilder();
    for (char c : column.toCharArray()) {
      if (sb.length() >= 40) break;
      sb.append(Character.isLetterOrDigit(c) && c < 128 || c == '_' ? Character.toLowerCase(c) : '_');
    }
    return sb.toString();
  }

  /**
   * The readable part of a column file's name (several columns may share one: a name fits a column when
   * the parts are equal): what lies between four ASCII digits and '-', and ".cif"; else null. */
  public static String readablePartOf(String name) {
    if (name.length() < 5 + SUFFIX.length() || name.charAt(4) != '-' || !name.endsWith(SUFFIX)) return null;
    for (int i = 0; i < 4; i++) if (name.charAt(i) < '0' || name.charAt(i) > '9') return null;
    return name.substring(5, name.length() - SUFFIX.length());
  }

  public static String schemaFileName(int generation) {
    return String.format(Locale.ROOT, "%s%04d%s", SCHEMA_PREFIX, generation, SUFFIX);
  }

  /** The generation of a schema file name, or -1 if the name is not one. */
  public static int schemaGeneration(String name) {
    if (!name.startsWith(SCHEMA_PREFIX) || !name.endsWith(SUFFIX)) return -1;
    String digits = name.substring(SCHEMA_PREFIX.length(), name.length() - SUFFIX.length());
    if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) return -1;
    try {
      return Integer.parseInt(name.substring(SCHEMA_PREFIX.length(), name.length() - SUFFIX.length()));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  public static boolean isHidden(String name) { return name.startsWith("_") || name.startsWith("."); }

  public static Path inProgress(Path dir) { return new Path(dir.getParent(), IN_PROGRESS_PREFIX + dir.getName()); }
}
