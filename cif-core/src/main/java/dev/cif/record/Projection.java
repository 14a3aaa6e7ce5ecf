package dev.cif.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;

/**
 * The columns a reader was asked for, as a record schema of those fields in the asked order, and
 * the clear error for asking a record for anything else.
 */
public final class Projection {
  private final Schema full;
  private final Schema projected;
  /**
   * The projected names in order when there are few: a record's get(name) runs once per row and
   * column, and comparing a handful of names beats Avro's hash lookup of the field.
   */
  private final String[] fewNames;

  private Projection(Schema full, Schema projected) {
    this.full = full;
    this.projected = projected;
    List<Schema.Field> fields = projected.getFields();
    this.fewNames = fields.size() > 8 ? new String[0] : fields.stream().map(Schema.Field::name).toArray(String[]::new);
  }

  /** columns: comma-separated names; empty or null means every column. */
  public static Projection of(Schema full, String columns) {
    if (columns == null || columns.trim().isEmpty()) return new Projection(full, full);
    List<String> names = new ArrayList<>();
    for (String c : columns.split(",")) if (!c.trim().isEmpty()) names.add(c.trim());
    return of(full, names);
  }

  public static Projection of(Schema full, List<String> names) {
    List<Schema.Field> fields = new ArrayList<>();
    for (String n : names) {
      Schema.Field f = full.getField(n);
      if (f == null) throw new IllegalArgumentException("projected column " + n + " is not in the schema " + columnNames(full));
      if (fields.stream().anyMatch(x -> x.name().equals(n))) continue;
      fields.add(new Schema.Field(f, f.schema()));
    }
    Schema p = Schema.createRecord(full.getName(), full.getDoc(), full.getNamespace(), false, fields);
    return new Projection(full, p);
  }

  public Schema full() { return full; }
  public Schema schema() { return projected; }
  public int size() { return projected.getFields().size(); }

  /** The projected index of a column, or the error that names the column and the projection. */
  public int indexOf(String column) {
    for (int i = 0; i < fewNames.length; i++) {
      if (fewNames[i].equals(column)) return i;
    }
    Schema.Field f = projected.getField(column);
    if (f != null) return f.pos();
    if (full.getField(column) != null) {
      throw new AvroRuntimeException("column " + column + " was not projected; the projection is " + columnNames(projected)
          + " (add it with ColumnInputFormat.setColumns)");
    }
    throw new AvroRuntimeException("Not a valid schema field: " + column + " (columns: " + columnNames(full) + ")");
  }

  static String columnNames(Schema s) {
    return Arrays.toString(s.getFields().stream().map(Schema.Field::name).toArray());
  }
}
