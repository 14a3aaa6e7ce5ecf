package dev.cif;

import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.column.ColumnFileWriter;
import dev.cif.impl.column.ColumnSpec;
import dev.cif.impl.evolve.ColumnAdder;
import dev.cif.impl.split.DatasetListing;
import dev.cif.impl.split.DatasetWriter;
import dev.cif.impl.split.SplitDirectoryMerger;
import dev.cif.impl.split.SplitDirectoryWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The front door to the CIF format, in the shape of ORC's {@code OrcFile}: options from a
 * configuration, then a writer or a reader. Everything a connector, a command or a benchmark needs
 * comes from here and the types it returns; the format's workings live in {@code dev.cif.impl.*}.
 *
 * <pre>{@code
 * try (CifWriter w = Cif.createWriter(fs, dataset, schema, Cif.writeOptions(conf))) { w.write(row); }
 * CifReader r = Cif.createReader(fs, dataset, Cif.readOptions(conf).columns("url,metadata"));
 * try (RowReader rows = r.rows()) { while (rows.next()) use(rows.current()); }
 * }</pre>
 *
 * Names: {@code writeOptions}/{@code readOptions} after the builders they return
 * ({@link WriteOptions}, {@link ReadOptions}, the names the settings already had), and
 * {@code createWriter}/{@code createReader} as ORC and Hadoop's {@code SequenceFile} name them. A
 * writer takes the file system and the schema as arguments, not as options: neither has a default.
 */
public final class Cif {
  private Cif() {}

  /** Write options from the cif.* settings of conf (docs/FORMAT.md §12), defaults for the rest. */
  public static WriteOptions writeOptions(Configuration conf) { return WriteOptions.fromConf(conf); }

  /** Read options from the cif.* settings of conf: projection, pushed predicate, map keys, value cap. */
  public static ReadOptions readOptions(Configuration conf) { return ReadOptions.fromConf(conf); }

  /**
   * A writer of a dataset under dataset: split-directories part-00000, part-00001, ... each rolled
   * at {@link WriteOptions#splitDirectoryBytes}.
   */
  public static CifWriter createWriter(FileSystem fs, Path dataset, Schema schema, WriteOptions options) {
    return new DatasetWriter(fs, dataset, "part", schema, options);
  }

  /** A writer of exactly one split-directory at dir (what a task of a Hive or MapReduce job writes). */
  public static CifWriter createSplitDirectoryWriter(FileSystem fs, Path dir, Schema schema, WriteOptions options)
      throws IOException {
    return new SplitDirectoryWriter(fs, dir, schema, options);
  }

  /** A reader of the dataset or split-directory at path. */
  public static CifReader createReader(FileSystem fs, Path path, ReadOptions options) throws IOException {
    return new CifReader(fs, path, options);
  }

  /**
   * The complete split-directories at path (a dataset, a split-directory, or a directory of
   * datasets), in name order; unfinished ones (no schema file yet) are left out.
   */
  public static List<Path> splitDirectories(FileSystem fs, Path path) throws IOException {
    return DatasetListing.splitDirectories(fs, path);
  }

  /** A writer of one column file into out, laid out as options say for column (layout, codec, skip levels, block size). */
  public static ColumnWriter createColumnWriter(OutputStream out, Schema.Field column, WriteOptions options) throws IOException {
    return new ColumnFileWriter(out, ColumnSpec.of(column, options), options.blockBytes(), options.maxValueBytes());
  }

  /** A reader of one column file; values longer than maxValueBytes are refused as corrupt. */
  public static ColumnReader openColumn(FileSystem fs, Path file, long maxValueBytes) throws IOException {
    return ColumnFileReader.open(fs, file, -1, maxValueBytes);
  }

  /**
   * Adds a column to every split-directory of dataset that lacks it, without rewriting the others
   * (a new schema file generation).
   *
   * @param compute the new column's value from the existing row (only the columns it reads are
   *     decoded), or null to write field's default
   * @return the number of split-directories the column was added to
   */
  public static int addColumn(FileSystem fs, Path dataset, Schema.Field field, Function<GenericRecord, Object> compute,
      WriteOptions options) throws IOException {
    return ColumnAdder.addColumn(fs, dataset, field, compute, options);
  }

  /** Merge options from the cif.* settings of conf: the target is cif.split-directory.bytes. */
  public static MergeOptions mergeOptions(Configuration conf) { return MergeOptions.fromConf(conf); }

  /**
   * Merges the small split-directories under path (a table, a partition, or a directory of them) into
   * larger ones by concatenating their encoded blocks, decoding nothing (docs/scale-merge.md). Readers
   * see the old split-directories or the merged one, never both; a merge killed half-way leaves the
   * dataset whole, and the next merge finishes or discards its work.
   */
  public static MergeResult merge(FileSystem fs, Path path, MergeOptions options) throws IOException {
    return SplitDirectoryMerger.merge(fs, path, options);
  }
}
