package dev.cif.impl.split;

import dev.cif.WriteOptions;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.impl.column.ColumnStage;
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
  /**
   * Rows whose appended values are held ({@link ColumnStage}) and then encoded a column at a time. DatasetWriter
   * checks {@link #bytesWritten} at the same period, so it finds nothing held to encode first.
   */
  static final int STAGED_ROWS = 128;

  private final FileSystem fs;
  private final Path dir;
  private final Path tmp;
  private final Schema schema;
  private final ColumnFileWriter[] columns;
  private final ColumnStage[] stages;
  private final List<String> files = new ArrayList<>();
  private long rows;
  /** Rows ended whose values the stages still hold. */
  private int staged;
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
    stages = new ColumnStage[columns.length];
    try {
      for (int i = 0; i < columns.length; i++) {
        ColumnSpec spec = ColumnSpec.of(fields.get(i), opts);
        String name = SplitDirectoryLayout.columnFileName(i, spec.name);
        files.add(name);
        columns[i] = new ColumnFileWriter(fs.create(new Path(tmp, name), false), spec, opts.blockBytes(), opts.maxValueBytes());
        // One more than the rows, so that a stage fills only when a row gives its column two values.
        stages[i] = new ColumnStage(columns[i], STAGED_ROWS + 1);
      }
    } catch (IOException | RuntimeException e) {
      abort();
      throw e;
    }
  }

  public Path path() { return dir; }

  /** Writes one record; a record that cannot be written is refused whole and leaves nothing behind. */
  public void write(IndexedRecord r) throws IOException {
    drain();
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
    for (ColumnStage st : stages) st.countWritten();
    rows++;
  }

  /** The column's stage: {@link #endRow} checks the row is whole, and every {@value #STAGED_ROWS} rows encodes them. */
  public dev.cif.ColumnAppender column(int field) { return stages[field]; }

  public void endRow() throws IOException {
    long want = rows + 1;
    for (int i = 0; i < stages.length; i++) {
      if (stages[i].rows() != want) {
        abort();
        throw new IOException("row " + rows + " of split-directory " + dir + " has " + (stages[i].rows() - rows) + " values in column "
            + columns[i].spec().name + ", not 1; split-directory abandoned");
      }
    }
    rows = want;
    if (++staged == STAGED_ROWS) drain();
  }

  /**
   * Encodes the rows the stages hold, a column at a time. A value refused there leaves its row unfinished:
   * the split-directory is abandoned, and the error names the column and the row.
   */
  private void drain() throws IOException {
    staged = 0;
    try {
      for (ColumnStage s : stages) s.drain();
    } catch (RuntimeException e) {
      abort();
      throw new IOException("split-directory " + dir + " abandoned: " + e.getMessage(), e);
    }
  }

  public long rows() { return rows; }

  /** Encoded bytes, every ended row's included. */
  public long bytesWritten() throws IOException {
    drain();
    long n = 0;
    for (ColumnFileWriter c : columns) n += c.bytesWritten();
    return n;
  }

  @Override
  public void close() throws IOException {
    if (done) return;
    try {
      drain();
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
