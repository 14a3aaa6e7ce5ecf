package dev.cif.impl.split;

import dev.cif.impl.column.ColumnFileReader;
import dev.cif.CifFormatException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A split-directory opened for reading: one listing, and the schema file read when something needs it.
 * Column files are opened only when asked for, so the files of columns a job does not project are never
 * opened. A reader that knows the columns it wants ({@link #listed}) finds their files by name in the
 * listing (docs/FORMAT.md §4.2) and checks each file's header, so that it opens nothing but those files;
 * the schema file is read only when the listing cannot tell (a column the split-directory lacks, names that
 * fit several files) or when the whole schema or the row count is asked for before any column is open.
 */
public final class SplitDirectory implements java.io.Closeable {
  private final FileSystem fs;
  private final Path dir;
  private final FileStatus schemaStatus;
  private SchemaFile schemaFile;
  private final Map<String, FileStatus> files;
  /** The row count once known: from the schema file, or from the first column file opened. */
  private long rows = -1;
  /**
   * The reader's schema: a column file found by name whose header type is exactly its field's type is read
   * without the schema file; any other (a reader expecting another type, or none) has the schema file
   * checked against its header first, as every column file is when the schema file is read.
   */
  private Schema expected;

  /** Sets the reader's schema (see {@link #expected}); null: every column file is checked against the schema file. */
  public SplitDirectory expect(Schema readerSchema) {
    this.expected = readerSchema;
    return this;
  }

  /** The listed column files by the readable part of their names (§4.2), made on first use. */
  private Map<String, java.util.List<FileStatus>> byReadablePart;
  /** Column files opened ahead (to learn a column's type), handed to the next openColumn of their column. */
  private final Map<String, ColumnFileReader> held = new HashMap<>();

  private SplitDirectory(FileSystem fs, Path dir, FileStatus schemaStatus, Map<String, FileStatus> files) {
    this.fs = fs;
    this.dir = dir;
    this.schemaStatus = schemaStatus;
    this.files = files;
  }

  public static SplitDirectory open(FileSystem fs, Path dir) throws IOException {
    FileStatus[] list;
    try {
      list = fs.listStatus(dir);
    } catch (FileNotFoundException e) {
      throw new CifFormatException(dir.toString(), null, 0, "split-directory is missing", e);
    }
    return open(fs, dir, list);
  }

  /** Opens a split-directory listed already ({@link DatasetListing#listed}): reads its schema file only. */
  public static SplitDirectory open(FileSystem fs, DatasetListing.Listed listed) throws IOException {
    return open(fs, listed.dir, listed.files);
  }

  private static SplitDirectory open(FileSystem fs, Path dir, FileStatus[] list) throws IOException {
    SplitDirectory sd = listed(fs, dir, list);
    sd.schemaFile();
    return sd;
  }

  /** A split-directory listed now (one listing), with nothing read yet (see the class comment). */
  public static SplitDirectory list(FileSystem fs, Path dir) throws IOException {
    try {
      return listed(fs, dir, fs.listStatus(dir));
    } catch (FileNotFoundException e) {
      throw new CifFormatException(dir.toString(), null, 0, "split-directory is missing", e);
    }
  }

  /** A split-directory from its listing, with nothing read yet (see the class comment). */
  public static SplitDirectory listed(FileSystem fs, Path dir, FileStatus[] list) throws CifFormatException {
    Map<String, FileStatus> files = new HashMap<>();
    FileStatus schema = null;
    int generation = -1;
    for (FileStatus st : list) {
      String name = st.getPath().getName();
      files.put(name, st);
      int g = st.isFile() ? SplitDirectoryLayout.schemaGeneration(name) : -1;
      if (g > generation) {
        generation = g;
        schema = st;
      }
    }
    if (schema == null) throw new CifFormatException(dir.toString(), null, 0, "not a split-directory: no schema file");
    return new SplitDirectory(fs, dir, schema, files);
  }

  public Path path() { return dir; }
  public Schema schema() throws IOException { return schemaFile().schema; }

  /** The row count: from a column file opened already, else from the schema file. */
  public long rows() throws IOException {
    if (rows < 0) rows = schemaFile().rows;
    return rows;
  }

  /**
   * The row count, at no extra open: from a file read so far, else from the first of these columns whose
   * file this split-directory holds, opened now and kept for its {@link #openColumn} (the reader opens it
   * anyway), else (none of them here) from the schema file.
   */
  public long rowsOpeningAhead(java.util.List<String> columns, long maxValueBytes) throws IOException {
    if (knownRows() >= 0) return knownRows();
    for (String column : columns) if (ahead(column, maxValueBytes) != null) break; // its file told the count
    return rows();
  }

  /** The row count if a file read so far told it, else -1. */
  public long knownRows() { return rows >= 0 ? rows : schemaFile != null ? schemaFile.rows : -1; }

  /** The schema file, read on first use. */
  public SchemaFile schemaFile() throws IOException {
    if (schemaFile == null) {
      schemaFile = SchemaFile.read(fs, schemaStatus.getPath(), schemaStatus.getLen());
      if (rows >= 0 && rows != schemaFile.rows) {
        throw new CifFormatException(schemaStatus.getPath().toString(), null, 0, "split-directory has " + schemaFile.rows
            + " rows, its column files " + rows);
      }
    }
    return schemaFile;
  }

  /** The writer of the split-directory's schema file (docs/FORMAT.md §3.1). */
  public dev.cif.WrittenBy writtenBy() throws IOException { return schemaFile().writtenBy; }

  public boolean hasColumn(String column) throws IOException { return schemaFile().fileOf(column) != null; }

  /**
   * The status of a column's file, or null if the split-directory has no such column: from the listing
   * alone when exactly one listed name fits the column (its header is checked when it is opened), else
   * from the schema file.
   */
  public FileStatus locate(String column) throws IOException {
    if (schemaFile == null) {
      if (byReadablePart == null) {
        byReadablePart = new HashMap<>();
        for (FileStatus st : files.values()) {
          String part = st.isFile() ? SplitDirectoryLayout.readablePartOf(st.getPath().getName()) : null;
          if (part != null) byReadablePart.computeIfAbsent(part, p -> new java.util.ArrayList<>()).add(st);
        }
      }
      java.util.List<FileStatus> fit = byReadablePart.get(SplitDirectoryLayout.readablePart(column));
      if (fit != null && fit.size() == 1) return fit.get(0);
      // None fits (a column the split-directory lacks) or several do: the schema file tells.
    }
    return columnFile(column);
  }

  /** The status of a column's file as the schema file names it, or null if the split-directory has no such column. */
  public FileStatus columnFile(String column) throws IOException {
    String name = schemaFile().fileOf(column);
    if (name == null) return null;
    FileStatus st = files.get(name);
    if (st == null) throw new CifFormatException(new Path(dir, name).toString(), column, 0, "column file is missing");
    return st;
  }

  /**
   * Opens a column's file (or hands over the one {@link #peek} opened). Its header must name the column,
   * and its row count agree with the split-directory's; with the schema file read, its type must be the
   * schema file's too.
   */
  public ColumnFileReader openColumn(String column, long maxValueBytes) throws IOException {
    ColumnFileReader ahead = held.remove(column);
    if (ahead != null) return ahead;
    FileStatus st = locate(column);
    if (st == null) throw new IllegalArgumentException("split-directory " + dir + " has no column " + column);
    ColumnFileReader r = openFile(st, column, maxValueBytes);
    if (!r.spec().name.equals(column) && schemaFile == null) {
      // The name fit, the header does not: only the schema file can say which file is the column's.
      r.close();
      st = columnFile(column);
      if (st == null) throw new IllegalArgumentException("split-directory " + dir + " has no column " + column);
      r = openFile(st, column, maxValueBytes);
    }
    if (!r.spec().name.equals(column)) {
      r.close();
      throw new CifFormatException(st.getPath().toString(), column, 0, "file holds column " + r.spec().name);
    }
    Schema.Field expectedField = expected == null ? null : expected.getField(column);
    if (schemaFile == null && (expectedField == null || !expectedField.schema().equals(r.spec().schema))) {
      // The header does not say exactly what the reader expects: the schema file decides, as for any reader.
      try {
        schemaFile();
      } catch (IOException | RuntimeException e) {
        r.close();
        throw e;
      }
    }
    if (schemaFile != null) {
      // The schema file is what readers plan by (projections, Hive and Pig types); a column file whose
      // own header type differs would be decoded as the header says and hand out values of another type.
      Schema.Field field = schemaFile.schema.getField(column);
      if (field == null) {
        r.close();
        throw new CifFormatException(st.getPath().toString(), column, 0, "column file is not in the schema file");
      }
      Schema declared = field.schema();
      if (!r.spec().schema.equals(declared)) {
        r.close();
        throw new CifFormatException(st.getPath().toString(), column, 0, "column file's header type " + r.spec().schema
            + " differs from the schema file's " + declared);
      }
    }
    if (rows >= 0 && r.rowCount() != rows) {
      long n = r.rowCount();
      r.close();
      throw new CifFormatException(st.getPath().toString(), column, 0, "column has " + n + " rows, split-directory " + rows);
    }
    rows = r.rowCount();
    return r;
  }

  private ColumnFileReader openFile(FileStatus st, String column, long maxValueBytes) throws IOException {
    try {
      return ColumnFileReader.open(fs, st.getPath(), st.getLen(), maxValueBytes);
    } catch (CifFormatException e) {
      throw e.withColumn(column);
    }
  }

  /**
   * Opens a column's file now, to learn what its header records (its type), and keeps it open for the
   * next {@link #openColumn} of the column, so that learning costs no second open; null if the
   * split-directory lacks the column.
   */
  public dev.cif.impl.column.ColumnSpec peek(String column, long maxValueBytes) throws IOException {
    ColumnFileReader r = ahead(column, maxValueBytes);
    return r == null ? null : r.spec();
  }

  /**
   * A column's reader opened ahead of its use (to read its footer's statistics, its header's type), kept
   * for the next {@link #openColumn} of the column; null if the split-directory lacks the column. The
   * caller reads from it but does not move or close it.
   */
  public ColumnFileReader ahead(String column, long maxValueBytes) throws IOException {
    ColumnFileReader r = held.get(column);
    if (r == null) {
      if (locate(column) == null) return null;
      r = openColumn(column, maxValueBytes);
      held.put(column, r);
    }
    return r;
  }

  /** Closes the files {@link #peek} opened that no one took. */
  @Override
  public void close() throws IOException {
    for (ColumnFileReader r : held.values()) r.close();
    held.clear();
  }

  /**
   * Reads every block of every column file, so that every CRC is checked and every value decoded,
   * and cross-checks each against the schema file; returns the row count. What {@code cif verify}
   * runs on each split-directory.
   */
  public long verify(long maxValueBytes) throws IOException {
    for (Schema.Field f : schema().getFields()) {
      try (ColumnFileReader r = openColumn(f.name(), maxValueBytes)) {
        for (long i = 0; i < r.rowCount(); i++) {
          Object v = r.next();
          // A DCSL map decodes its values on demand (a keyed block's from side segments): decode them all.
          if (v instanceof dev.cif.impl.layout.dcsl.DcslMap) {
            try {
              ((dev.cif.impl.layout.dcsl.DcslMap) v).entrySet().size();
            } catch (dev.cif.impl.io.CifCorruptionError e) {
              throw e.getCause();
            }
          }
        }
      }
    }
    return rows();
  }

  public FileSystem fileSystem() { return fs; }

  /** The statuses of the split-directory's files, by name, as listed when it was opened. */
  public Map<String, FileStatus> files() { return java.util.Collections.unmodifiableMap(files); }
}
