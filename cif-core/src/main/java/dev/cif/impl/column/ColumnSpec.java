package dev.cif.impl.column;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.CifFormatException;
import dev.cif.impl.io.FileFraming;
import dev.cif.impl.io.FormatVersion;
import dev.cif.impl.io.HeaderKey;
import dev.cif.impl.layout.packed.PackedType;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Schema;


/** What a column file holds and how: name, type, layout, codec, skip levels. Stored in its header. */
public final class ColumnSpec {
  public final String name;
  public final Schema schema;
  public final ColumnLayout layout;
  public final BlockCodec codec;
  /** Values per skip entry, descending, each dividing the one before; empty for PLAIN. */
  public final int[] skipLevels;
  /** The format version of the file this column was read from; a few encodings differ by version. */
  public final FormatVersion formatVersion;
  /**
   * Writers only (not stored: readers go by each block's mode): whether a DCSL column may write keyed
   * blocks, a value stream per key (docs/FORMAT.md §6.3 mode 3; setting cif.dcsl.key-streams).
   */
  public final boolean keyStreams;

  public ColumnSpec(String name, Schema schema, ColumnLayout layout, BlockCodec codec, int[] skipLevels) {
    this(name, schema, layout, codec, skipLevels, FormatVersion.CURRENT);
  }

  /** @param formatVersion the version of the file the column is read from (writers always write the current one) */
  ColumnSpec(String name, Schema schema, ColumnLayout layout, BlockCodec codec, int[] skipLevels, FormatVersion formatVersion) {
    this(name, schema, layout, codec, skipLevels, formatVersion, true);
  }

  private ColumnSpec(String name, Schema schema, ColumnLayout layout, BlockCodec codec, int[] skipLevels, FormatVersion formatVersion,
      boolean keyStreams) {
    this.formatVersion = formatVersion;
    this.keyStreams = keyStreams;
    this.name = name;
    this.schema = schema;
    this.layout = layout;
    this.codec = codec;
    // PACKED values take no bytes of their own: an entry would hop nothing.
    this.skipLevels = layout == ColumnLayout.PLAIN || layout == ColumnLayout.PACKED ? new int[0] : skipLevels.clone();
    checkLevels(this.skipLevels);
    if (!layout.fits(schema)) {
      throw new IllegalArgumentException("layout " + layout + " is for " + (layout == ColumnLayout.DCSL ? "map"
          : layout == ColumnLayout.DICT ? "string and bytes" : "boolean, int, long, double and decimal (precision up to 18)") + " columns; column " + name + " is " + schema);
    }
    if ((layout == ColumnLayout.DICT || layout == ColumnLayout.PACKED) && !formatVersion.has(FormatVersion.DICT_AND_PACKED)) {
      throw new IllegalArgumentException("layout " + layout + " did not exist before format version 3; the file says " + formatVersion.id);
    }
    if (layout == ColumnLayout.PACKED && !formatVersion.has(FormatVersion.PACKED_DECIMALS) && PackedType.isDecimal(schema)) {
      throw new IllegalArgumentException("PACKED decimals did not exist before format version 4; the file says " + formatVersion.id);
    }
    if (layout == ColumnLayout.PACKED && !formatVersion.has(FormatVersion.PACKED_DOUBLES) && PackedType.isDouble(schema)) {
      throw new IllegalArgumentException("PACKED doubles did not exist before format version 7; the file says " + formatVersion.id);
    }
  }

  /** How the column of field f is written: its layout, codec and skip levels as options set them, or its type's defaults. */
  public static ColumnSpec of(Schema.Field f, dev.cif.WriteOptions options) {
    return new ColumnSpec(f.name(), f.schema(), options.layoutFor(f), options.codecFor(f.name()), options.skipLevels())
        .withKeyStreams(options.keyStreams());
  }

  /** This spec with DCSL keyed blocks allowed or not (a writer's choice; see {@link #keyStreams}). */
  public ColumnSpec withKeyStreams(boolean allowed) {
    return allowed == keyStreams ? this : new ColumnSpec(name, schema, layout, codec, skipLevels, formatVersion, allowed);
  }

  public static int[] parseLevels(String s) {
    if (s.trim().isEmpty()) return new int[0];
    return Arrays.stream(s.split(",")).map(String::trim).mapToInt(Integer::parseInt).toArray();
  }

  static void checkLevels(int[] levels) {
    for (int i = 0; i < levels.length; i++) {
      if (levels[i] < 2) throw new IllegalArgumentException("skip level " + levels[i] + " must be at least 2");
      if (i > 0 && levels[i - 1] % levels[i] != 0) {
        throw new IllegalArgumentException("skip level " + levels[i] + " does not divide " + levels[i - 1]);
      }
    }
  }

  Map<String, String> toMeta() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(HeaderKey.COLUMN.key, name);
    m.put(HeaderKey.SCHEMA.key, schema.toString());
    m.put(HeaderKey.LAYOUT.key, layout.name());
    m.put(HeaderKey.CODEC.key, codec.name());
    StringBuilder sb = new StringBuilder();
    for (int l : skipLevels) sb.append(sb.length() == 0 ? "" : ",").append(l);
    m.put(HeaderKey.SKIP_LEVELS.key, sb.toString());
    return m;
  }

  static ColumnSpec fromHeader(FileFraming.Header h, String file) throws CifFormatException {
    try {
      Schema schema = new Schema.Parser().parse(h.require(HeaderKey.SCHEMA, file));
      // A recursive or too deep type would overflow the stack when the reader builds its decoders.
      dev.cif.schema.CifSchemas.validateColumn(h.require(HeaderKey.COLUMN, file), schema);
      return new ColumnSpec(h.require(HeaderKey.COLUMN, file), schema,
          ColumnLayout.valueOf(h.require(HeaderKey.LAYOUT, file)), BlockCodec.valueOf(h.require(HeaderKey.CODEC, file)),
          parseLevels(h.require(HeaderKey.SKIP_LEVELS, file)), h.version);
    } catch (RuntimeException e) {
      throw new CifFormatException(file, h.get(HeaderKey.COLUMN), 0, "bad column header: " + e.getMessage(), e);
    }
  }
}
