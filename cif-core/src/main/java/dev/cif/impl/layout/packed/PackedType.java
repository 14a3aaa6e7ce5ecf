package dev.cif.impl.layout.packed;

import dev.cif.impl.layout.plain.ValueCodec;
import dev.cif.impl.layout.plain.ValueCodecs;
import dev.cif.schema.CifSchemas;
import org.apache.avro.Schema;

/**
 * The PACKED layout's encoding of a boolean, int or long column (and date, timestamp, time on them),
 * or a bytes decimal of precision up to 18 as its unscaled long (format version 4), optionally
 * nullable (docs/FORMAT.md §6.5): the block's values in runs of 1024, each run a frame of
 * reference (its minimum) and either every value's distance from it in the run's fixed bit width,
 * or (format version 5) groups of equal consecutive values, each stored once ({@link PackedRepeats}):
 * <pre>
 * Payload := Run{ceil(Rows / 1024)}
 * Run     := Min:zigzag64 Width:u8 [NullBits:u8{ceil(N / 8)}] Body
 * Body    := Word:u64le{ceil(N * W / 64)}                     W = Width &amp; 0x7F in 0..64
 *          | Groups:uvarint ValueWidth:u8 LengthWidth:u8 Word:u64le{...} Word:u64le{...}   W = 65
 * </pre>
 * (NullBits present iff Width has bit 7 set). The whole block is the preamble: each value takes no
 * bytes of its own, so the i-th value is found by arithmetic, skipping costs nothing and a batch
 * decodes without the per-byte branches of varints (docs/benchmarks.md, "Encodings"). Nulls are a
 * bitmap per run, present only in runs that hold one, instead of a union branch byte per value.
 *
 * <p>This class holds what the writer ({@link PackedWriter}) and the reader ({@link PackedReader}) of a
 * PACKED column both know of it.
 */
public final class PackedType {
  /** Values per run. */
  public static final int RUN = 1024;
  /** Bit 7 of a run's width byte: the run has a null bitmap. */
  static final int NULLS = 0x80;
  /** The width byte of a run of repeats. */
  static final int REPEATS = PackedRepeats.WIDTH;

  enum Kind { BOOLEAN, INT, LONG, DECIMAL }

  final Kind kind;
  final boolean nullable;
  /** The type's own codec, for the Java types a value may arrive as (Integer, Short, Byte...); null for decimals. */
  final ValueCodec plain;
  final int precision;
  final int scale;
  /** The values the type allows: a value read outside them is corrupt, never returned. */
  final long lo;
  final long hi;

  private PackedType(Schema type, boolean nullable) {
    Schema.Type t = type.getType();
    this.kind = t == Schema.Type.BOOLEAN ? Kind.BOOLEAN : t == Schema.Type.INT ? Kind.INT : t == Schema.Type.LONG ? Kind.LONG : Kind.DECIMAL;
    this.nullable = nullable;
    this.plain = kind == Kind.DECIMAL ? null : ValueCodecs.forSchema(type);
    this.precision = kind == Kind.DECIMAL ? DecimalLongs.precision(type) : 0;
    this.scale = kind == Kind.DECIMAL ? DecimalLongs.scale(type) : 0;
    switch (kind) {
      case BOOLEAN: lo = 0; hi = 1; break;
      case INT: lo = Integer.MIN_VALUE; hi = Integer.MAX_VALUE; break;
      case DECIMAL: hi = DecimalLongs.maxUnscaled(precision); lo = -hi; break;
      default: lo = Long.MIN_VALUE; hi = Long.MAX_VALUE;
    }
  }

  /**
   * Whether a column can be packed: boolean, int, long, a decimal of precision up to 18 or (format
   * version 7, {@link PackedDoubleWriter}) a double, alone or in a [null, T] union.
   */
  public static boolean fits(Schema column) {
    Schema t = CifSchemas.nonNull(column);
    return t.getType() == Schema.Type.BOOLEAN || t.getType() == Schema.Type.INT || t.getType() == Schema.Type.LONG || DecimalLongs.fits(t)
        || t.getType() == Schema.Type.DOUBLE;
  }

  /** Whether a column packs doubles as scaled longs (format version 7 on). */
  public static boolean isDouble(Schema column) { return CifSchemas.nonNull(column).getType() == Schema.Type.DOUBLE; }

  /** The long column whose runs hold a double column's scaled values: nullable as the double column is. */
  static Schema longsOf(Schema doubleColumn) {
    if (!isDouble(doubleColumn)) throw new IllegalArgumentException("a PACKED double column must be a double, not " + doubleColumn);
    Schema lng = Schema.create(Schema.Type.LONG);
    return doubleColumn.getType() == Schema.Type.UNION ? Schema.createUnion(Schema.create(Schema.Type.NULL), lng) : lng;
  }

  /** Whether a column packs decimals (format version 4 on). */
  public static boolean isDecimal(Schema column) { return DecimalLongs.fits(CifSchemas.nonNull(column)); }

  static PackedType of(Schema column) {
    if (!fits(column) || isDouble(column)) throw new IllegalArgumentException("a PACKED long is a boolean, int, long or decimal (precision up to 18), not " + column);
    return new PackedType(CifSchemas.nonNull(column), column.getType() == Schema.Type.UNION);
  }

  /** Why a value read is corrupt, for the error. */
  String outside() {
    switch (kind) {
      case INT: return "outside the int range";
      case BOOLEAN: return "not a boolean (0 or 1)";
      default: return "beyond decimal(" + precision + "," + scale + ")";
    }
  }

}
