package dev.cif.hive.vector;

import dev.cif.ColumnReader;
import dev.cif.SelectedKeysBatch;
import dev.cif.VectorTarget;
import dev.cif.schema.CifSchemas;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;

/**
 * Fills a MapColumnVector from a map column whose keys were pushed (dev.cif.pushdown.MapKeys): the
 * column reader puts a run of rows' selected keys into a {@link SelectedKeysBatch} (a presence and a
 * value column per key, no map object per row), and each row's entries go from there into the
 * vector's children, in the order of the selected keys.
 */
final class SelectedKeysFill {
  private final ValueSetter key;
  private final ValueSetter value;
  /**
   * BINARY if the values go into a BytesColumnVector: the reader then hands keyed blocks' values as
   * references into their streams' buffers (SelectedKeysBatch#arrays), set into the vector without
   * an object or a copy per value; else null (values as objects).
   */
  private final VectorTarget.Kind kind;
  private SelectedKeysBatch batch;

  SelectedKeysFill(MapTypeInfo type, Schema schema) {
    Schema map = CifSchemas.nonNull(schema);
    this.key = ValueSetter.forType(type.getMapKeyTypeInfo(), CifSchemas.mapKeySchema(map));
    this.value = ValueSetter.forType(type.getMapValueTypeInfo(), map.getValueType());
    TypeInfo v = type.getMapValueTypeInfo();
    this.kind = v instanceof PrimitiveTypeInfo && isBytes(((PrimitiveTypeInfo) v).getPrimitiveCategory()) ? VectorTarget.Kind.BINARY : null;
  }

  private static boolean isBytes(PrimitiveObjectInspector.PrimitiveCategory c) {
    switch (c) {
      case STRING: case CHAR: case VARCHAR: case BINARY: return true;
      default: return false;
    }
  }

  /** Fills rows [row, row + n) of cv from the reader's next n maps. */
  void fill(MapColumnVector cv, ColumnReader reader, int row, int n) throws IOException {
    if (batch == null || batch.keys.length != reader.selectedMapKeys().size()) batch = reader.selectedKeysBatch(cv.isNull.length, kind);
    reader.readSelectedKeys(batch, row, n);
    int keys = batch.keys.length;
    int child = (int) cv.childCount;
    int entries = 0;
    for (int j = 0; j < keys; j++) {
      boolean[] has = batch.has[j];
      for (int r = row; r < row + n; r++) if (has[r]) entries++;
    }
    cv.keys.ensureSize(child + entries, true);
    cv.values.ensureSize(child + entries, true);
    for (int r = row; r < row + n; r++) {
      if (batch.isNull[r]) {
        cv.isNull[r] = true;
        cv.noNulls = false;
        continue;
      }
      cv.isNull[r] = false;
      cv.offsets[r] = child;
      for (int j = 0; j < keys; j++) {
        if (!batch.has[j][r]) continue;
        key.set(cv.keys, child, batch.keys[j]);
        if (batch.arrays.length != 0 && batch.inArrays[j][r]) setRef((BytesColumnVector) cv.values, child++, batch.arrays[j], r);
        else value.set(cv.values, child++, batch.values[j][r]);
      }
      cv.lengths[r] = child - cv.offsets[r];
    }
    cv.childCount = child;
  }

  /** Sets row child of v to row r of t (a reference, not a copy), or marks it null. */
  private static void setRef(BytesColumnVector v, int child, VectorTarget t, int r) {
    if (t.isNull[r]) {
      v.isNull[child] = true;
      v.noNulls = false;
      return;
    }
    v.isNull[child] = false;
    v.setRef(child, t.buffers[r], t.starts[r], t.lengths[r]);
  }
}
