package dev.cif.pig;

import dev.cif.schema.CifSchemas;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.pig.ResourceSchema;
import org.apache.pig.ResourceSchema.ResourceFieldSchema;
import org.apache.pig.data.DataType;
import org.apache.pig.impl.logicalLayer.FrontendException;

/**
 * The Pig schema of a CIF dataset, derived from its Avro schema (so a script needs no AS clause).
 * Nullable unions become their non-null branch: every Pig field is nullable anyway. A union of several
 * non-null types becomes bytearray (an untyped value, for a map: untyped values) holding the branch's value.
 */
final class AvroToPigSchema {
  /** The field name of the one-field tuples a bag of non-record array elements holds. */
  static final String ELEMENT_FIELD = "value";

  private AvroToPigSchema() {}

  static ResourceSchema of(Schema record) throws FrontendException {
    return tupleSchema(record, record.getName());
  }

  private static ResourceSchema tupleSchema(Schema record, String path) throws FrontendException {
    List<ResourceFieldSchema> fields = new ArrayList<>();
    for (Schema.Field f : record.getFields()) fields.add(field(f.name(), f.schema(), path + "." + f.name()));
    return new ResourceSchema().setFields(fields.toArray(new ResourceFieldSchema[0]));
  }

  static ResourceFieldSchema field(String name, Schema schema, String path) throws FrontendException {
    Schema s = CifSchemas.nonNull(schema);
    ResourceFieldSchema f = new ResourceFieldSchema().setName(name);
    try {
      switch (s.getType()) {
        case BOOLEAN: return f.setType(DataType.BOOLEAN);
        case INT: return f.setType(DataType.INTEGER);
        case LONG: return f.setType(AvroToPig.isTimestampMillis(s) ? DataType.DATETIME : DataType.LONG);
        case FLOAT: return f.setType(DataType.FLOAT);
        case DOUBLE: return f.setType(DataType.DOUBLE);
        case STRING: case ENUM: return f.setType(DataType.CHARARRAY);
        case BYTES: case FIXED: return f.setType(AvroToPig.decimalScale(s) >= 0 ? DataType.BIGDECIMAL : DataType.BYTEARRAY);
        case NULL: return f.setType(DataType.BYTEARRAY);
        case RECORD: return f.setType(DataType.TUPLE).setSchema(tupleSchema(s, path));
        case MAP: {
          f.setType(DataType.MAP);
          Schema values = CifSchemas.nonNull(s.getValueType());
          if (values.getType() == Schema.Type.UNION) return f; // untyped values: each keeps its own type
          return f.setSchema(new ResourceSchema().setFields(
              new ResourceFieldSchema[] {field(null, values, path + "{}")}));
        }
        case ARRAY: {
          Schema element = CifSchemas.nonNull(s.getElementType());
          ResourceFieldSchema tuple = new ResourceFieldSchema().setType(DataType.TUPLE);
          tuple.setSchema(element.getType() == Schema.Type.RECORD
              ? tupleSchema(element, path + "[]")
              : new ResourceSchema().setFields(new ResourceFieldSchema[] {field(ELEMENT_FIELD, element, path + "[]")}));
          return f.setType(DataType.BAG).setSchema(new ResourceSchema().setFields(new ResourceFieldSchema[] {tuple}));
        }
        case UNION:
          // Pig has no union type: a bytearray field holds each value as its branch's Pig value, and
          // Pig's casts convert from the value's real type.
          return f.setType(DataType.BYTEARRAY);
        default:
          throw new FrontendException("CifLoader: column " + path + " has type " + schema + ", which has no Pig type");
      }
    } catch (FrontendException e) {
      throw e;
    } catch (java.io.IOException e) {
      throw new FrontendException("CifLoader: column " + path + ": " + e.getMessage(), e);
    }
  }
}
