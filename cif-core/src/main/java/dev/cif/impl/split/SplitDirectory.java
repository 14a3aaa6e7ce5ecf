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
 * A split-directory opened for reading: one listing and one schema-file read. Column files are
 * opened only when asked for, so the files of columns a job does not project are never opened.
 */
public final class SplitDirectory {
  private final FileSystem fs;
  private final Path dir;
  private final SchemaFile schemaFile;
  private final Map<String, FileStatus> files;

  private SplitDirectory(FileSystem fs, Path dir, SchemaFile schemaFile, Map<String, FileStatus> files) {
    this.fs = fs;
    this.dir = dir;
    this.schemaFile = schemaFile;
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
    return new SplitDirectory(fs, dir, SchemaFile.read(fs, schema.getPath(), schema.getLen()), files);
  }

  public Path path() { return dir; }
  public Schema schema() { return schemaFile.schema; }
  public long rows() { return schemaFile.rows; }
  public SchemaFile schemaFile() { return schemaFile; }
  /** The writer of the split-directory's schema file (docs/FORMAT.md §3.1). */
  public dev.cif.WrittenBy writtenBy() { return schemaFile.writtenBy; }

  public boolean hasColumn(String column) { return schemaFile.fileOf(column) != null; }

  /** The status of a column's file, or null if the split-directory has no such column. */
  public FileStatus columnFile(String column) throws CifFormatException {
    String name = schemaFile.fileOf(column);
    if (name == null) return null;
    FileStatus st = files.get(name);
    if (st == null) throw new CifFormatException(new Path(dir, name).toString(), column, 0, "column file is missing");
    return st;
  }

  public ColumnFileReader openColumn(String column, long maxValueBytes) throws IOException {
    FileStatus st = columnFile(column);
    if (st == null) throw new IllegalArgumentException("split-directory " + dir + " has no column " + column);
    ColumnFileReader r;
    try {
      r = ColumnFileReader.open(fs, st.getPath(), st.getLen(), maxValueBytes);
    } catch (CifFormatException e) {
      throw e.withColumn(column);
    }
    if (!r.spec().name.equals(column)) {
      r.close();
      throw new CifFormatException(st.getPath().toString(), column, 0, "file holds column " + r.spec().name);
    }
    // The schema file is what readers plan by (projections, Hive and Pig types); a column file whose
    // own header type differs would be decoded as the header says and hand out values of another type.
    Schema declared = schemaFile.schema.getField(column).schema();
    if (!r.spec().schema.equals(declared)) {
      r.close();
      throw new CifFormatException(st.getPath().toString(), column, 0, "column file's header type " + r.spec().schema
          + " differs from the schema file's " + declared);
    }
    if (r.rowCount() != schemaFile.rows) {
      long n = r.rowCount();
      r.close();
      throw new CifFormatException(st.getPath().toString(), column, 0, "column has " + n + " rows, split-directory " + schemaFile.rows);
    }
    return r;
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
