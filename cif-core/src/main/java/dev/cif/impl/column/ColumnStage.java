package dev.cif.impl.column;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.layout.skiplist.SkipListWriter.Kind;
import java.io.IOException;

/**
 * One column's appends, held for a few rows and then handed to its {@link ColumnFileWriter} together.
 *
 * <p>Why: an engine appends a row at a time, so a writer that encodes each value as it arrives moves to
 * another column's encoder (its buffers, its run, its statistics, its branches) on every value. On SSB's
 * lineorder (17 columns) that took 37 ns a value; held and handed over 128 rows of a column at a time, the
 * same values take 24 ns (docs/write-path.md, "Rows staged, columns encoded together"). The file is the same
 * byte for byte: a column's blocks depend on its own values only.
 *
 * <p>A value is kept as its kind and its primitive, bytes are copied (the caller reuses its buffers), and a
 * value the column refuses is therefore refused when the stage is {@link #drain drained}, with the row it
 * belongs to in the message. Memory stays bounded as the column writer's is: bytes are held up to
 * {@value #HELD_BYTES} (a column of large strings is encoded a few values at a time), and a nested value
 * ({@link #appendValue}, of a size unknown until encoded) is not held: the stage drains and writes it.
 */
public final class ColumnStage implements dev.cif.ColumnAppender {
  private static final byte NULL = 0, BOOLEAN = 1, INT = 2, LONG = 3, FLOAT = 4, DOUBLE = 5, BYTES = 6;
  /** The writer's kind of each primitive held kind (BOOLEAN to DOUBLE). */
  private static final Kind[] PRIMITIVE = {null, Kind.BOOLEAN, Kind.INT, Kind.LONG, Kind.FLOAT, Kind.DOUBLE};
  /** Bytes held at most (and one value more) before the stage drains itself. */
  static final int HELD_BYTES = 1 << 16;
  /** Past this, a drained stage lets its bytes go: one long string must not pin its size per column. */
  private static final int KEPT_BYTES = 2 * HELD_BYTES;

  private final ColumnFileWriter target;
  private final byte[] kinds;
  // Allocated on the first value of their kind: most columns only ever see one kind and nulls.
  private long[] longs;
  private double[] doubles;
  private int[] byteEnds;
  private ByteSink bytes;
  private int count;
  /** Values taken so far, written and held: the split-directory's writer checks every column's after every row. */
  private long taken;

  /** @param capacity values held at most; a full stage drains itself */
  public ColumnStage(ColumnFileWriter target, int capacity) {
    this.target = target;
    this.taken = target.rows();
    this.kinds = new byte[capacity];
  }

  /** Values taken so far: those written and those held. */
  public long rows() { return taken; }

  /** Counts a value written to the column's writer directly (a whole record; the stage held nothing). */
  public void countWritten() { taken++; }

  @Override public void appendNull() throws IOException { hold(NULL); }

  @Override public void appendBoolean(boolean v) throws IOException { holdLong(BOOLEAN, v ? 1 : 0); }

  @Override public void appendInt(int v) throws IOException { holdLong(INT, v); }

  @Override public void appendLong(long v) throws IOException { holdLong(LONG, v); }

  @Override public void appendFloat(float v) throws IOException { holdDouble(FLOAT, v); }

  @Override public void appendDouble(double v) throws IOException { holdDouble(DOUBLE, v); }

  @Override public void appendBytes(byte[] b, int off, int len) throws IOException {
    if (bytes == null) bytes = new ByteSink(1024);
    if (byteEnds == null) byteEnds = new int[kinds.length];
    bytes.writeBytes(b, off, len);
    byteEnds[count] = bytes.size();
    hold(BYTES);
    if (bytes != null && bytes.size() >= HELD_BYTES) drain();
  }

  @Override public void appendValue(Object v) throws IOException {
    drain();
    taken++;
    try {
      target.appendValue(v);
    } catch (IllegalArgumentException e) {
      throw refused(e);
    }
  }

  private void holdLong(byte kind, long v) throws IOException {
    if (longs == null) longs = new long[kinds.length];
    longs[count] = v;
    hold(kind);
  }

  private void holdDouble(byte kind, double v) throws IOException {
    if (doubles == null) doubles = new double[kinds.length];
    doubles[count] = v;
    hold(kind);
  }

  private void hold(byte kind) throws IOException {
    taken++;
    kinds[count++] = kind;
    if (count == kinds.length) drain();
  }

  /** Hands the held values to the column's writer, in order: a run of values of one primitive kind together. */
  public void drain() throws IOException {
    int n = count;
    count = 0; // a refused value leaves the row unfinishable either way; nothing is handed twice
    int start = 0;
    for (int i = 0; i < n; ) {
      byte kind = kinds[i];
      try {
        if (kind >= BOOLEAN && kind <= DOUBLE) {
          int end = i + 1;
          while (end < n && kinds[end] == kind) end++;
          target.appendRun(PRIMITIVE[kind], longs, doubles, i, end);
          i = end;
          continue;
        }
        if (kind == NULL) {
          target.appendNull();
        } else {
          target.appendBytes(bytes.array(), start, byteEnds[i] - start);
          start = byteEnds[i];
        }
        i++;
      } catch (IllegalArgumentException e) {
        throw refused(e);
      }
    }
    if (bytes != null) {
      bytes.reset();
      if (bytes.array().length > KEPT_BYTES) bytes = null;
    }
  }

  /** The column writer's refusal, with the row of the value: the caller learns of it rows later. */
  private IllegalArgumentException refused(IllegalArgumentException e) {
    return new IllegalArgumentException("row " + target.rows() + ": " + e.getMessage(), e);
  }
}
