package dev.cif;

/**
 * The versions of CIF's writer, each named after the fix or change it brought, in the manner of
 * ORC's {@code OrcFile.WriterVersion} (and of Parquet's {@code created_by}). Every file records the
 * version of the writer that made it (header key {@code cif.writer.version}, docs/FORMAT.md §3.1), so
 * that a reader can work around a bug of an older writer: it asks the file's writer version whether it
 * {@link #includes} the fix, never compares numbers.
 *
 * <p>The format version says what a file may hold; the writer version says which code wrote it. A
 * writer fix that changes no grammar adds a constant here (and moves {@link #CURRENT}), not a format
 * version.
 *
 * <p>The hook for a workaround: {@code if (!column.writtenBy().writerVersion().includes(WriterVersion.FIX))
 * work around the old bug}. No released writer has a known bug yet, so no reader code asks yet.
 */
public enum WriterVersion {
  /** Files written before writers recorded their version: their header has no {@code cif.writer.version}. */
  ORIGINAL(0),
  /** The first writer to record its version in every file's header. */
  RECORDED(1),
  /** A writer newer than this reader (its id is unknown here): it includes every fix this reader knows. */
  FUTURE(Integer.MAX_VALUE);

  /** The version this code writes. */
  public static final WriterVersion CURRENT = RECORDED;

  /** The number stored in the header (the third word of {@code cif.writer.version}). */
  public final int id;

  WriterVersion(int id) { this.id = id; }

  /** Whether files of this writer version have what {@code fix} brought (they were written by it or a later writer). */
  public boolean includes(WriterVersion fix) { return id >= fix.id; }

  /** The version stored as id: {@link #FUTURE} for an id above every known one. */
  public static WriterVersion byId(int id) {
    if (id < 0) throw new IllegalArgumentException("negative writer version " + id);
    for (WriterVersion v : values()) if (v.id == id) return v;
    return FUTURE;
  }
}
