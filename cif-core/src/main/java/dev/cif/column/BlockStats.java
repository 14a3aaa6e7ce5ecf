package dev.cif.column;

import dev.cif.io.ByteSink;
import dev.cif.io.ByteSource;
import dev.cif.layout.plain.ValueCodec;
import dev.cif.schema.CifSchemas;
import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;

/**
 * Null count, and minimum and maximum for ordered primitive columns, of one block; kept in the
 * footer so that a pushed-down filter can skip blocks (and split-directories) without reading them.
 * Strings longer than {@value #MAX_STRING_BYTES} bytes leave a block without min/max rather than
 * store a bound that is not exact.
 */
public final class BlockStats {
  static final int MAX_STRING_BYTES = 256;

  public long nulls;
  /** Integer, Long, Float, Double or Utf8; null when not kept. */
  public Comparable<Object> min;
  public Comparable<Object> max;
  private boolean unbounded;

  /** The value type stats are kept for, or null. */
  static Schema statsType(Schema column) {
    Schema t = CifSchemas.nonNull(column);
    switch (t.getType()) {
      case INT: case LONG: case FLOAT: case DOUBLE: case STRING:
        return t;
      default:
        return null;
    }
  }

  @SuppressWarnings("unchecked")
  void add(Object v, Schema type) {
    if (v == null) {
      nulls++;
      return;
    }
    if (type == null || unbounded) return;
    Comparable<Object> c;
    // A Utf8 made here is this method's own; one handed in may be reused by the caller, so it is copied
    // before it is kept (a CTAS profile showed these copies as a large share of a string column's write CPU).
    boolean own = false;
    if (v instanceof CharSequence) {
      own = !(v instanceof Utf8);
      Utf8 u = own ? new Utf8(v.toString()) : (Utf8) v;
      if (u.getByteLength() > MAX_STRING_BYTES) {
        unbounded = true;
        min = max = null;
        return;
      }
      c = (Comparable<Object>) (Object) u;
    } else if (v instanceof Float && ((Float) v).isNaN() || v instanceof Double && ((Double) v).isNaN()) {
      unbounded = true;
      min = max = null;
      return;
    } else {
      c = (Comparable<Object>) normalize((Number) v, type.getType());
    }
    if (min == null || c.compareTo(min) < 0) min = own ? c : copyIfUtf8(c);
    if (max == null || c.compareTo(max) > 0) max = own ? c : copyIfUtf8(c);
  }

  /**
   * Stats compare values of the column's own class (an int column may be handed a Short). A value of
   * that class already is kept as it is: boxing it again would allocate for every value of the block.
   */
  private static Object normalize(Number n, Schema.Type t) {
    switch (t) {
      case INT: return n instanceof Integer ? n : Integer.valueOf(n.intValue());
      case LONG: return n instanceof Long ? n : Long.valueOf(n.longValue());
      case FLOAT: return n instanceof Float ? n : Float.valueOf(n.floatValue());
      default: return n instanceof Double ? n : Double.valueOf(n.doubleValue());
    }
  }

  @SuppressWarnings("unchecked")
  private static Comparable<Object> copyIfUtf8(Comparable<Object> c) {
    Object o = c;
    return o instanceof Utf8 ? (Comparable<Object>) (Object) new Utf8((Utf8) o) : c;
  }

  void write(ByteSink out, ValueCodec typeCodec) {
    out.writeUVarLong(nulls);
    boolean has = min != null && typeCodec != null;
    out.writeByte(has ? 1 : 0);
    if (has) {
      typeCodec.write(min, out);
      typeCodec.write(max, out);
    }
  }

  @SuppressWarnings("unchecked")
  static BlockStats read(ByteSource in, ValueCodec typeCodec) {
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
