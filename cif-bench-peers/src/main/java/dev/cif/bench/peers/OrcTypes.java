package dev.cif.bench.peers;

import org.apache.avro.Schema;
import org.apache.orc.TypeDescription;

/** The ORC type a user would declare for an Avro type (timestamp-millis stays a bigint of millis). */
final class OrcTypes {

  private OrcTypes() {}

  static TypeDescription of(Schema schema) {
    Schema s = WritableValues.nonNull(schema);
    return switch (s.getType()) {
      case STRING -> TypeDescription.createString();
      case INT -> TypeDescription.createInt();
      case LONG -> TypeDescription.createLong();
      case BOOLEAN -> TypeDescription.createBoolean();
      case DOUBLE -> TypeDescription.createDouble();
      case FLOAT -> TypeDescription.createFloat();
      case BYTES -> TypeDescription.createBinary();
      case MAP -> TypeDescription.createMap(TypeDescription.createString(), of(s.getValueType()));
      case ARRAY -> TypeDescription.createList(of(s.getElementType()));
      case RECORD -> {
        TypeDescription struct = TypeDescription.createStruct();
        for (Schema.Field field : s.getFields()) {
          struct.addField(field.name(), of(field.schema()));
        }
        yield struct;
      }
      default -> throw new IllegalArgumentException("no ORC type for " + s.getType());
    };
  }
}
