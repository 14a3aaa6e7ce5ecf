package dev.cif.placement;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The NameNode cost of a table: how many namespace objects (directories and files, which are inodes,
 * and blocks) it takes, and the heap they take at HDFS's usual rule of thumb of about 150 bytes per
 * object, plus what each split-directory's recorded home adds. CIF against row-oriented formats that
 * write one file per task (ORC, Parquet). docs/scale-placement.md ("The cost model") prints its figures
 * with {@code cif placement cost}; the test checks the worked example, so the doc and the code agree.
 *
 * <p>CIF stores a table as split-directories of one file per column and a schema file (FORMAT.md §4).
 * The model takes every column the same size (the split-directory's bytes over its columns): a column
 * file smaller than an HDFS block still costs a whole block object, so a split-directory of {@code C}
 * columns costs 1 directory, {@code C + 1} files and {@code C * max(1, ceil(S / C / B)) + 1} blocks, the
 * schema file (a few hundred bytes) taking one block of its own. A row-format file of {@code F} bytes
 * costs 1 file and {@code ceil(F / B)} blocks; the table's own directories (partitions) are left out on
 * both sides, being the same for both.
 */
public final class NameNodeCostModel {
  public static final long MIB = 1L << 20;
  public static final long GIB = 1L << 30;
  public static final long TIB = 1L << 40;
  public static final long PIB = 1L << 50;
  /** HDFS's rule of thumb for a NameNode object (inode or block) in heap. */
  public static final long BYTES_PER_OBJECT = 150;
  /**
   * Heap a recorded home adds to its split-directory, measured by {@code PlacementAtScale} (Hadoop
   * 3.4.1, JDK 17, compressed oops) at 1 M homes: its extended attribute in the namespace, 185 bytes,
   * and its entry in the policy's home table when in memory (at most
   * {@code cif.placement.home.table.capacity} entries), 223 bytes.
   */
  public static final long HEAP_PER_HOME = 185 + 223;

  private NameNodeCostModel() {
  }

  /** Namespace objects of a table. */
  public record Objects(long directories, long files, long blocks) {
    public long total() {
      return directories + files + blocks;
    }

    /** Heap at {@link #BYTES_PER_OBJECT} per object, plus {@code homes} recorded homes. */
    public long heapBytes(long homes) {
      return total() * BYTES_PER_OBJECT + homes * HEAP_PER_HOME;
    }
  }

  /**
   * A CIF table of {@code tableBytes} in split-directories of {@code splitBytes} and equal columns, each
   * split-directory with its schema file (one file, one block).
   */
  public static Objects cif(long tableBytes, int columns, long splitBytes, long blockBytes) {
    long dirs = ceilDiv(tableBytes, splitBytes);
    long blocksPerFile = Math.max(1, ceilDiv(ceilDiv(splitBytes, columns), blockBytes));
    return new Objects(dirs, dirs * (columns + 1), dirs * (columns * blocksPerFile + 1));
  }

  /** A table of row-format files (ORC, Parquet) of {@code fileBytes} each. */
  public static Objects rowFiles(long tableBytes, long fileBytes, long blockBytes) {
    long files = ceilDiv(tableBytes, fileBytes);
    return new Objects(0, files, files * Math.max(1, ceilDiv(fileBytes, blockBytes)));
  }

  /**
   * The smallest split-directory size, in steps of {@code step}, at which CIF needs at most
   * {@code factor} times the objects of 1 GiB ORC files; 0 when none up to 1 TiB does.
   */
  public static long smallestSplitWithin(double factor, long tableBytes, int columns,
      long blockBytes, long step) {
    long orc = rowFiles(tableBytes, GIB, blockBytes).total();
    for (long s = step; s <= TIB; s += step) {
      if (cif(tableBytes, columns, s, blockBytes).total() <= factor * orc) {
        return s;
      }
    }
    return 0;
  }

  /** The figures of docs/scale-placement.md for one table, as markdown. */
  public static void print(PrintStream out, long tableBytes, int columns, long blockBytes) {
    Objects orc = rowFiles(tableBytes, GIB, blockBytes);
    long within3 = smallestSplitWithin(3, tableBytes, columns, blockBytes, 256 * MIB);
    out.printf(Locale.ROOT, "A %s table of %d columns, %d MiB HDFS blocks, equal columns:%n%n",
        size(tableBytes), columns, blockBytes / MIB);
    out.println("| layout | directories | files | blocks | objects | × ORC | heap |");
    out.println("|---|---:|---:|---:|---:|---:|---:|");
    row(out, "ORC, 1 GiB files", orc, orc, 0);
    row(out, "Parquet, 1 GiB files", rowFiles(tableBytes, GIB, blockBytes), orc, 0);
    for (long s : new java.util.TreeSet<>(List.of(256 * MIB, GIB, 2 * GIB, within3, 4 * GIB,
        8 * GIB))) {
      if (s > 0) {
        Objects cif = cif(tableBytes, columns, s, blockBytes);
        row(out, "CIF, " + size(s) + " split-directories", cif, orc, cif.directories());
      }
    }
    out.printf(Locale.ROOT, "%nSmallest split-directory (256 MiB steps) within 3× ORC's objects: %s%n",
        within3 == 0 ? "none" : size(within3));
  }

  private static void row(PrintStream out, String name, Objects o, Objects orc, long homes) {
    out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %.1f | %s |%n", name, count(o.directories()),
        count(o.files()), count(o.blocks()), count(o.total()), (double) o.total() / orc.total(),
        size(o.heapBytes(homes)));
  }

  /**
   * {@code cif placement cost [--table-tib N] [--columns N] [--block-mib N]}: the worked example
   * (1 PiB, 50 columns, 128 MiB blocks) unless told otherwise. Returns the exit status.
   */
  public static int run(String[] args, PrintStream out) {
    long table = PIB;
    int columns = 50;
    long block = 128 * MIB;
    try {
      for (int i = 1; i < args.length; i += 2) {
        long v = Long.parseLong(args[i + 1]);
        if (v <= 0) {
          throw new NumberFormatException(args[i] + " must be positive");
        }
        switch (args[i]) {
          case "--table-tib" -> table = v * TIB;
          case "--columns" -> columns = Math.toIntExact(v);
          case "--block-mib" -> block = v * MIB;
          default -> throw new IllegalArgumentException("unknown option " + args[i]);
        }
      }
    } catch (RuntimeException e) {
      out.println("usage: cif placement cost [--table-tib N] [--columns N] [--block-mib N] ("
          + e.getMessage() + ")");
      return PlacementTool.USAGE_OR_ERROR;
    }
    print(out, table, columns, block);
    return 0;
  }

  /** The same without bin/cif: {@code java -cp placement-policy/target/classes ...NameNodeCostModel}. */
  public static void main(String[] args) {
    String[] all = new String[args.length + 1];
    all[0] = "cost";
    System.arraycopy(args, 0, all, 1, args.length);
    System.exit(run(all, System.out));
  }

  static String count(long n) {
    if (n >= 1_000_000) {
      return String.format(Locale.ROOT, "%.1f M", n / 1e6);
    }
    return n >= 1_000 ? String.format(Locale.ROOT, "%.1f k", n / 1e3) : Long.toString(n);
  }

  static String size(long bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int u = 0;
    double v = bytes;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return new java.math.BigDecimal(v).setScale(2, java.math.RoundingMode.HALF_UP)
        .stripTrailingZeros().toPlainString() + " " + units[u];
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
