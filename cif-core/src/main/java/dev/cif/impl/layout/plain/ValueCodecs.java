package dev.cif.impl.layout.plain;

import dev.cif.schema.CifSchemas;
import org.apache.avro.Schema;

/** Builds the codec tree for a schema. */
public final class ValueCodecs {
  private ValueCodecs() {}

  public static ValueCodec forSchema(Schema s) {
    switch (s.getType()) {
      case NULL: return new PrimitiveCodecs.NullCodec();
      case BOOLEAN: return new PrimitiveCodecs.BooleanCodec();
      case INT: return new PrimitiveCodecs.IntCodec();
      case LONG: return new PrimitiveCodecs.LongCodec();
      case FLOAT: return new PrimitiveCodecs.FloatCodec();
      case DOUBLE: return new PrimitiveCodecs.DoubleCodec();
      case STRING: return new BinaryCodecs.StringCodec(s);
      case BYTES: return new BinaryCodecs.BytesCodec(s);
      case FIXED: return new BinaryCodecs.FixedCodec(s);
      case ENUM: return new BinaryCodecs.EnumCodec(s);
      case ARRAY: return new ComplexCodecs.ArrayCodec(s, forSchema(s.getElementType()));
      case MAP: return new ComplexCodecs.MapCodec(forSchema(CifSchemas.mapKeySchema(s)), forSchema(s.getValueType()));
      case RECORD: {
        ValueCodec[] f = new ValueCodec[s.getFields().size()];
        for (int i = 0; i < f.length; i++) f[i] = forSchema(s.getFields().get(i).schema());
        return new ComplexCodecs.RecordCodec(s, f);
      }
      case UNION: {
        ValueCodec[] b = new ValueCodec[s.getTypes().size()];
        for (int i = 0; i < b.length; i++) b[i] = forSchema(s.getTypes().get(i));
        return new ComplexCodecs.UnionCodec(s, b);
      }
      default:
        throw new IllegalArgumentException("unsupported type " + s.getType());
    }
  }
}
