package dev.cif.impl.split;

import dev.cif.WriteOptions;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.avro.Schema;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;


/**
 * Writes records into a dataset directory as a run of split-directories named
 * {@code <prefix>-00000, <prefix>-00001, ...}, rolling to the next when the current one reaches the
 * target size (paper §4.2: each split-directory is a horizontal partition and a unit of work).
 */
public final class DatasetWriter implements dev.cif.CifWriter {
  /**
   * How often (in rows) the encoded size is checked; summing every column's size per row is waste. The rows a
   * split-directory holds before encoding them, so that a check finds nothing held.
   */
  private static final int SIZE_CHECK_ROWS = SplitDirectoryWriter.STAGED_ROWS;

  private final FileSystem fs;
  private final Path dataset;
  private final String prefix;
  private final Schema schema;
  private final WriteOptions opts;
  private final List<Path> written = new ArrayList<>();
  private SplitDirectoryWriter current;
  private long rows;
  /** The appenders handed out: each forwards to the current split-directory's column. */
  private final RollingColumn[] appenders;

  public DatasetWriter(FileSystem fs, Path dataset, String prefix, Schema schema, WriteOptions opts) {
    this.fs = fs;
    this.dataset = dataset;
    this.prefix = prefix;
    this.schema = schema;
    this.opts = opts;
    dev.cif.schema.CifSchemas.validate(schema);
    appenders = new RollingColumn[schema.getFields().size()];
    for (int i = 0; i < appenders.length; i++) appenders[i] = new RollingColumn(i);
  }

  public void write(IndexedRecord r) throws IOException {
    open().write(r);
    rowWritten();
  }

  public dev.cif.ColumnAppender column(int field) { return appenders[field]; }

  public void endRow() throws IOException {
    open().endRow();
    rowWritten();
  }

  /** The split-directory being written, begun when the first value after a roll arrives. */
  private SplitDirectoryWriter open() throws IOException {
    if (current == null) {
      Path dir = new Path(dataset, String.format(Locale.ROOT, "%s-%05d", prefix, written.size()));
      current = new SplitDirectoryWriter(fs, dir, schema, opts);
    }
    return current;
  }

  private void rowWritten() throws IOException {
    rows++;
    if (current.rows() % SIZE_CHECK_ROWS == 0 && current.bytesWritten() >= opts.splitDirectoryBytes()) roll();
  }

  private void roll() throws IOException {
    SplitDirectoryWriter w = current;
    current = null;
    w.close();
    written.add(w.path());
  }

  public long rows() { return rows; }

  /** The split-directories completed so far. */
  public List<Path> splitDirectories() { return written; }

  @Override
  public void close() throws IOException {
    if (current != null) roll();
  }

  /** One column of whichever split-directory is being written (rows never straddle two: a roll comes after a row). */
  private final class RollingColumn implements dev.cif.ColumnAppender {
    private final int field;

    RollingColumn(int field) { this.field = field; }

    private dev.cif.ColumnAppender target() throws IOException { return open().column(field); }

    @Override public void appendNull() throws IOException { target().appendNull(); }
    @Override public void appendBoolean(boolean v) throws IOException { target().appendBoolean(v); }
    @Override public void appendInt(int v) throws IOException { target().appendInt(v); }
    @Override public void appendLong(long v) throws IOException { target().appendLong(v); }
    @Override public void appendFloat(float v) throws IOException { target().appendFloat(v); }
    @Override public void appendDouble(double v) throws IOException { target().appendDouble(v); }
    @Override public void appendBytes(byte[] b, int off, int len) throws IOException { target().appendBytes(b, off, len); }
    @Override public void appendValue(Object v) throws IOException { target().appendValue(v); }
  }

  public void abort() {
    if (current != null) current.abort();
    current = null;
  }
}
