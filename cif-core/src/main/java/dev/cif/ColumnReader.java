package dev.cif;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * Reads one column file: its values in row order, one at a time ({@link #next}) or a run at a time
 * into arrays ({@link #readBatch}), moving forward through its skip lists ({@link #skipTo}). A
 * vectorized reader gets one from a {@link RowRuns}; a benchmark from {@link Cif#openColumn}. Not
 * thread-safe.
 */
public interface ColumnReader extends Closeable {
  /** The column (field) name its header records. */
  String name();

  /** The column's type, as its header records it (the writer's schema). */
  org.apache.avro.Schema type();

  /** The column's layout, as written. */
  ColumnLayout layout();

  /** The codec the column was configured with (each block names its own). */
  BlockCodec codec();

  /** Which writer made the file (docs/FORMAT.md §3.1). */
  WrittenBy writtenBy();

  long rowCount();

  int blockCount();

  /** Bytes of the blocks (header to footer). */
  long dataBytes();

  /** Bytes read so far. */
  ReadBytes bytesRead();

  /** Moves forward to row (never back): the next {@link #next} reads it. */
  void skipTo(long row) throws IOException;

  /** The value of the current row, then moves to the next one. */
  Object next() throws IOException;

  /** The array form {@link #readBatch} fills for this column, or null if it has none (nested types). */
  VectorTarget.Kind vectorKind();

  /** Decodes the next n values into rows [row, row + n) of t's arrays of {@link #vectorKind}. */
  void readBatch(VectorTarget t, int row, int n) throws IOException;

  /** The map keys this reader keeps (its maps hold only those), or null if none were selected. */
  List<String> selectedMapKeys();

  /** A batch for {@link #readSelectedKeys} of the selected keys, values in array form of kind where the file allows (or null: objects). */
  SelectedKeysBatch selectedKeysBatch(int capacity, VectorTarget.Kind kind);

  /** Puts the next n maps' selected keys into rows [row, row + n) of out, no map object per row. */
  void readSelectedKeys(SelectedKeysBatch out, int row, int n) throws IOException;
}
