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
  /** How often (in rows) the encoded size is checked; summing every column's size per row is waste. */
  private static final int SIZE_CHECK_ROWS = 128;

  private final FileSystem fs;
  private final Path dataset;
  private final String prefix;
  private final Schema schema;
  private final WriteOptions opts;
  private final List<Path> written = new ArrayList<>();
  private SplitDirectoryWriter current;
  private long rows;

  public DatasetWriter(FileSystem fs, Path dataset, String prefix, Schema schema, WriteOptions opts) {
    this.fs = fs;
    this.dataset = dataset;
    this.prefix = prefix;
    this.schema = schema;
    this.opts = opts;
    dev.cif.schema.CifSchemas.validate(schema);
  }

  public void write(IndexedRecord r) throws IOException {
    if (current == null) {
      Path dir = new Path(dataset, String.format(Locale.ROOT, "%s-%05d", prefix, written.size()));
      current = new SplitDirectoryWriter(fs, dir, schema, opts);
    }
    current.write(r);
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

  public void abort() {
    if (current != null) current.abort();
    current = null;
  }
}
