package dev.cif;

import java.io.Closeable;
import java.io.IOException;
import java.util.Map;

/**
 * Walks the rows of one split in runs of consecutive rows (within one split-directory and one range
 * the pushed filter keeps), for readers that fill column batches, as Hive's vectorized reader does
 * ({@link ReadOptions#runs}). For each run, each projected column is either constant (missing from
 * the split-directory: its default) or read from a {@link ColumnReader} positioned at the run's first row.
 */
public interface RowRuns extends Closeable {
  /** Moves to the next run of up to max rows; returns its length, 0 at the end of the split. */
  int advanceRun(int max) throws IOException;

  /** The run's first row within its split-directory. */
  long runStart();

  /** Whether projected column i is missing from the current split-directory (it reads {@link #constant}). */
  boolean isConstant(int i) throws java.io.IOException;

  /** The value a column missing from the current split-directory reads: its default, else null. */
  Object constant(int i) throws java.io.IOException;

  /** The reader of projected column i, positioned at the run's first row. */
  ColumnReader column(int i) throws IOException;

  /** From 0 to 1. */
  double progress();

  /** Bytes read from the column files so far, by column. */
  Map<String, ReadBytes> bytesRead();
}
