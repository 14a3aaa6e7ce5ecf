package dev.cif.spark;

import dev.cif.ColumnReader;
import dev.cif.SelectedKeysBatch;
import dev.cif.VectorTarget;
import dev.cif.schema.CifSchemas;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StringType;

/**
 * Fills a Spark map vector from a map column whose keys were pushed ({@code cif.read.map-keys}): the column
 * reader puts a run of rows' selected keys into a {@link SelectedKeysBatch} (a presence and a value column
 * per key; no map object per row), and each row's entries go from there into the vector's key and value
 * children, in the order of the selected keys, as hive-cif's vectorized reader does.
 */
final class SelectedKeysLoad {
  private final ValueAppender key;
  private final ValueAppender value;
  /**
   * BINARY if the values are strings or binary: the reader then hands keyed blocks' values as references
   * into their streams' buffers (SelectedKeysBatch#arrays), copied into the vector without an object per
   * value; else null (values as objects).
   */
  private final VectorTarget.Kind kind;
  private SelectedKeysBatch batch;

  SelectedKeysLoad(MapType type, Schema cif) {
    Schema map = CifSchemas.nonNull(cif);
    this.key = ValueAppender.of(type.keyType(), CifSchemas.mapKeySchema(map));
    this.value = ValueAppender.of(type.valueType(), map.getValueType());
    DataType v = type.valueType();
    this.kind = v instanceof StringType || v instanceof BinaryType ? VectorTarget.Kind.BINARY : null;
  }

  /** Appends the reader's next n maps to v (reset), their selected keys only. */
  void load(WritableColumnVector v, ColumnReader reader, int n) throws IOException {
    if (batch == null || batch.keys.length != reader.selectedMapKeys().size()) batch = reader.selectedKeysBatch(Math.max(n, 1024), kind);
    batch.ensure(n);
    reader.readSelectedKeys(batch, 0, n);
    WritableColumnVector keys = v.getChild(0);
    WritableColumnVector values = v.getChild(1);
    int selected = batch.keys.length;
    for (int r = 0; r < n; r++) {
      if (batch.isNull[r]) {
        v.appendNull();
        continue;
      }
      int start = keys.getElementsAppended();
      int entries = 0;
      for (int j = 0; j < selected; j++) {
        if (!batch.has[j][r]) continue;
        key.append(keys, batch.keys[j]);
        if (batch.arrays.length != 0 && batch.inArrays[j][r]) appendRef(values, batch.arrays[j], r);
        else value.append(values, batch.values[j][r]);
        entries++;
      }
      v.putArray(v.appendNotNull(), start, entries);
    }
  }

  private static void appendRef(WritableColumnVector v, VectorTarget t, int r) {
    if (t.isNull[r]) v.appendNull();
    else v.appendByteArray(t.buffers[r], t.starts[r], t.lengths[r]);
  }
}
