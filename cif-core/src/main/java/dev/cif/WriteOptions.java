package dev.cif;

import dev.cif.conf.CifConf;
import dev.cif.impl.column.ColumnSpec;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;

/** How a dataset is written: sizes, skip levels, and each column's layout and codec. */
public final class WriteOptions {
  long splitDirectoryBytes = (Long) CifConf.SPLIT_DIRECTORY_BYTES.defaultValue();
  long blockBytes = (Long) CifConf.BLOCK_BYTES.defaultValue();
  long maxValueBytes = (Long) CifConf.MAX_VALUE_BYTES.defaultValue();
  int[] skipLevels = ColumnSpec.parseLevels((String) CifConf.SKIP_LEVELS.defaultValue());
  private final Map<String, ColumnLayout> layouts = new HashMap<>();
  private final Map<String, BlockCodec> codecs = new HashMap<>();
  private ColumnLayout allLayout;
  /** Columns without a codec of their own get this one: cif.codec's default (LZ4), as fromConf would. */
  private BlockCodec allCodec = BlockCodec.byName(parsePairs((String) CifConf.CODEC.defaultValue()).get("*"));
  private boolean keyStreams = (Boolean) CifConf.DCSL_KEY_STREAMS.defaultValue();

  public static WriteOptions fromConf(Configuration conf) {
    WriteOptions o = new WriteOptions();
    o.splitDirectoryBytes = CifConf.SPLIT_DIRECTORY_BYTES.getLong(conf);
    o.blockBytes = CifConf.BLOCK_BYTES.getLong(conf);
    o.maxValueBytes = CifConf.MAX_VALUE_BYTES.getLong(conf);
    o.skipLevels = ColumnSpec.parseLevels(CifConf.SKIP_LEVELS.getString(conf));
    o.keyStreams = CifConf.DCSL_KEY_STREAMS.getBoolean(conf);
    for (Map.Entry<String, String> e : parsePairs(CifConf.LAYOUT.getString(conf)).entrySet()) {
      o.layout(e.getKey(), ColumnLayout.byName(e.getValue()));
    }
    for (Map.Entry<String, String> e : parsePairs(CifConf.CODEC.getString(conf)).entrySet()) {
      o.codec(e.getKey(), BlockCodec.byName(e.getValue()));
    }
    return o;
  }

  /** The settings {@link #fromConf} reads: all a dataset's bytes depend on, and all a Hive table may set. */
  public static final Set<CifConf> SETTINGS = Collections.unmodifiableSet(EnumSet.of(CifConf.SPLIT_DIRECTORY_BYTES,
      CifConf.BLOCK_BYTES, CifConf.SKIP_LEVELS, CifConf.LAYOUT, CifConf.CODEC, CifConf.DCSL_KEY_STREAMS, CifConf.MAX_VALUE_BYTES));

  /**
   * Checks a value of one of {@link #SETTINGS} before anything is written with it, more strictly than
   * {@link #fromConf}, which reads an unparseable boolean as its default and leaves skip levels to the
   * column writers; the error names the key and the values it allows.
   */
  public static void check(CifConf setting, String value) {
    try {
      switch (setting) {
        case SPLIT_DIRECTORY_BYTES: case BLOCK_BYTES: case MAX_VALUE_BYTES:
          if (Long.parseLong(value.trim()) <= 0) throw new IllegalArgumentException("not positive");
          break;
        case DCSL_KEY_STREAMS:
          if (!value.trim().equalsIgnoreCase("true") && !value.trim().equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("not a boolean");
          }
          break;
        case SKIP_LEVELS:
          new ColumnSpec("levels", Schema.create(Schema.Type.STRING), ColumnLayout.SKIP_LIST, BlockCodec.NONE, ColumnSpec.parseLevels(value));
          break;
        case LAYOUT:
          for (String layout : parsePairs(value).values()) ColumnLayout.byName(layout);
          break;
        case CODEC:
          for (String codec : parsePairs(value).values()) BlockCodec.byName(codec);
          break;
        default:
          throw new IllegalArgumentException("not a write setting");
      }
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(setting.key() + "='" + value + "' is not valid (" + e.getMessage() + "); allowed: "
          + allowed(setting), e);
    }
  }

  /** The values a write setting allows, in words. */
  static String allowed(CifConf setting) {
    switch (setting) {
      case DCSL_KEY_STREAMS: return "true or false";
      case SKIP_LEVELS: return "descending integers of at least 2, each dividing the one before, e.g. 1000,100,10 (empty: none)";
      case LAYOUT: return "a layout, or column:layout pairs separated by commas (column * for every column), layouts "
          + names(ColumnLayout.values()) + " (or sl)";
      case CODEC: return "a codec, or column:codec pairs separated by commas (column * for every column), codecs "
          + names(BlockCodec.values());
      default: return "a positive whole number of bytes";
    }
  }

  private static String names(Enum<?>[] values) {
    return Arrays.stream(values).map(v -> v.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
  }

  /** Parses 'a:x,b:y'; a bare 'x' means '*:x'. */
  static Map<String, String> parsePairs(String s) {
    Map<String, String> m = new HashMap<>();
    for (String part : s.split(",")) {
      String p = part.trim();
      if (p.isEmpty()) continue;
      int i = p.lastIndexOf(':');
      m.put(i < 0 ? "*" : p.substring(0, i).trim(), i < 0 ? p : p.substring(i + 1).trim());
    }
    return m;
  }

  public WriteOptions splitDirectoryBytes(long n) { splitDirectoryBytes = n; return this; }
  public WriteOptions blockBytes(long n) { blockBytes = n; return this; }
  public WriteOptions maxValueBytes(long n) { maxValueBytes = n; return this; }
  public WriteOptions skipLevels(int... levels) { skipLevels = levels.clone(); return this; }
  /** Whether DCSL map columns may write keyed blocks, a value stream per key (cif.dcsl.key-streams). */
  public WriteOptions keyStreams(boolean allowed) { keyStreams = allowed; return this; }

  /** Sets a column's layout; column "*" sets every column whose type the layout fits (DCSL: maps; DICT: strings, bytes; PACKED: booleans, ints, longs, doubles, decimals of precision up to 18). */
  public WriteOptions layout(String column, ColumnLayout layout) {
    if ("*".equals(column)) allLayout = layout;
    else layouts.put(column, layout);
    return this;
  }

  /** Sets a column's codec; column "*" sets the default. */
  public WriteOptions codec(String column, BlockCodec codec) {
    if ("*".equals(column)) allCodec = codec;
    else codecs.put(column, codec);
    return this;
  }

  public long splitDirectoryBytes() { return splitDirectoryBytes; }

  public long maxValueBytes() { return maxValueBytes; }

  public long blockBytes() { return blockBytes; }

  /** The layout field f's column is written with: as set for it, else as set for "*" if that fits its type, else its type's default. */
  public ColumnLayout layoutFor(Schema.Field f) {
    ColumnLayout layout = layouts.get(f.name());
    if (layout == null) {
      layout = allLayout == null ? ColumnLayout.defaultFor(f.schema()) : allLayout;
      if (!layout.fits(f.schema())) layout = ColumnLayout.defaultFor(f.schema());
    }
    return layout;
  }

  /** The codec a column is written with: as set for it, else as set for "*". */
  public BlockCodec codecFor(String column) { return codecs.getOrDefault(column, allCodec); }

  /** Values per skip-list entry, descending (cif.skip.levels). */
  public int[] skipLevels() { return skipLevels.clone(); }

  /** Whether DCSL map columns may write keyed blocks (cif.dcsl.key-streams). */
  public boolean keyStreams() { return keyStreams; }
}
