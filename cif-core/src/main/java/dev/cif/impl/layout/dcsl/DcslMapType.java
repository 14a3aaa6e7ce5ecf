package dev.cif.impl.layout.dcsl;

import dev.cif.impl.io.ByteSource;
import dev.cif.impl.io.FormatVersion;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.plain.ValueCodecs;
import dev.cif.schema.CifSchemas;
import org.apache.avro.Schema;

/** What the writer and the reader of a DCSL column both know of it: its key and value codecs and where its map branch is. */
final class DcslMapType {
  final ValueCodec keys;
  final ValueCodec values;
  /** -1 for a plain map column, else the index of the map branch in a nullable union. */
  final int mapBranch;
  /** null unless the values are strings or bytes (the only values mode 2 dictionary-encodes). */
  final DcslValueDictionary.ValueType valueType;

  private DcslMapType(Schema map, int mapBranch, boolean modeBytes) {
    this.keys = ValueCodecs.forSchema(CifSchemas.mapKeySchema(map));
    this.values = ValueCodecs.forSchema(map.getValueType());
    this.mapBranch = mapBranch;
    // Version-1 files predate mode bytes, so they cannot hold mode 2 either.
    this.valueType = modeBytes ? DcslValueDictionary.ValueType.of(map.getValueType()) : null;
  }

  static DcslMapType of(Schema column, FormatVersion version) {
    Schema map = CifSchemas.nonNull(column);
    int branch = column.getType() == Schema.Type.UNION ? column.getTypes().indexOf(map) : -1;
    return new DcslMapType(map, branch, version.has(FormatVersion.DCSL_MODE_BYTE));
  }

  /** False for the null branch of a nullable map; a branch that is neither is corrupt, not null. */
  boolean isMap(ByteSource in) {
    if (mapBranch < 0) return true;
    int b = in.readUVarInt();
    if (b != 0 && b != 1) throw in.corrupt("union branch " + Integer.toUnsignedString(b) + " of 2");
    return b == mapBranch;
  }
}
