package dev.cif.bench.sql;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** A storage format the benchmark converts the text tables into (CTAS), with its table properties. */
public enum Format {
  /** CIF with cif-core's defaults (every column LZ4-compressed). */
  CIF("CIF", ""),
  /** CIF uncompressed, the default before LZ4 (docs/benchmarks.md, "The default codec"). */
  CIF_NONE("CIF", "'cif.codec'='*:none'"),
  /** Every column LZ4-compressed, named: the default, whatever it becomes. */
  CIF_LZ4("CIF", "'cif.codec'='*:lz4'"),
  /** CIF's smallest layout: every column ZSTD-compressed (for the bytes-read comparison with ORC's ZLIB). */
  CIF_ZSTD("CIF", "'cif.codec'='*:zstd'"),
  ORC("ORC", ""),
  PARQUET("PARQUET", ""),
  RCFILE("RCFILE", ""),
  AVRO("AVRO", ""),
  SEQUENCEFILE("SEQUENCEFILE", ""),
  TEXTFILE("TEXTFILE", "");

  private final String storedAs;
  private final String properties;

  Format(String storedAs, String properties) {
    this.storedAs = storedAs;
    this.properties = properties;
  }

  /** Lower-case name, as used on the command line and in database names (cif_lz4). */
  public String id() { return name().toLowerCase(Locale.ROOT); }

  /** The clause after the table name of a CTAS: STORED AS ... [TBLPROPERTIES (...)]. */
  public String storage() {
    return "STORED AS " + storedAs + (properties.isEmpty() ? "" : " TBLPROPERTIES (" + properties + ")");
  }

  public static Format of(String id) { return valueOf(id.trim().toUpperCase(Locale.ROOT).replace('-', '_')); }

  /** A comma-separated list of ids, or "all". */
  public static List<Format> list(String ids) {
    if (ids.equalsIgnoreCase("all")) return List.of(values());
    return Arrays.stream(ids.split(",")).filter(s -> !s.isBlank()).map(Format::of).toList();
  }
}
