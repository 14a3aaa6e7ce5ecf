package dev.cif.impl.column;

import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.schema.CifSchemas;
import org.apache.avro.Schema;

/**
 * Null count, and minimum and maximum for ordered primitive columns, of one block; kept in the
 * footer so that a pushed-down filter can skip blocks (and split-directories) without reading them.
 * Strings longer than {@value #MAX_STRING_BYTES} bytes leave a block without min/max rather than
 * store a bound that is not exact. {@link BlockStatsBuilder} gathers them as a block is written.
 */
public final class BlockStats {
  static final int MAX_STRING_BYTES = 256;

  public long nulls;
  /** Integer, Long, Float, Double or Utf8; null when not kept. */
  public Comparable<Object> min;
  public Comparable<Object> max;

  /** The value type stats are kept for, or null. */
  public static Schema statsType(Schema column) {
    Schema t = CifSchemas.nonNull(column);
    switch (t.getType()) {
      case INT: case LONG: case FLOAT: case DOUBLE: case STRING:
        return t;
      default:
        return null;
    }
  }

  public void write(ByteSink out, ValueCodec typeCodec) {
    out.writeUVarLong(nulls);
    boolean has = min != null && typeCodec != null;
    out.writeByte(has ? 1 : 0);
    if (has) {
      typeCodec.write(min, out);
      typeCodec.write(max, out);
    }
  }

  @SuppressWarnings("unchecked")
  public static BlockStats read(ByteSource in, ValueCodec typeCodec) {
    BlockStats s = new BlockStats();
    s.nulls = in.readUVarLong();
    int has = in.readByte();
    if (has > 1 || has == 1 && typeCodec == null) throw in.corrupt("bad stats flag " + has);
    if (has == 1) {
      s.min = (Comparable<Object>) typeCodec.read(in);
      s.max = (Comparable<Object>) typeCodec.read(in);
    }
    return s;
  }
}
