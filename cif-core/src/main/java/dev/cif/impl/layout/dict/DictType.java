package dev.cif.impl.layout.dict;

import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.plain.ValueCodecs;
import dev.cif.schema.CifSchemas;
import org.apache.avro.Schema;

/**
 * The DICT layout's encoding of a string or bytes column, optionally nullable (docs/FORMAT.md §6.4):
 * <pre>
 * Preamble := 0x00 Count:uvarint (Length:uvarint Byte{Length}){Count}   (dictionary block)
 *           | 0x01                                                     (inline block)
 * Value    := Code:uvarint    dictionary block: the entry's id; nullable: 0 = null, id + 1
 *           | Length:uvarint Byte{Length}   inline block; nullable: Length 0 = null, else length + 1
 * </pre>
 * A value is one small varint wherever the block's values repeat, and a batch read points each row
 * at its entry inside the block buffer, copying nothing. Null and id share one varint so a nullable
 * column pays no union branch byte per value. As in DCSL, a block whose predecessor had more distinct
 * values than half its values is written inline instead (decided before its first value, so nothing
 * is encoded twice): a column whose values do not repeat costs about what SKIP_LIST costs.
 *
 * <p>This class holds what the writer ({@link DictWriter}) and the reader ({@link DictReader}) of a
 * DICT column both know of it.
 */
public final class DictType {
  /** The block's mode byte: values are ids into the block's dictionary... */
  static final int MODE_DICTIONARY = 0;
  /** ...or are inline, when the block before's values did not repeat. */
  static final int MODE_INLINE = 1;

  /** The type's own codec: turns whatever a caller hands in (String, Utf8, ByteBuffer, BigDecimal...) into bytes. */
  final ValueCodec plain;
  final boolean nullable;
  final boolean bytes;
  final boolean javaString;

  private DictType(Schema type, boolean nullable) {
    this.plain = ValueCodecs.forSchema(type);
    this.nullable = nullable;
    this.bytes = type.getType() == Schema.Type.BYTES;
    this.javaString = "String".equals(type.getProp("avro.java.string"));
  }

  /** Whether a column's type can be dictionary-encoded: string or bytes, alone or in a [null, T] union. */
  public static boolean fits(Schema column) {
    Schema t = CifSchemas.nonNull(column);
    return t.getType() == Schema.Type.STRING || t.getType() == Schema.Type.BYTES;
  }

  static DictType of(Schema column) {
    if (!fits(column)) throw new IllegalArgumentException("layout DICT is for string and bytes columns, not " + column);
    return new DictType(CifSchemas.nonNull(column), column.getType() == Schema.Type.UNION);
  }
}
