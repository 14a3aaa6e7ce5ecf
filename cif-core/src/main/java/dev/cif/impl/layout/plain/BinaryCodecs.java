package dev.cif.impl.layout.plain;

import dev.cif.VectorTarget;
import dev.cif.impl.io.ByteSink;
import dev.cif.impl.io.ByteSource;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.util.Utf8;


/** Codecs of the byte-sequence types: string (and uuid, char, varchar), bytes (and decimal), fixed, enum. */
final class BinaryCodecs {
  private BinaryCodecs() {}

  /** Length-prefixed UTF-8. Reads return Utf8 (Avro's default) or String when the schema asks for it. */
  static final class StringCodec extends ValueCodec {
    private final boolean javaString;

    StringCodec(Schema s) { javaString = "String".equals(s.getProp("avro.java.string")); }

    @Override public void write(Object v, ByteSink out) {
      if (v instanceof Utf8) {
        Utf8 u = (Utf8) v;
        out.writeLengthPrefixed(u.getBytes(), 0, u.getByteLength());
      } else if (v instanceof CharSequence) {
        byte[] b = v.toString().getBytes(StandardCharsets.UTF_8);
        out.writeLengthPrefixed(b, 0, b.length);
      } else {
        throw new IllegalArgumentException("string column got " + (v == null ? "null" : v.getClass().getName()));
      }
    }

    @Override public void writeBytes(byte[] b, int off, int len, ByteSink out) { out.writeLengthPrefixed(b, off, len); }

    @Override public Object read(ByteSource in) {
      int n = in.readLength();
      if (javaString) {
        String s = new String(in.array(), in.position(), n, StandardCharsets.UTF_8);
        in.skipBytes(n);
        return s;
      }
      return new Utf8(in.readBytes(n));
    }

    @Override public void skip(ByteSource in) { in.skipBytes(in.readLength()); }
    @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.BINARY; }
    @Override public void readInto(ByteSource in, VectorTarget t, int row) { in.referInto(t, row, in.readLength()); }
  }

  /** Length-prefixed bytes; a decimal's unscaled two's-complement value. Reads return ByteBuffer. */
  static final class BytesCodec extends ValueCodec {
    private final int scale;

    BytesCodec(Schema s) { scale = decimalScale(s); }

    @Override public void write(Object v, ByteSink out) {
      if (v instanceof ByteBuffer) {
        ByteBuffer b = (ByteBuffer) v;
        out.writeUVarInt(b.remaining());
        out.writeBytes(b);
      } else if (v instanceof byte[]) {
        byte[] b = (byte[]) v;
        out.writeLengthPrefixed(b, 0, b.length);
      } else if (v instanceof BigDecimal && scale >= 0) {
        byte[] b = unscaled((BigDecimal) v, scale);
        out.writeLengthPrefixed(b, 0, b.length);
      } else {
        throw new IllegalArgumentException("bytes column got " + (v == null ? "null" : v.getClass().getName()));
      }
    }

    @Override public void writeBytes(byte[] b, int off, int len, ByteSink out) { out.writeLengthPrefixed(b, off, len); }

    @Override public Object read(ByteSource in) { return ByteBuffer.wrap(in.readBytes(in.readLength())); }

    @Override public void skip(ByteSource in) { in.skipBytes(in.readLength()); }
    @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.BINARY; }
    @Override public void readInto(ByteSource in, VectorTarget t, int row) { in.referInto(t, row, in.readLength()); }
  }

  /** Exactly size bytes; a fixed decimal is sign-extended to the size. Reads return GenericData.Fixed. */
  static final class FixedCodec extends ValueCodec {
    private final Schema schema;
    private final int size;
    private final int scale;

    FixedCodec(Schema s) {
      schema = s;
      size = s.getFixedSize();
      scale = decimalScale(s);
    }

    @Override public void write(Object v, ByteSink out) {
      byte[] b;
      if (v instanceof GenericFixed) b = ((GenericFixed) v).bytes();
      else if (v instanceof byte[]) b = (byte[]) v;
      else if (v instanceof BigDecimal && scale >= 0) b = signExtend(unscaled((BigDecimal) v, scale), size);
      else throw new IllegalArgumentException("fixed column got " + (v == null ? "null" : v.getClass().getName()));
      if (b.length != size) throw new IllegalArgumentException("fixed(" + size + ") column got " + b.length + " bytes");
      out.writeBytes(b, 0, size);
    }

    @Override public void writeBytes(byte[] b, int off, int len, ByteSink out) {
      if (len != size) throw new IllegalArgumentException("fixed(" + size + ") column got " + len + " bytes");
      out.writeBytes(b, off, size);
    }

    @Override public Object read(ByteSource in) { return new GenericData.Fixed(schema, in.readBytes(size)); }

    @Override public void skip(ByteSource in) { in.skipBytes(size); }

    @Override public int minBytes() { return size; }
    @Override public VectorTarget.Kind vectorKind() { return VectorTarget.Kind.BINARY; }
    @Override public void readInto(ByteSource in, VectorTarget t, int row) { in.referInto(t, row, size); }
  }

  /** The symbol's index as a varint. Reads return GenericData.EnumSymbol. */
  static final class EnumCodec extends ValueCodec {
    private final Schema schema;
    private final GenericData.EnumSymbol[] symbols;

    EnumCodec(Schema s) {
      schema = s;
      symbols = new GenericData.EnumSymbol[s.getEnumSymbols().size()];
      for (int i = 0; i < symbols.length; i++) symbols[i] = new GenericData.EnumSymbol(s, s.getEnumSymbols().get(i));
    }

    @Override public void write(Object v, ByteSink out) {
      String sym = v instanceof GenericEnumSymbol || v instanceof CharSequence || v instanceof Enum ? v.toString() : null;
      if (sym == null || !schema.hasEnumSymbol(sym)) throw new IllegalArgumentException("not a symbol of " + schema.getName() + ": " + v);
      out.writeUVarInt(schema.getEnumOrdinal(sym));
    }

    @Override public Object read(ByteSource in) {
      int i = in.readUVarInt();
      // Unsigned: a varint of 2^31 or more reads as a negative int.
      if (i < 0 || i >= symbols.length) throw in.corrupt("enum index " + Integer.toUnsignedString(i) + " of " + symbols.length + " symbols");
      return symbols[i];
    }

    @Override public void skip(ByteSource in) { in.skipVarint(); }
  }

  static int decimalScale(Schema s) {
    return s.getLogicalType() instanceof LogicalTypes.Decimal ? ((LogicalTypes.Decimal) s.getLogicalType()).getScale() : -1;
  }

  static byte[] unscaled(BigDecimal d, int scale) {
    return d.setScale(scale, RoundingMode.UNNECESSARY).unscaledValue().toByteArray();
  }

  private static byte[] signExtend(byte[] b, int size) {
    if (b.length >= size) return b;
    byte[] out = new byte[size];
    byte pad = (byte) (b.length > 0 && b[0] < 0 ? 0xFF : 0);
    int lead = size - b.length;
    for (int i = 0; i < lead; i++) out[i] = pad;
    System.arraycopy(b, 0, out, lead, b.length);
    return out;
  }
}
