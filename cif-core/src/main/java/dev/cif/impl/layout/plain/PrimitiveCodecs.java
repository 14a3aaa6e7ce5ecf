package dev.cif.impl.layout.plain;

import dev.cif.VectorTarget;
import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;


/** Codecs of the fixed-layout primitive types: null, boolean, int, long, float, double. */
final class PrimitiveCodecs {
  private PrimitiveCodecs() {}

  /** A value that would lose information in the column's type is refused, never silently narrowed. */
  static IllegalArgumentException narrowing(Object v, String type) {
    return new IllegalArgumentException(type + " column cannot hold " + (v == null ? "null" : v.getClass().getSimpleName() + " " + v));
  }

  static final class NullCodec extends ValueCodec {
    @Override public void write(Object v, ByteSink out) {
      if (v != null) throw new IllegalArgumentException("null type holds only null, got " + v.getClass().getName());
    }
    @Override public Object read(ByteSource in) { return null; }
    @Override public void skip(ByteSource in) {}
    @Override public int minBytes() { return 0; }
  }

  static final class BooleanCodec extends ValueCodec {
    @Override public void write(Object v, ByteSink out) { out.writeByte(((Boolean) v) ? 1 : 0); }
    @Override public void writeBoolean(boolean v, ByteSink out) { out.writeByte(v ? 1 : 0); }
    @Override public Object read(ByteSource in) {
      int b = in.readByte();
      if (b > 1) throw in.corrupt("boolean byte " + b);
      return b == 1;
    }
    @Override public void skip(ByteSource in) { in.skipBytes(1); }
    @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.LONG; }
    @Override public void readInto(ByteSource in, VectorTarget t, int row) {
      int b = in.readByte();
      if (b > 1) throw in.corrupt("boolean byte " + b);
      t.isNull[row] = false;
      t.longs[row] = b;
    }
  }

  /** int, date, time-millis: zig-zag varint. */
  static final class IntCodec extends ValueCodec {
    @Override public void write(Object v, ByteSink out) {
      if (!(v instanceof Integer || v instanceof Short || v instanceof Byte)) throw narrowing(v, "int");
      out.writeVarInt(((Number) v).intValue());
    }
    @Override public void writeInt(int v, ByteSink out) { out.writeVarInt(v); }
    @Override public Object read(ByteSource in) { return in.readVarInt(); }
    @Override public void skip(ByteSource in) { in.skipVarint(); }
    @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.LONG; }
    @Override public void readInto(ByteSource in, VectorTarget t, int row) {
      t.isNull[row] = false;
      t.longs[row] = in.readVarInt();
    }
  }

  /** long, timestamp-*, time-micros: zig-zag varint. */
  static final class LongCodec extends ValueCodec {
    @Override public void write(Object v, ByteSink out) {
      if (!(v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte)) throw narrowing(v, "long");
      out.writeVarLong(((Number) v).longValue());
    }
    @Override public void writeInt(int v, ByteSink out) { out.writeVarLong(v); }
    @Override public void writeLong(long v, ByteSink out) { out.writeVarLong(v); }
    @Override public Object read(ByteSource in) { return in.readVarLong(); }
    @Override public void skip(ByteSource in) { in.skipVarint(); }
    @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.LONG; }
    @Override public void readInto(ByteSource in, VectorTarget t, int row) {
      t.isNull[row] = false;
      t.longs[row] = in.readVarLong();
    }
  }

  static final class FloatCodec extends ValueCodec {
    @Override public void write(Object v, ByteSink out) {
      if (!(v instanceof Float || v instanceof Integer || v instanceof Short || v instanceof Byte)) throw narrowing(v, "float");
      out.writeFloat(((Number) v).floatValue());
    }
    @Override public void writeFloat(float v, ByteSink out) { out.writeFloat(v); }
    @Override public Object read(ByteSource in) { return in.readFloat(); }
    @Override public void skip(ByteSource in) { in.skipBytes(4); }
    @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.DOUBLE; }
    @Override public void readInto(ByteSource in, VectorTarget t, int row) {
      t.isNull[row] = false;
      t.doubles[row] = in.readFloat();
    }
    @Override public int minBytes() { return 4; }
  }

  static final class DoubleCodec extends ValueCodec {
    @Override public void write(Object v, ByteSink out) {
      if (!(v instanceof Number) || v instanceof java.math.BigDecimal || v instanceof java.math.BigInteger) throw narrowing(v, "double");
      out.writeDouble(((Number) v).doubleValue());
    }
    @Override public void writeFloat(float v, ByteSink out) { out.writeDouble(v); }
    @Override public void writeDouble(double v, ByteSink out) { out.writeDouble(v); }
    @Override public Object read(ByteSource in) { return in.readDouble(); }
    @Override public void skip(ByteSource in) { in.skipBytes(8); }
    @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.DOUBLE; }
    @Override public void readInto(ByteSource in, VectorTarget t, int row) {
      t.isNull[row] = false;
      t.doubles[row] = in.readDouble();
    }
    @Override public int minBytes() { return 8; }
  }
}
