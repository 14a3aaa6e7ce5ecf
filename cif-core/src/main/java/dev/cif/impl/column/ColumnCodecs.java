package dev.cif.impl.column;

import dev.cif.ColumnLayout;
import dev.cif.impl.layout.dcsl.DcslReader;
import dev.cif.impl.layout.dcsl.DcslWriter;
import dev.cif.impl.layout.dict.DictReader;
import dev.cif.impl.layout.dict.DictWriter;
import dev.cif.impl.layout.packed.PackedDoubleReader;
import dev.cif.impl.layout.packed.PackedDoubleWriter;
import dev.cif.impl.layout.packed.PackedReader;
import dev.cif.impl.layout.packed.PackedType;
import dev.cif.impl.layout.packed.PackedWriter;
import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.plain.ValueCodecs;


/** The codec of a column in its layout: the layout's own for DCSL, DICT and PACKED, else its type's (PLAIN, SKIP_LIST). */
final class ColumnCodecs {
  private ColumnCodecs() {}

  /** The codec a column's values are written with: its type's, or its layout's (DCSL, DICT, PACKED). */
  static ValueCodec forWriting(ColumnSpec spec) {
    if (spec.layout == ColumnLayout.DCSL) return new DcslWriter(spec.schema, spec.formatVersion, spec.keyStreams);
    if (spec.layout == ColumnLayout.DICT) return new DictWriter(spec.schema);
    if (spec.layout == ColumnLayout.PACKED) return PackedType.isDouble(spec.schema) ? new PackedDoubleWriter(spec.schema) : new PackedWriter(spec.schema);
    return ValueCodecs.forSchema(spec.schema);
  }

  /** The codec a column's values are read with. */
  static ValueCodec forReading(ColumnSpec spec) {
    if (spec.layout == ColumnLayout.DCSL) return new DcslReader(spec.schema, spec.formatVersion);
    if (spec.layout == ColumnLayout.DICT) return new DictReader(spec.schema);
    if (spec.layout == ColumnLayout.PACKED) return PackedType.isDouble(spec.schema) ? new PackedDoubleReader(spec.schema) : new PackedReader(spec.schema);
    return ValueCodecs.forSchema(spec.schema);
  }
}
