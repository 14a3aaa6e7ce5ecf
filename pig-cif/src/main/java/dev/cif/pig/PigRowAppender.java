package dev.cif.pig;

import dev.cif.CifWriter;
import dev.cif.ColumnAppender;
import dev.cif.schema.CifSchemas;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.pig.data.DataByteArray;
import org.apache.pig.data.Tuple;
import org.joda.time.DateTime;

/**
 * A Pig tuple appended to a {@link CifWriter}'s columns ({@link ColumnAppender}) without an Avro record:
 * each top-level field as its primitive, a chararray as its UTF-8 bytes, a bytearray as its bytes; a
 * nested field (tuple, bag, map) is converted whole by {@link PigToAvro}, as it is stored whole. Values are
 * checked against the declared types as PigToAvro checks them, with the same errors; the files are byte
 * for byte those of the record path (PigRowAppenderTest).
 */
final class PigRowAppender {
  private enum Kind { BOOLEAN, INT, LONG, TIMESTAMP, FLOAT, DOUBLE, STRING, BYTES, WHOLE }

  private final Schema schema;
  private final List<Schema.Field> fields;
  private final Kind[] kinds;

  PigRowAppender(Schema schema) {
    this.schema = schema;
    this.fields = schema.getFields();
    kinds = new Kind[fields.size()];
    for (int i = 0; i < kinds.length; i++) kinds[i] = kind(CifSchemas.nonNull(fields.get(i).schema()));
  }

  private static Kind kind(Schema s) {
    switch (s.getType()) {
      case BOOLEAN: return Kind.BOOLEAN;
      case INT: return Kind.INT;
      case LONG: return AvroToPig.isTimestampMillis(s) ? Kind.TIMESTAMP : Kind.LONG;
      case FLOAT: return Kind.FLOAT;
      case DOUBLE: return Kind.DOUBLE;
      case STRING: return Kind.STRING;
      case BYTES: return Kind.BYTES;
      default: return Kind.WHOLE;
    }
  }

  /** Appends the tuple's fields and ends the row; a tuple of the wrong width or types is refused. */
  void append(Tuple t, CifWriter w) throws IOException {
    if (t.size() != fields.size()) {
      throw new IOException("CifStorer: a tuple has " + t.size() + " fields but the schema declares " + fields.size() + " "
          + PigToAvro.names(fields) + ": " + t);
    }
    for (int i = 0; i < kinds.length; i++) {
      Object v = t.get(i);
      ColumnAppender c = w.column(i);
      if (v == null) {
        c.appendNull();
        continue;
      }
      Schema.Field f = fields.get(i);
      Schema s = CifSchemas.nonNull(f.schema());
      switch (kinds[i]) {
        case BOOLEAN: c.appendBoolean(PigToAvro.expect(v, Boolean.class, s, f.name())); break;
        case INT: c.appendInt(PigToAvro.expect(v, Integer.class, s, f.name())); break;
        case LONG: c.appendLong(PigToAvro.expect(v, Long.class, s, f.name())); break;
        case TIMESTAMP: c.appendLong(PigToAvro.expect(v, DateTime.class, s, f.name()).getMillis()); break;
        case FLOAT: c.appendFloat(PigToAvro.expect(v, Float.class, s, f.name())); break;
        case DOUBLE: c.appendDouble(PigToAvro.expect(v, Double.class, s, f.name())); break;
        case STRING: {
          byte[] b = PigToAvro.expect(v, String.class, s, f.name()).getBytes(StandardCharsets.UTF_8);
          c.appendBytes(b, 0, b.length);
          break;
        }
        case BYTES: {
          DataByteArray b = PigToAvro.expect(v, DataByteArray.class, s, f.name());
          c.appendBytes(b.get(), 0, b.size());
          break;
        }
        default: c.appendValue(PigToAvro.value(v, f.schema(), f.name()));
      }
    }
    w.endRow();
  }

  Schema schema() { return schema; }
}
