package dev.cif.impl.layout.plain;

import dev.cif.VectorTarget;
import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;


/**
 * Encodes and decodes the values of one Avro type. One small class per type, composed into a tree
 * for complex types, in the manner of ORC's tree writers. Values read are Avro's generic
 * representation (Utf8, ByteBuffer, GenericData.Record/Array/Fixed/EnumSymbol, HashMap).
 */
public abstract class ValueCodec {
  public abstract void write(Object value, ByteSink out);

  // The typed writes of dev.cif.ColumnAppender: each writes what write(Object) writes for the same value.
  // By default they box and call it; the codecs of the types that take such values override them.

  public void writeNull(ByteSink out) { write(null, out); }

  public void writeBoolean(boolean v, ByteSink out) { write(v, out); }

  public void writeInt(int v, ByteSink out) { write(v, out); }

  public void writeLong(long v, ByteSink out) { write(v, out); }

  public void writeFloat(float v, ByteSink out) { write(v, out); }

  public void writeDouble(double v, ByteSink out) { write(v, out); }

  /** A string's UTF-8 bytes, a bytes or fixed value, or a decimal's unscaled bytes. */
  public void writeBytes(byte[] b, int off, int len, ByteSink out) { write(java.nio.ByteBuffer.wrap(b, off, len), out); }

  public abstract Object read(ByteSource in);

  /** Moves past one value without building it. */
  public abstract void skip(ByteSource in);

  /** Smallest number of bytes one encoded value takes (bounds counts read from corrupt data). */
  public int minBytes() { return 1; }

  /**
   * The array form {@link #readInto} decodes this type into, or null when values of this type exist
   * only as objects (nested types, enums): batch readers then fall back to {@link #read}.
   */
  public VectorTarget.Kind vectorKind() { return null; }

  /** Decodes one value into row of t without boxing it; only for codecs with a {@link #vectorKind}. */
  public void readInto(ByteSource in, VectorTarget t, int row) {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " has no array form");
  }

  /**
   * Decodes the next n values into rows [row, row + n) of t; called only where no skip entries lie
   * between values. Codecs that decode a run faster than value by value (PACKED) override it.
   */
  public void readInto(ByteSource in, VectorTarget t, int row, int n) {
    for (int i = 0; i < n; i++) readInto(in, t, row + i);
  }
}
