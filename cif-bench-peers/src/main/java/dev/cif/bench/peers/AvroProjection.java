package dev.cif.bench.peers;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.Schema;

/** The record schema of just the projected top-level fields, in the full schema's order. */
final class AvroProjection {

  private AvroProjection() {}

  static Schema of(Schema full, List<String> columns) {
    Set<String> wanted = new HashSet<>(columns);
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field field : full.getFields()) {
      if (wanted.remove(field.name())) {
        fields.add(new Schema.Field(field, field.schema()));
      }
    }
    if (!wanted.isEmpty()) {
      throw new IllegalArgumentException("no such columns " + wanted + " in " + full.getFullName());
    }
    return Schema.createRecord(full.getName(), full.getDoc(), full.getNamespace(), false, fields);
  }

  /** Positions of the projected columns in the full schema. */
  static List<Integer> positions(Schema full, List<String> columns) {
    List<Integer> ids = new ArrayList<>();
    for (Schema.Field field : full.getFields()) {
      if (columns.contains(field.name())) {
        ids.add(field.pos());
      }
    }
    return ids;
  }
}
