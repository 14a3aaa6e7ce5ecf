package dev.cif.bench.peers;

import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.avro.Schema;

/** The Hive column types a user would declare for an Avro record (as in a CREATE TABLE). */
final class HiveTypes {

  private HiveTypes() {}

  static String of(Schema schema) {
    Schema s = WritableValues.nonNull(schema);
    return switch (s.getType()) {
      case STRING -> "string";
      case INT -> "int";
      case LONG -> "bigint";
      case BOOLEAN -> "boolean";
      case DOUBLE -> "double";
      case FLOAT -> "float";
      case BYTES -> "binary";
      case MAP -> "map<string," + of(s.getValueType()) + ">";
      case ARRAY -> "array<" + of(s.getElementType()) + ">";
      case RECORD -> s.getFields().stream().map(f -> f.name() + ":" + of(f.schema()))
          .collect(Collectors.joining(",", "struct<", ">"));
      default -> throw new IllegalArgumentException("no Hive type for " + s.getType());
    };
  }

  /** The table properties a SerDe is initialized with: column names and colon-separated types. */
  static Properties tableProperties(Schema record) {
    Properties props = new Properties();
    props.setProperty("columns", record.getFields().stream().map(Schema.Field::name)
        .collect(Collectors.joining(",")));
    props.setProperty("columns.types", record.getFields().stream().map(f -> of(f.schema()))
        .collect(Collectors.joining(":")));
    return props;
  }
}
