package dev.cif.impl.split;

import dev.cif.WriteOptions;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.impl.io.ConcurrentClose;
import dev.cif.schema.CifSchemas;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;


/**
 * Writes one split-directory: one column file per top-level field, then the schema file. Everything
 * is written into a hidden in-progress directory that is renamed into place on close, so a reader
 * never sees a partial split-directory and a failed write leaves nothing visible.
 */
public final class SplitDirectoryWriter implements dev.cif.CifWriter {
  private final FileSystem fs;
  private final Path dir;
  private final Path tmp;
  private final Schema schema;
  private final ColumnFileWriter[] columns;
  private final List<String> files = new ArrayList<>();
  private long rows;
  private boolean done;

  public SplitDirectoryWriter(FileSystem fs, Path dir, Schema schema, WriteOptions opts) throws IOException {
    CifSchemas.validate(schema);
    this.fs = fs;
    this.dir = dir;
    this.tmp = SplitDirectoryLayout.inProgress(dir);
    this.schema = schema;
    if (fs.exists(dir)) throw new IOException("split-directory " + dir + " already exists");
    fs.delete(tmp, true);
    if (!fs.mkdirs(tmp)) throw new IOException("cannot create " + tmp);
    List<Schema.Field> fields = schema.getFields();
    columns = new ColumnFileWriter[fields.size()];
    try {
      for (int i = 0; i < columns.length; i++) {
        ColumnSpec spec = ColumnSpec.of(fields.get(i), opts);
        String name = SplitDirectoryLayout.columnFileName(i, spec.name);
        files.add(name);
        columns[i] = new ColumnFileWriter(fs.create(new Path(tmp, name), false), spec, opts.blockBytes(), opts.maxValueBytes());
      }
    } catch (IOException | RuntimeException e) {
      abort();
      throw e;
    }
  }

  public Path path() { return dir; }

  /** Writes one record; a record that cannot be written is refused whole and leaves nothing behind. */
  public void write(IndexedRecord r) throws IOException {
    int i = 0;
    try {
      for (; i < columns.length; i++) columns[i].write(r.get(i));
    } catch (RuntimeException e) {
      if (i > 0) {
        // Columns before i already hold this row; the split-directory cannot be kept consistent.
        abort();
        throw new IOException("record " + rows + " could not be written; split-directory " + dir + " abandoned", e);
      }
      throw e;
    }
    rows++;
  }

  /** The column file's writer itself: appends go straight to it, {@link #endRow} checks the row is whole. */
  public dev.cif.ColumnAppender column(int field) { return columns[field]; }

  public void endRow() throws IOException {
    long want = rows + 1;
    for (ColumnFileWriter c : columns) {
      if (c.rows() != want) {
        abort();
        throw new IOException("row " + rows + " of split-directory " + dir + " has " + (c.rows() - rows) + " values in column "
            + c.spec().name + ", not 1; split-directory abandoned");
      }
    }
    rows = want;
  }

  public long rows() { return rows; }

  public long bytesWritten() {
    long n = 0;
    for (ColumnFileWriter c : columns) n += c.bytesWritten();
    return n;
  }

  @Override
  public void close() throws IOException {
    if (done) return;
    try {
      for (ColumnFileWriter c : columns) c.finish();
      // The streams' closes, and the schema file's whole write, side by side (ConcurrentClose says why).
      List<ConcurrentClose.Task> closes = new ArrayList<>();
      for (ColumnFileWriter c : columns) closes.add(c::closeStream);
      closes.add(() -> new SchemaFile(schema, rows, files).write(fs, new Path(tmp, SplitDirectoryLayout.schemaFileName(0))));
      ConcurrentClose.all(closes);
      // On the hidden directory, so that the statistics become visible with the split-directory.
      DirectoryStatistics.Builder stats = new DirectoryStatistics.Builder(rows);
      for (ColumnFileWriter c : columns) stats.add(c.spec().name, c.spec().schema, c.blockStats(), c.blockRows());
      DirectoryStatistics.record(fs, tmp, stats);
      if (!fs.rename(tmp, dir)) throw new IOException("could not rename " + tmp + " to " + dir);
      done = true;
    } catch (IOException | RuntimeException e) {
      abort();
      throw e;
    }
  }

  /** Discards everything written. */
  public void abort() {
    if (done) return;
    done = true;
    for (ColumnFileWriter c : columns) if (c != null) c.abort();
    try {
      fs.delete(tmp, true);
    } catch (IOException ignored) {
      // nothing visible was left: the directory is hidden, and the job's cleanup removes it
    }
  }
}
