package dev.cif.schema;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.LogicalType;
import org.apache.avro.Schema;

/**
 * The CIF type model: Avro schemas, plus two things Hive needs that Avro lacks, written as schema
 * properties so that any Avro tool can still parse the schema:
 * <ul>
 *   <li>maps whose keys are any primitive type: {@code {"type":"map","values":..,"cif.keyType":"int"}};
 *   <li>char(n) and varchar(n): {@code {"type":"string","logicalType":"char","maxLength":n}}, the
 *       convention of Hive's AvroSerDe.
 * </ul>
 */
public final class CifSchemas {
  public static final String KEY_TYPE_PROP = "cif.keyType";
  /** Deepest nesting a schema may have; deeper schemas are refused at write time (stack safety). */
  public static final int MAX_DEPTH = 200;

  private CifSchemas() {}

  /** The schema of a map's keys: string unless {@value #KEY_TYPE_PROP} names another primitive. */
  public static Schema mapKeySchema(Schema map) {
    Object prop = map.getObjectProp(KEY_TYPE_PROP);
    if (prop == null) return Schema.create(Schema.Type.STRING);
    Schema key = new Schema.Parser().parse(prop instanceof String ? "\"" + prop + "\"" : prop.toString());
    if (!isPrimitive(key)) throw new IllegalArgumentException("map key type must be primitive, got " + key);
    return key;
  }

  public static boolean isPrimitive(Schema s) {
    switch (s.getType()) {
      case BOOLEAN: case INT: case LONG: case FLOAT: case DOUBLE: case STRING: case BYTES: case FIXED: case ENUM:
        return true;
      default:
        return false;
    }
  }

  /** True for the type of value the column layer length-prefixes, so that it can be skipped unread. */
  public static boolean isComplex(Schema s) {
    switch (s.getType()) {
      case ARRAY: case MAP: case RECORD:
        return true;
      case UNION:
        for (Schema b : s.getTypes()) if (isComplex(b)) return true;
        return false;
      default:
        return false;
    }
  }

  /** The non-null branch of a nullable union [null, T] / [T, null], else the schema itself. */
  public static Schema nonNull(Schema s) {
    if (s.getType() != Schema.Type.UNION) return s;
    List<Schema> types = s.getTypes();
    if (types.size() == 2) {
      if (types.get(0).getType() == Schema.Type.NULL) return types.get(1);
      if (types.get(1).getType() == Schema.Type.NULL) return types.get(0);
    }
    return s;
  }

  public static String logicalName(Schema s) {
    LogicalType lt = s.getLogicalType();
    if (lt != null) return lt.getName();
    Object p = s.getObjectProp("logicalType");
    return p == null ? null : p.toString();
  }

  /**
   * Checks that a dataset schema can be written: a record of supported, not too deeply nested types,
   * that readers can parse back.
   */
  public static void validate(Schema schema) {
    validateStructure(schema);
    checkReadable(schema);
  }

  /**
   * Readers parse the schema file's JSON and each column file header's with Avro's parser, which
   * refuses names that a Schema built with NameValidator.NO_VALIDATION may hold ("a/b", "a b", "a.b"
   * as a field name). Writing such a schema would make an unreadable dataset, so it is refused here.
   */
  private static void checkReadable(Schema schema) {
    try {
      new Schema.Parser().setValidateDefaults(false).parse(schema.toString());
      for (Schema.Field f : schema.getFields()) new Schema.Parser().parse(f.schema().toString());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("schema could not be read back: " + e.getMessage()
          + " (names must be Avro names: a letter or '_', then letters, digits or '_')", e);
    }
  }

  /** The structural part of {@link #validate}, which readers apply to the schemas they parse. */
  public static void validateStructure(Schema schema) {
    if (schema.getType() != Schema.Type.RECORD) {
      throw new IllegalArgumentException("a CIF dataset schema must be a record, got " + schema.getType());
    }
    Set<String> names = new HashSet<>();
    for (Schema.Field f : schema.getFields()) {
      if (f.name().isEmpty()) throw new IllegalArgumentException("empty column name");
      if (!names.add(f.name())) throw new IllegalArgumentException("duplicate column name " + f.name());
      validateColumn(f.name(), f.schema());
    }
  }

  /**
   * Checks one column's type: supported, not recursive, at most {@value #MAX_DEPTH} levels deep.
   * Readers check the type in a column file's header too, since the decoders recurse on it.
   */
  public static void validateColumn(String name, Schema type) {
    check(type, 1, name, new HashSet<>());
  }

  private static void check(Schema s, int depth, String path, Set<String> recordsOnPath) {
    if (depth > MAX_DEPTH) {
      throw new IllegalArgumentException("column " + path + " nests deeper than " + MAX_DEPTH + " levels");
    }
    switch (s.getType()) {
      case RECORD:
        if (!recordsOnPath.add(s.getFullName())) {
          throw new IllegalArgumentException("column " + path + " has a recursive record type " + s.getFullName());
        }
        for (Schema.Field f : s.getFields()) check(f.schema(), depth + 1, path + "." + f.name(), recordsOnPath);
        recordsOnPath.remove(s.getFullName());
        break;
      case ARRAY:
        check(s.getElementType(), depth + 1, path + "[]", recordsOnPath);
        break;
      case MAP:
        mapKeySchema(s);
        check(s.getValueType(), depth + 1, path + "{}", recordsOnPath);
        break;
      case UNION:
        for (Schema b : s.getTypes()) check(b, depth + 1, path, recordsOnPath);
        break;
      default:
        break;
    }
  }
}
