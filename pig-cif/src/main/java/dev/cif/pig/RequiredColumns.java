package dev.cif.pig;

import dev.cif.schema.CifSchemas;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.pig.LoadPushDown.RequiredField;
import org.apache.pig.LoadPushDown.RequiredFieldList;
import org.apache.pig.impl.logicalLayer.FrontendException;

/**
 * What Pig's optimizer says a script reads from a CIF dataset: the columns, in the order the loader
 * must return them, and for each map column the keys used (null: the whole map). Built on the front
 * end, carried to the tasks in the UDFContext.
 */
final class RequiredColumns implements Serializable {
  private static final long serialVersionUID = 2L;

  final List<String> columns = new ArrayList<>();
  /** Per column, the map keys to read, or null for every key. */
  final List<Set<String>> keys = new ArrayList<>();
  /** Per column, whether it is a map with string keys (the only maps whose keys a reader can be told). */
  final List<Boolean> stringKeyed = new ArrayList<>();

  static RequiredColumns from(RequiredFieldList list, Schema dataset) throws FrontendException {
    RequiredColumns rc = new RequiredColumns();
    List<Schema.Field> fields = dataset.getFields();
    for (RequiredField f : list.getFields()) {
      Schema.Field field = f.getAlias() != null ? dataset.getField(f.getAlias()) : null;
      if (field == null) {
        if (f.getIndex() < 0 || f.getIndex() >= fields.size()) {
          throw new FrontendException("CifLoader: Pig asked for field " + f + ", which the dataset schema lacks");
        }
        field = fields.get(f.getIndex());
      }
      rc.columns.add(field.name());
      rc.keys.add(mapKeys(f, field.schema()));
      Schema c = CifSchemas.nonNull(field.schema());
      rc.stringKeyed.add(c.getType() == Schema.Type.MAP && CifSchemas.mapKeySchema(c).getType() == Schema.Type.STRING);
    }
    return rc;
  }

  /** The keys Pig names as sub-fields of a map column, or null when it needs the whole map. */
  private static Set<String> mapKeys(RequiredField f, Schema column) {
    List<RequiredField> sub = f.getSubFields();
    if (sub == null || sub.isEmpty() || CifSchemas.nonNull(column).getType() != Schema.Type.MAP) return null;
    Set<String> keys = new LinkedHashSet<>();
    for (RequiredField k : sub) {
      if (k.getAlias() == null) return null;
      keys.add(k.getAlias());
    }
    return keys;
  }

  /** The map columns read by key alone, with their keys: what the readers are told (cif.read.map-keys). */
  dev.cif.pushdown.MapKeys mapKeys() {
    java.util.Map<String, Set<String>> m = new java.util.LinkedHashMap<>();
    for (int i = 0; i < columns.size(); i++) if (keys.get(i) != null && stringKeyed.get(i)) m.put(columns.get(i), keys.get(i));
    return dev.cif.pushdown.MapKeys.of(m);
  }

  /** The comma-separated projection for ColumnInputFormat.setColumns. */
  String projection() { return String.join(",", columns); }
}
