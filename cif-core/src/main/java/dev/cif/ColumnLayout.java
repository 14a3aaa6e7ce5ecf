package dev.cif;

import dev.cif.impl.layout.dict.DictType;
import dev.cif.impl.layout.packed.PackedType;
import java.util.Locale;
import org.apache.avro.Schema;

/** How a column file lays out its values (docs/FORMAT.md §6). */
public enum ColumnLayout {
  /** Values back to back; skipping a value means reading past it. The paper's plain "CIF". */
  PLAIN(0),
  /** Inline skip entries every 10/100/1000 values (paper §5.2, "CIF-SL"). */
  SKIP_LIST(1),
  /** Maps only: a per-block key dictionary, key ids in the maps, skip entries (paper §5.3, "CIF-DCSL"). */
  DCSL(2),
  /**
   * Strings and bytes only: a per-block dictionary of the block's distinct values, each value one id
   * (null and id in one varint), skip entries; blocks whose values do not repeat hold them inline.
   * Batch reads point rows at dictionary entries without copying (docs/FORMAT.md §6.4).
   */
  DICT(3),
  /**
   * Booleans, ints, longs and decimals of precision up to 18 (as unscaled longs, format version 4)
   * only: a block's values bit-packed in runs of 1024 against each run's minimum, nulls as a bitmap;
   * no skip entries (a value is found by arithmetic). docs/FORMAT.md §6.5.
   */
  PACKED(4);

  public final int id;

  ColumnLayout(int id) { this.id = id; }

  public static ColumnLayout byName(String s) {
    String n = s.trim().toUpperCase(Locale.ROOT).replace('-', '_');
    return "SL".equals(n) ? SKIP_LIST : valueOf(n);
  }

  /** Whether a column of this type can use the layout: DCSL needs a map, DICT a string or bytes, PACKED a boolean, int, long, double or decimal(p &lt;= 18). */
  public boolean fits(Schema column) {
    switch (this) {
      case DCSL: return dev.cif.schema.CifSchemas.nonNull(column).getType() == Schema.Type.MAP;
      case DICT: return DictType.fits(column);
      case PACKED: return PackedType.fits(column);
      default: return true;
    }
  }

  /**
   * The default for a type, chosen by measurement (docs/benchmarks.md, "Encodings": 200,000
   * SSB/TPC-H-like values per column through the real writer and reader, CPU time per value):
   * <ul>
   * <li>DCSL for maps: the fastest layout on the Table 1 crawl job and the Figure 7 map scan, with
   *     half the bytes; blocks whose keys do not repeat fall back to inline keys by themselves.
   * <li>DICT for strings (char and varchar included): 0.14-0.22x the bytes of SKIP_LIST at 5 to
   *     1,000 distinct values (0.28-0.59x under LZ4) at 0.72-1.18x the CPU per value in batches and
   *     0.89-1.28x row by row; on values that never repeat its per-block fallback to inline values
   *     costs 1.00-1.03x the bytes and 1.02-1.11x the CPU.
   * <li>PACKED for booleans, ints and longs (dates, timestamps): 0.13-0.76x the bytes of varints and
   *     0.41-0.89x their CPU per value in batches; row reads 0.73-1.57x (slower on one-byte values).
   * <li>PACKED for decimals of precision up to 18, as unscaled longs (format version 4): on TPC-H's
   *     decimal(15,2) columns 0.24-0.69x the bytes of SKIP_LIST (0.44-0.87x under LZ4) and 0.28-0.43x
   *     the CPU per value in batches (docs/benchmarks.md, "Decimals as PACKED unscaled longs").
   * <li>PACKED for doubles, as decimals of each block's scale or raw bits (format version 7): on TPC-H's
   *     money and quantity columns 0.19-0.53x the bytes of PLAIN under LZ4 and 0.53-0.65x its CPU per
   *     value in batches; 1.00x the bytes on doubles that are no decimal (docs/bench/codecs.md, "Doubles
   *     as PACKED decimals").
   * <li>SKIP_LIST for bytes (wider decimals; DICT not measured on them) and the other nested types, where
   *     a value is costly to step over; PLAIN for floats, enums, fixed and null, where a value is a few
   *     bytes and an entry every ten values would cost more than it saves.
   * </ul>
   */
  public static ColumnLayout defaultFor(Schema s) {
    Schema t = dev.cif.schema.CifSchemas.nonNull(s);
    switch (t.getType()) {
      case BOOLEAN: case INT: case LONG: case DOUBLE:
        return PACKED;
      case FLOAT: case ENUM: case NULL: case FIXED:
        return PLAIN;
      case STRING:
        return DICT;
      case MAP:
        return DCSL;
      case BYTES:
        return PackedType.fits(t) ? PACKED : SKIP_LIST;
      default:
        return SKIP_LIST;
    }
  }
}
