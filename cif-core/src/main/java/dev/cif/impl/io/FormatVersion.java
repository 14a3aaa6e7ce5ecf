package dev.cif.impl.io;

/**
 * The format versions, each named after what it added (docs/FORMAT.md §11), in the manner of ORC's
 * OrcFile.Version and Lucene's VERSION_START/VERSION_CURRENT. A file's header says which one wrote
 * it; a reader reads every version from {@link #START} to {@link #CURRENT} and asks a file's version
 * whether it {@link #has} a feature instead of comparing numbers. Adding a constant is a format
 * change: it bumps {@link #CURRENT} and needs a new golden file (GoldenFileTest).
 */
public enum FormatVersion {
  /** The first version. */
  FIRST(1),
  /** DCSL blocks start with a mode byte: dictionary or inline keys (§6.3). */
  DCSL_MODE_BYTE(2),
  /** The DICT (§6.4) and PACKED (§6.5) layouts, defaults for strings, booleans, ints and longs. */
  DICT_AND_PACKED(3),
  /** PACKED decimals of precision up to 18 as unscaled longs, their default (§6.5); DCSL's value-dictionary mode 2 (§6.3). */
  PACKED_DECIMALS(4),
  /** PACKED runs of repeats (width byte 65, §6.5). */
  PACKED_REPEATS(5),
  /** Keyed DCSL blocks (mode 3): a value stream per key in side segments after the block's head (§5.2, §6.3). */
  DCSL_KEY_STREAMS(6),
  /** PACKED doubles as decimals of a block's scale, or their raw bits, and their default (§6.5). */
  PACKED_DOUBLES(7);

  /** The oldest version read: every file once written stays readable. */
  public static final FormatVersion START = FIRST;
  /** The version written. */
  public static final FormatVersion CURRENT = PACKED_DOUBLES;

  /** The byte the header stores. */
  public final int id;

  FormatVersion(int id) { this.id = id; }

  /** Whether a file of this version may hold what feature added (it is this version or a later one). */
  public boolean has(FormatVersion feature) { return compareTo(feature) >= 0; }

  /** The version stored as id, or null if this reader does not know it. */
  public static FormatVersion byId(int id) {
    for (FormatVersion v : values()) if (v.id == id) return v;
    return null;
  }
}
