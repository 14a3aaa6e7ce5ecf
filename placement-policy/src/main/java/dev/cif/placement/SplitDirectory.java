package dev.cif.placement;

/**
 * The placement contract, and nothing more of the CIF format: every file of a split-directory has a
 * name ending in {@code .cif}, and its parent directory is the split-directory.
 */
public final class SplitDirectory {
  public static final String COLUMN_FILE_SUFFIX = ".cif";

  private SplitDirectory() {
  }

  /** True for a path whose last component names a column file of a split-directory. */
  public static boolean isColumnFile(String path) {
    return path != null && path.endsWith(COLUMN_FILE_SUFFIX) && path.lastIndexOf('/') >= 0
        && path.length() - path.lastIndexOf('/') - 1 > COLUMN_FILE_SUFFIX.length();
  }

  /** The split-directory of a column file: its parent directory ("/" for a file at the root). */
  public static String of(String columnFilePath) {
    int slash = columnFilePath.lastIndexOf('/');
    return slash <= 0 ? "/" : columnFilePath.substring(0, slash);
  }
}
