package dev.cif.pig;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.JsonProperties;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.pig.ResourceSchema;
import org.apache.pig.ResourceSchema.ResourceFieldSchema;
import org.apache.pig.data.DataType;
import org.apache.pig.impl.logicalLayer.FrontendException;

/**
 * The Avro schema CifStorer writes for a Pig schema. Every field, map value and array element is
 * nullable, because any Pig value may be null. Pig names that are not Avro names (a join's
 * {@code a::x}) are rewritten ({@code a__x}); unnamed fields are called {@code field<i>}. A bag whose
 * tuples have one field becomes an array of that field's type, any other bag an array of records.
 */
final class PigToAvroSchema {
  static final String RECORD_NAME = "PigRecord";
  /** Value type of maps whose Pig schema does not type their values: each value keeps its own type. */
  private static final List<Schema.Type> UNTYPED_MAP_VALUE = Arrays.asList(Schema.Type.NULL, Schema.Type.STRING,
      Schema.Type.BYTES, Schema.Type.INT, Schema.Type.LONG, Schema.Type.FLOAT, Schema.Type.DOUBLE, Schema.Type.BOOLEAN);

  private PigToAvroSchema() {}

  static Schema of(ResourceSchema pig) throws FrontendException {
    if (pig == null || pig.getFields() == null || pig.getFields().length == 0) {
      throw new FrontendException("CifStorer needs the relation's schema to write CIF; declare one (LOAD ... AS (...))");
    }
    return record(pig, RECORD_NAME, "");
  }

  /** The Avro name of a Pig field: what the loader will call the column when the data is read back. */
  static String avroName(String pigName, int index) {
    if (pigName == null || pigName.isEmpty()) return "field" + index;
    String n = pigName.replace("::", "__").replaceAll("[^A-Za-z0-9_]", "_");
    return Character.isDigit(n.charAt(0)) ? "_" + n : n;
  }

  private static Schema record(ResourceSchema pig, String name, String path) throws FrontendException {
    List<Schema.Field> fields = new ArrayList<>();
    Set<String> names = new HashSet<>();
    ResourceFieldSchema[] pf = pig.getFields();
    for (int i = 0; i < pf.length; i++) {
      String n = avroName(pf[i].getName(), i);
      if (!names.add(n)) {
        throw new FrontendException("CifStorer: two fields of " + (path.isEmpty() ? "the relation" : path)
            + " are both named " + n + " in CIF; rename one (FOREACH ... GENERATE x AS other)");
      }
      String fieldPath = path.isEmpty() ? n : path + "." + n;
      fields.add(new Schema.Field(n, nullable(type(pf[i], fieldPath)), null, JsonProperties.NULL_VALUE));
    }
    return Schema.createRecord(name, null, "dev.cif.pig", false, fields);
  }

  static Schema nullable(Schema s) {
    return Schema.createUnion(Schema.create(Schema.Type.NULL), s);
  }

  private static Schema type(ResourceFieldSchema f, String path) throws FrontendException {
    switch (f.getType()) {
      case DataType.BOOLEAN: return Schema.create(Schema.Type.BOOLEAN);
      case DataType.INTEGER: return Schema.create(Schema.Type.INT);
      case DataType.LONG: return Schema.create(Schema.Type.LONG);
      case DataType.FLOAT: return Schema.create(Schema.Type.FLOAT);
      case DataType.DOUBLE: return Schema.create(Schema.Type.DOUBLE);
      case DataType.CHARARRAY: return Schema.create(Schema.Type.STRING);
      case DataType.BYTEARRAY: return Schema.create(Schema.Type.BYTES);
      case DataType.DATETIME: return LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
      case DataType.TUPLE: return record(inner(f, path), recordName(path), path);
      case DataType.MAP: {
        ResourceSchema values = f.getSchema();
        if (values == null || values.getFields() == null || values.getFields().length == 0) {
          List<Schema> branches = new ArrayList<>();
          for (Schema.Type t : UNTYPED_MAP_VALUE) branches.add(Schema.create(t));
          return Schema.createMap(Schema.createUnion(branches));
        }
        return Schema.createMap(nullable(type(values.getFields()[0], path + "{}")));
      }
      case DataType.BAG: {
        ResourceFieldSchema tuple = inner(f, path).getFields()[0];
        ResourceSchema ts = tuple.getType() == DataType.TUPLE ? inner(tuple, path) : inner(f, path);
        Schema element = ts.getFields().length == 1
            ? type(ts.getFields()[0], path + "[]")
            : record(ts, recordName(path + "[]"), path + "[]");
        return Schema.createArray(nullable(element));
      }
      default:
        throw new FrontendException("CifStorer cannot store field " + path + " of Pig type "
            + DataType.findTypeName(f.getType()) + "; cast it to a supported type (int, long, float, double, "
            + "chararray, bytearray, boolean, datetime, tuple, bag, map)");
    }
  }

  private static ResourceSchema inner(ResourceFieldSchema f, String path) throws FrontendException {
    ResourceSchema s = f.getSchema();
    if (s == null || s.getFields() == null || s.getFields().length == 0) {
      throw new FrontendException("CifStorer: field " + path + " is a " + DataType.findTypeName(f.getType())
          + " without a declared schema; declare its fields");
    }
    return s;
  }

  /** Avro needs a distinct name per nested record type; the field path gives one. */
  private static String recordName(String path) {
    return "r_" + path.replace(".", "_").replace("[]", "_items").replace("{}", "_values");
  }
}
