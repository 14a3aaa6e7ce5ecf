package dev.cif.impl.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.impl.io.FormatVersion;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/** A column header naming a layout its file's format version did not have is corrupt (docs/FORMAT.md §5.1). */
class ColumnSpecVersionTest {
  @Test
  void packedNeedsVersionThreeAndPackedDecimalsVersionFour() {
    assertThrows(IllegalArgumentException.class,
        () -> new ColumnSpec("c", Schema.create(Schema.Type.LONG), ColumnLayout.PACKED, BlockCodec.NONE, new int[0], FormatVersion.DCSL_MODE_BYTE));
    // A version-3 file cannot hold a PACKED decimal: a header saying so is corrupt. Its PACKED longs are fine.
    Schema decimal = LogicalTypes.decimal(9, 2).addToSchema(Schema.create(Schema.Type.BYTES));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new ColumnSpec("c", decimal, ColumnLayout.PACKED, BlockCodec.NONE, new int[0], FormatVersion.DICT_AND_PACKED));
    assertTrue(e.getMessage().contains("before format version 4"), e.getMessage());
    assertEquals(3, new ColumnSpec("c", Schema.create(Schema.Type.LONG), ColumnLayout.PACKED, BlockCodec.NONE, new int[0],
        FormatVersion.DICT_AND_PACKED).formatVersion.id);
  }

  @Test
  void packedDoublesNeedVersionSeven() {
    Schema dbl = Schema.create(Schema.Type.DOUBLE);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new ColumnSpec("c", dbl, ColumnLayout.PACKED, BlockCodec.NONE, new int[0], FormatVersion.DCSL_KEY_STREAMS));
    assertTrue(e.getMessage().contains("PACKED doubles did not exist before format version 7"), e.getMessage());
    assertEquals(7, new ColumnSpec("c", dbl, ColumnLayout.PACKED, BlockCodec.NONE, new int[0], FormatVersion.PACKED_DOUBLES).formatVersion.id);
  }
}
