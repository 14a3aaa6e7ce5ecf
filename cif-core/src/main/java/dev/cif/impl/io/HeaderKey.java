package dev.cif.impl.io;

/**
 * The keys of a file header's Meta (docs/FORMAT.md §3): the writer version every file holds (§3.1),
 * the five every column file holds (§5.1) and the three of a schema file (§4.1). They share names with some cif.* settings but not their syntax
 * (a header holds one value, a setting column:value pairs), so they are not settings.
 */
public enum HeaderKey {
  /** Every file written since the writer version was introduced: which writer made it (see CurrentWriter). */
  WRITER_VERSION("cif.writer.version"),
  /** Column file: the column (field) name. */
  COLUMN("cif.column"),
  /** Column file: the column's Avro schema, JSON. */
  SCHEMA("cif.schema"),
  /** Column file: the layout's enum name. */
  LAYOUT("cif.layout"),
  /** Column file: the configured codec's enum name (informational: each block names its own). */
  CODEC("cif.codec"),
  /** Column file: the skip levels, descending, comma-separated. */
  SKIP_LEVELS("cif.skip.levels"),
  /** Schema file: the split-directory's record schema, Avro JSON. */
  AVRO_SCHEMA("avro.schema"),
  /** Schema file: the row count, decimal. */
  ROWS("cif.rows"),
  /** Schema file: the column file names in field order, joined by '/'. */
  FILES("cif.files");

  /** The key as stored. */
  public final String key;

  HeaderKey(String key) { this.key = key; }
}
