package dev.cif.impl.record;

import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.record.RowPredicate;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;


/** Reads the records of one split, lazily or eagerly; the engine under both MapReduce APIs. */
public final class SplitRecordReader implements dev.cif.RowReader {
  private final RowCursor cursor;
  private final LazyRecord lazy;
  private final EagerRecord eager;

  public SplitRecordReader(FileSystem fs, List<Path> dirs, Projection projection, RecordType type, long maxValueBytes) {
    this(fs, dirs, projection, type, maxValueBytes, null);
  }

  /** @param filter the rows of each split-directory to read (see {@link RowRangeFilter}), or null for all */
  public SplitRecordReader(FileSystem fs, List<Path> dirs, Projection projection, RecordType type, long maxValueBytes,
      RowRangeFilter filter) {
    this(fs, dirs, projection, type, maxValueBytes, filter, null);
  }

  /** @param predicate rows failing it are passed over (see {@link RowPredicate}), or null */
  public SplitRecordReader(FileSystem fs, List<Path> dirs, Projection projection, RecordType type, long maxValueBytes,
      RowRangeFilter filter, RowPredicate predicate) {
    cursor = new RowCursor(fs, dirs, projection, maxValueBytes, filter, predicate);
    lazy = type == RecordType.LAZY ? new LazyRecord(cursor) : null;
    eager = type == RecordType.EAGER ? new EagerRecord(projection) : null;
  }

  /** Reads the first split-directory through dir, opened already by the caller (see {@link RowCursor#reuse}). */
  public SplitRecordReader reuse(dev.cif.impl.split.SplitDirectory dir) {
    cursor.reuse(dir);
    return this;
  }

  /** The split-directories' listings as planned (see {@link RowCursor#listings}), or null. */
  public SplitRecordReader listings(List<org.apache.hadoop.fs.FileStatus[]> listings) {
    cursor.listings(listings);
    return this;
  }

  /** Reads of each split-directory only part index of count (see {@link RowCursor#part}). */
  public SplitRecordReader part(int index, int count) {
    cursor.part(index, count);
    return this;
  }

  /** Map columns whose maps hold only these keys (see {@link dev.cif.pushdown.MapKeys}). */
  public SplitRecordReader mapKeys(dev.cif.pushdown.MapKeys keys) {
    cursor.mapKeys(keys);
    return this;
  }

  /** Bytes read from the column files so far, by column. */
  public java.util.Map<String, dev.cif.ReadBytes> bytesRead() { return cursor.bytesRead(); }

  public boolean next() throws IOException {
    if (!cursor.advance()) return false;
    if (eager != null) eager.load(cursor);
    return true;
  }

  /** The record of the current row (the same instance every row). */
  public GenericRecord current() { return lazy != null ? lazy : eager; }

  public float progress() { return (float) cursor.progress(); }

  @Override
  public void close() throws IOException { cursor.close(); }
}
