package dev.cif.column;

import dev.cif.io.ByteSink;
import dev.cif.io.ByteSource;

/**
 * Encodes and decodes the values of one Avro type. One small class per type, composed into a tree
 * for complex types, in the manner of ORC's tree writers. Values read are Avro's generic
 * representation (Utf8, ByteBuffer, GenericData.Record/Array/Fixed/EnumSymbol, HashMap).
 */
public abstract class ValueCodec {
  public abstract void write(Object value, ByteSink out);

  public abstract Object read(ByteSource in);

  /** Moves past one value without building it. */
  public abstract void skip(ByteSource in);

  /** Smallest number of bytes one encoded value takes (bounds counts read from corrupt data). */
  public int minBytes() { return 1; }
}
