package dev.cif.conf;

import org.apache.hadoop.conf.Configuration;

/**
 * Every CIF setting in one place: its Hadoop configuration key, default and meaning (as ORC's
 * OrcConf does). Code reads settings only through this enum so that docs and defaults cannot drift;
 * a test fails on a {@code "cif.} string literal anywhere else in the main sources.
 *
 * <p>One exception: the NameNode's placement policy must not depend on cif-core (it is installed on
 * the NameNode alone), so its keys are declared in module {@code placement-policy}: the
 * {@code cif.placement.home.*} and {@code cif.placement.restart.grace.ms} keys of {@code ColumnPlacementPolicy}, and
 * {@code cif.placement.scan.root} and {@code cif.placement.balancer.refresh.ms} ({@code CoLocatedReplicaSets});
 * FORMAT.md §12 lists them all ({@code PlacementSettingsDocTest}), docs/placement.md explains them.
 *
 * <p>Names written into files (column-file header keys such as {@code cif.column}, schema-file keys,
 * the {@code cif.keyType} schema property) are part of the format, not settings, and live with it.
 */
public enum CifConf {
  SPLIT_DIRECTORY_BYTES("cif.split-directory.bytes", 4L << 30,
      "Target encoded size of one split-directory before the writer rolls to the next, and the target of "
          + "a merge. 4 GiB: the NameNode holds a directory, a file per column and at least a block per column "
          + "per split-directory, and 4 GiB keeps a 50-column table within 3x ORC's NameNode objects "
          + "(docs/scale.md); reads no longer need small split-directories for parallelism, since "
          + "cif.split.part-bytes cuts a large one into row ranges."),
  BLOCK_BYTES("cif.block.bytes", 256L << 10,
      "Target uncompressed size of one column block: the unit of CRC, compression and lazy decompression."),
  SKIP_LEVELS("cif.skip.levels", "1000,100,10",
      "Skip-list levels (values per skip entry), descending; each must divide the one before it."),
  LAYOUT("cif.layout", "",
      "Per-column layout, e.g. 'metadata:dcsl,url:plain'; columns not named use the type's default."),
  CODEC("cif.codec", "*:lz4",
      "Per-column codec, e.g. 'content:zstd', or '*:zstd' for every column; columns not named get the '*' codec, "
          + "lz4 unless set ('*:none' writes uncompressed). LZ4 by measurement: docs/benchmarks.md, 'The default codec'."),
  DCSL_KEY_STREAMS("cif.dcsl.key-streams", Boolean.TRUE,
      "Let DCSL map columns write keyed blocks (format version 6): each key's values in a stream of "
          + "their own, so reading one key of a map reads neither the other keys' values nor their bytes. "
          + "Used only for blocks whose keys repeat and are few (under 64); false keeps every block's values in its rows."),
  MAX_VALUE_BYTES("cif.max.value.bytes", 256L << 20,
      "Largest encoded value (and so largest block) a writer accepts and a reader allocates."),
  COLUMNS("cif.read.columns", "",
      "Comma-separated projection for ColumnInputFormat; empty means every column."),
  RECORD_TYPE("cif.read.record", "lazy",
      "'lazy' (LazyRecord: decode a column only when get() asks) or 'eager' (EagerRecord)."),
  ROW_PREDICATE("cif.read.row-predicate", "",
      "Class name of a dev.cif.record.RowPredicate the reader evaluates on one string or bytes column before "
          + "it hands out a row (made with the job's configuration); empty: none."),
  PREDICATE("cif.read.predicate", "",
      "A dev.cif.pushdown.Predicate (set with ColumnInputFormat.setPredicate): split-directories and blocks whose "
          + "statistics show that no row can satisfy it are not read; empty: none."),
  MAP_KEYS("cif.read.map-keys", "",
      "Map keys pushed to the reader (dev.cif.pushdown.MapKeys#encode, 'column=key,key;column=key', URL-encoded "
          + "names): those columns' maps hold only these keys, and a DCSL column decodes (of keyed blocks, reads) "
          + "no other key's values; empty: whole maps. Set by engines that know the query reads no other key."),
  HIVE_MAP_KEY_PUSHDOWN("cif.hive.map-key-pushdown", Boolean.TRUE,
      "Let Hive's CIF reader find in the task's plan the constant keys a query reads of each map column "
          + "(m['k'] anywhere) and, when nothing needs a whole map (m itself, size, map_keys, map_values, explode, "
          + "a key known only at run time), read only those keys' values; false reads maps whole."),
  OUTPUT_SCHEMA("cif.write.schema", "",
      "Avro schema JSON of records written by ColumnOutputFormat."),
  READER_SCHEMA("cif.read.schema", "",
      "Optional reader schema: columns missing from a split-directory read their default or null."),
  SPLIT_MAX_BYTES("cif.split.max-bytes", 0L,
      "Combine consecutive split-directories of one directory (a table's or a partition's) into one input split up to "
          + "this size; 0 means one each."),
  SPLIT_PART_BYTES("cif.split.part-bytes", 256L << 20,
      "Cut a split-directory whose projected columns hold more than this into ceil(bytes / this) input splits, "
          + "each a range of rows at block boundaries that reads only its blocks; 256 MiB as ORC's largest split "
          + "(mapreduce.input.fileinputformat.split.maxsize); 0 means one split per split-directory."),
  SPLIT_MIN_PART_BYTES("cif.split.min-part-bytes", 64L << 20,
      "The smallest part cif.split.part-bytes is lowered to when the engine asks for more splits than the "
          + "split-directories give (numSplits of the mapred API; Hive on Tez: its task slots): each part opens every "
          + "projected column file again, and the engine groups smaller splits into one task (Tez: 50 MB) anyway."),
  SPLIT_LISTING_CACHE_FILES("cif.split.listing-cache.files", 50_000L,
      "Planning keeps the listings and statistics of up to this many files' split-directories in the planning "
          + "process (Hive on Tez: the session's application master), each while its directory is unchanged, so that "
          + "a table read again costs one listing of its own directory and no call per split-directory (about 1 KB "
          + "of heap per file; docs/scale-opens.md); 0 lists every split-directory afresh."),
  PIG_SCHEMA("cif.pig.schema", "",
      "Internal to CifLoader (a property of Pig's UDF context, not of the job): the dataset's schema, found at planning."),
  PIG_REQUIRED("cif.pig.required", "",
      "Internal to CifLoader (UDF context): the columns and map keys the script uses, serialized."),
  PIG_PREDICATE("cif.pig.predicate", "",
      "Internal to CifLoader (UDF context): the filter Pig pushed, serialized, until setLocation puts it in the job "
          + "as cif.read.predicate."),
  PIG_OUTPUT_SCHEMA("cif.pig.output.schema", "",
      "Internal to CifStorer (UDF context): the Avro schema the relation is stored with."),
  BENCH_ROW_FILTER("cif.bench.row-filter", "",
      "Benchmarks only (cif-bench's RowFilterConf): the serialized row filter a benchmark job's readers apply.");

  /** What every key starts with: a Hive table property or job setting with it is CIF's. */
  public static final String PREFIX = "cif.";

  private final String key;
  private final Object defaultValue;
  private final String description;

  CifConf(String key, Object defaultValue, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  /** The setting with this key, or null when CIF has none. */
  public static CifConf byKey(String key) {
    for (CifConf c : values()) if (c.key.equals(key)) return c;
    return null;
  }

  public String key() { return key; }
  public Object defaultValue() { return defaultValue; }
  public String description() { return description; }

  public long getLong(Configuration conf) {
    return conf == null ? (Long) defaultValue : conf.getLong(key, (Long) defaultValue);
  }

  public boolean getBoolean(Configuration conf) {
    return conf == null ? (Boolean) defaultValue : conf.getBoolean(key, (Boolean) defaultValue);
  }

  public String getString(Configuration conf) {
    return conf == null ? (String) defaultValue : conf.get(key, (String) defaultValue);
  }

  public void set(Configuration conf, Object value) { conf.set(key, String.valueOf(value)); }
}
