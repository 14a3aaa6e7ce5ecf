package dev.cif;


/**
 * Where a batch read puts a run of a column's values: plain arrays laid out like Hive's column
 * vectors (values, isNull, noNulls; for byte sequences, references into the block buffer as
 * buffer/start/length), so a caller can point these fields at its vectors' own arrays and values are
 * decoded straight into them, never boxed. Which array a column fills is its codec's {@link Kind}.
 */
public final class VectorTarget {
  /** The array form a codec decodes into. */
  public enum Kind {
    /**
     * boolean (0/1), int, long and the logical types on them (date: days, timestamp: micros or
     * millis); a decimal of precision up to 18 in the PACKED layout: its unscaled value at the
     * column's scale.
     */
    LONG,
    /** float and double. */
    DOUBLE,
    /**
     * string, bytes (and decimal's unscaled bytes, in layouts other than PACKED), fixed: a reference into the block's buffer. The
     * reader gives every block a buffer of its own once batches are read, so a reference stays valid
     * after the reader moves on (until the caller lets go of it).
     */
    BINARY
  }

  public boolean[] isNull;
  /** Cleared by the first null decoded; set it before a run when the run starts a fresh batch. */
  public boolean noNulls = true;
  public long[] longs;
  public double[] doubles;
  public byte[][] buffers;
  public int[] starts;
  public int[] lengths;

  /** A target with arrays of its own, for callers that have no vectors to point it at. */
  public static VectorTarget allocate(Kind kind, int capacity) {
    VectorTarget t = new VectorTarget();
    t.isNull = new boolean[capacity];
    switch (kind) {
      case LONG: t.longs = new long[capacity]; break;
      case DOUBLE: t.doubles = new double[capacity]; break;
      default:
        t.buffers = new byte[capacity][];
        t.starts = new int[capacity];
        t.lengths = new int[capacity];
    }
    return t;
  }

  /** Points row at n bytes of buffer from start (a reference, not a copy). */
  public void refer(int row, byte[] buffer, int start, int n) {
    isNull[row] = false;
    buffers[row] = buffer;
    starts[row] = start;
    lengths[row] = n;
  }

  /** Marks row as null; the value arrays at row are left as they are. */
  public void setNull(int row) {
    isNull[row] = true;
    noNulls = false;
  }
}
