package dev.cif.bench.cif;

import dev.cif.BlockCodec;
import dev.cif.Cif;
import dev.cif.CifWriter;
import dev.cif.ColumnLayout;
import dev.cif.WriteOptions;
import dev.cif.bench.data.Dataset;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.InputFormatScan;
import dev.cif.bench.harness.RecordScan;
import dev.cif.bench.harness.RowFilter;
import dev.cif.bench.harness.RowFilterConf;
import dev.cif.conf.CifConf;
import dev.cif.mapreduce.ColumnInputFormat;
import dev.cif.record.RecordType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * CIF as the benchmarks see it, in the paper's Table 1 variants: "cif" (plain layout, EagerRecord),
 * the codec variants of it, "cif-sl" (skip lists, LazyRecord) and "cif-dcsl" (skip lists plus
 * dictionary-compressed maps, LazyRecord; "cif-dcsl-lz4", "-zstd", "-zlib" add block compression). "cif-sl-eager" is cif-sl read with EagerRecord, the other
 * half of Figure 10. Reads go through ColumnInputFormat with the job's projection pushed down. The
 * cif-dcsl variants also take the job's row filter as CIF's row predicate (ORC's and Parquet's defaults
 * take it as their row filters); "cif-dcsl-nofilter" reads cif-dcsl's files without it, like
 * "orc-nofilter". The paper's variants (cif, cif-sl, cif-sl-eager) read every row, as the paper's did.
 */
public final class CifFormat implements FormatUnderTest {
  private final String name;
  private final ColumnLayout layout;
  private final ColumnLayout mapLayout;
  private final BlockCodec codec;
  private final RecordType records;
  private final boolean filters;

  CifFormat(String name, ColumnLayout layout, ColumnLayout mapLayout, BlockCodec codec, RecordType records) {
    this(name, layout, mapLayout, codec, records, false);
  }

  CifFormat(String name, ColumnLayout layout, ColumnLayout mapLayout, BlockCodec codec, RecordType records, boolean filters) {
    this.name = name;
    this.layout = layout;
    this.mapLayout = mapLayout;
    this.codec = codec;
    this.records = records;
    this.filters = filters;
  }

  public static List<FormatUnderTest> variants() {
    List<FormatUnderTest> v = new ArrayList<>();
    v.add(new CifFormat("cif", ColumnLayout.PLAIN, ColumnLayout.PLAIN, BlockCodec.NONE, RecordType.EAGER));
    for (BlockCodec c : new BlockCodec[] {BlockCodec.ZLIB, BlockCodec.LZO, BlockCodec.LZ4, BlockCodec.SNAPPY, BlockCodec.ZSTD}) {
      v.add(new CifFormat("cif-" + c.name().toLowerCase(Locale.ROOT), ColumnLayout.PLAIN, ColumnLayout.PLAIN, c, RecordType.EAGER));
    }
    v.add(new CifFormat("cif-sl", null, ColumnLayout.SKIP_LIST, BlockCodec.NONE, RecordType.LAZY));
    v.add(new CifFormat("cif-sl-eager", null, ColumnLayout.SKIP_LIST, BlockCodec.NONE, RecordType.EAGER));
    v.add(new CifFormat("cif-dcsl", null, ColumnLayout.DCSL, BlockCodec.NONE, RecordType.LAZY, true));
    v.add(new CifFormat("cif-dcsl-nofilter", null, ColumnLayout.DCSL, BlockCodec.NONE, RecordType.LAZY, false));
    // DCSL with block compression: what CIF reads and stores against ORC's and Parquet's compressed files.
    for (BlockCodec c : new BlockCodec[] {BlockCodec.LZ4, BlockCodec.ZSTD, BlockCodec.ZLIB}) {
      v.add(new CifFormat("cif-dcsl-" + c.name().toLowerCase(Locale.ROOT), null, ColumnLayout.DCSL, c, RecordType.LAZY, true));
    }
    return v;
  }

  @Override public String name() { return name; }

  /** cif-sl-eager reads cif-sl's files (same layout, eager records); every other variant has its own. */
  @Override public String storageName() {
    return name.equals("cif-sl-eager") ? "cif-sl" : name.equals("cif-dcsl-nofilter") ? "cif-dcsl" : name;
  }

  @Override public boolean appliesRowFilters() { return filters; }

  /** layout null means each type's default layout (skip lists for strings, bytes and nested types). */
  WriteOptions options(Schema schema) {
    WriteOptions o = new WriteOptions().codec("*", codec);
    for (Schema.Field f : schema.getFields()) {
      boolean map = dev.cif.schema.CifSchemas.nonNull(f.schema()).getType() == Schema.Type.MAP;
      if (map) o.layout(f.name(), mapLayout);
      else if (layout != null) o.layout(f.name(), layout);
    }
    return o;
  }

  @Override
  public void write(Dataset data, FileSystem fs, Path dir) throws IOException {
    WriteOptions o = options(data.schema()).splitDirectoryBytes(CifConf.SPLIT_DIRECTORY_BYTES.getLong(fs.getConf()));
    try (CifWriter w = Cif.createWriter(fs, dir, data.schema(), o)) {
      for (GenericRecord r : data.records()) w.write(r);
    }
  }

  @Override
  public RecordScan openScan(FileSystem fs, Path dir, Schema schema, List<String> projection) throws IOException {
    return openScan(fs, dir, schema, projection, Optional.empty());
  }

  @Override
  public RecordScan openScan(FileSystem fs, Path dir, Schema schema, List<String> projection, Optional<RowFilter> filter)
      throws IOException {
    Job job = Job.getInstance(fs.getConf());
    FileInputFormat.setInputPaths(job, fs.makeQualified(dir));
    ColumnInputFormat.setColumns(job, String.join(",", projection));
    ColumnInputFormat.setRecordType(job, records);
    if (filters && filter.isPresent()) {
      RowFilterConf.set(job.getConfiguration(), filter.get());
      ColumnInputFormat.setRowPredicate(job, CifRowPredicate.class);
    }
    return new InputFormatScan<>(new ColumnInputFormat(), job, v -> v);
  }

  @Override
  public String toString() { return name; }
}
