package dev.cif.hive;

import dev.cif.Cif;
import dev.cif.ReadOptions;
import dev.cif.RowReader;
import dev.cif.conf.CifConf;
import dev.cif.mapreduce.ColumnSplit;
import dev.cif.mapreduce.SplitPlanner;
import dev.cif.pushdown.MapKeys;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.io.CombineHiveInputFormat;
import org.apache.hadoop.hive.ql.io.IOConstants;
import org.apache.hadoop.hive.ql.io.InputFormatChecker;
import org.apache.hadoop.hive.serde.serdeConstants;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedInputFormatInterface;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedSupport;
import org.apache.hadoop.hive.ql.io.SelfDescribingInputFormatInterface;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;

/**
 * Hive's input format for CIF tables: cif-core's splits (one per split-directory) and its lazy record
 * reader, opened on only the columns Hive reads (hive.io.file.readcolumn.names). The reader schema is
 * the table's columns, so split-directories written before ALTER TABLE ADD COLUMNS read NULL there.
 * When Hive runs the scan vectorized it gets VectorizedRowBatches from
 * dev.cif.hive.vector.VectorizedCifReader instead of rows; being self-describing (the reader converts every
 * split-directory to the table's columns), partitions written under older schemas vectorize too.
 */
public class CifHiveInputFormat extends FileInputFormat<NullWritable, Writable>
    implements InputFormatChecker, CombineHiveInputFormat.AvoidSplitCombination, VectorizedInputFormatInterface,
    SelfDescribingInputFormatInterface {

  @Override
  public InputSplit[] getSplits(JobConf job, int numSplits) throws IOException {
    // Split-directories whose statistics rule out the pushed filter are not planned; numSplits (Hive on Tez:
    // its task slots) cuts a large split-directory into that many parts, as FileInputFormat's goal size does.
    return SplitPlanner.plan(job, getInputPaths(job), readOptions(job, readerSchema(job)), numSplits).toArray(new InputSplit[0]);
  }

  /**
   * DECIMAL_64: decimals of precision up to 18 can arrive as unscaled longs (Decimal64ColumnVector),
   * which Hive's vector arithmetic handles without HiveDecimal objects; Hive chooses per column.
   */
  @Override
  public VectorizedSupport.Support[] getSupportedFeatures() {
    return new VectorizedSupport.Support[] {VectorizedSupport.Support.DECIMAL_64};
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public RecordReader<NullWritable, Writable> getRecordReader(InputSplit split, JobConf job, Reporter reporter)
      throws IOException {
    FileSplit fileSplit = (FileSplit) split;
    FileSystem fs = fileSplit.getPath().getFileSystem(job);
    List<Path> dirs = split instanceof ColumnSplit
        ? ((ColumnSplit) split).directories() : Cif.splitDirectories(fs, fileSplit.getPath());
    // The planner's listings: the task then opens the projected column files and asks the NameNode nothing else.
    List<FileStatus[]> listings = split instanceof ColumnSplit ? ((ColumnSplit) split).listings() : null;
    if (VectorizedScan.isVectorized(job)) return (RecordReader) VectorizedScan.open(fs, dirs, listings, fileSplit, job, reporter);
    return (RecordReader) rowReader(fs, dirs, listings, fileSplit, job, reporter);
  }

  private RecordReader<NullWritable, CifRecordWritable> rowReader(FileSystem fs, List<Path> dirs, List<FileStatus[]> listings,
      FileSplit split, JobConf job, Reporter reporter) throws IOException {
    Schema table = readerSchema(job);
    if (table == null && dirs.isEmpty()) return new CifRecordReader(null, null, MapKeys.NONE);
    ReadOptions options = readOptions(job, table, split).mapKeys(PlanMapKeys.fromConf(job, table));
    return new CifRecordReader(options.open(fs, dirs, listings), reporter, options.mapKeys());
  }

  /**
   * How Hive's scan reads CIF, from what Hive puts in the job: the columns it reads (lenient, as it
   * lists partition columns too; an empty list is a count), the table's columns as reader schema,
   * and its pushed filter, which also passes over runs of rows (blocks) that cannot match.
   *
   * @param table the table's columns (null: the first split-directory's)
   */
  static ReadOptions readOptions(JobConf job, Schema table) {
    return new ReadOptions().columns(projectedColumns(job)).ignoreUnknownColumns().readerSchema(table)
        .predicate(SearchArgumentTranslation.fromConf(job, table)).maxValueBytes(CifConf.MAX_VALUE_BYTES.getLong(job));
  }

  /** How a task reads split: as {@link #readOptions(JobConf, Schema)}, only the rows of split (a part of a split-directory). */
  static ReadOptions readOptions(JobConf job, Schema table, FileSplit split) {
    ReadOptions options = readOptions(job, table);
    return split instanceof ColumnSplit ? ((ColumnSplit) split).narrow(options) : options;
  }

  /** The columns Hive reads, or null for all of them. */
  static List<String> projectedColumns(Configuration job) {
    if (ColumnProjectionUtils.isReadAllColumns(job) || job.get(ColumnProjectionUtils.READ_COLUMN_NAMES_CONF_STR) == null) {
      return null;
    }
    return Arrays.asList(ColumnProjectionUtils.getReadColumnNames(job));
  }

  /** The table's columns as a CIF schema, from what Hive puts in the job; null if it put nothing. */
  static Schema readerSchema(Configuration job) {
    String names = job.get(IOConstants.SCHEMA_EVOLUTION_COLUMNS);
    String types = job.get(IOConstants.SCHEMA_EVOLUTION_COLUMNS_TYPES);
    if (names == null || types == null || names.isEmpty()) {
      names = job.get(serdeConstants.LIST_COLUMNS);
      types = job.get(serdeConstants.LIST_COLUMN_TYPES);
    }
    if (names == null || types == null || names.isEmpty()) return null;
    return HiveTypeMapping.tableSchema("row", Arrays.asList(names.split(",")), TypeInfoUtils.getTypeInfosFromTypeString(types));
  }

  /** LOAD DATA accepts only split-directories. */
  @Override
  public boolean validateInput(FileSystem fs, HiveConf conf, List<FileStatus> files) throws IOException {
    if (files.isEmpty()) return false;
    for (FileStatus f : files) {
      if (Cif.splitDirectories(fs, f.getPath()).isEmpty()) return false;
    }
    return true;
  }

  /** Every split is already one split-directory (or several); combining files would break them apart. */
  @Override
  public boolean shouldSkipCombine(Path path, Configuration conf) { return true; }

  static final class CifRecordReader implements RecordReader<NullWritable, CifRecordWritable> {
    private final RowReader reader;
    private final Reporter reporter;
    private final MapKeys mapKeys;
    private long rows;
    private boolean counted;

    CifRecordReader(RowReader reader, Reporter reporter, MapKeys mapKeys) {
      this.reader = reader;
      this.reporter = reporter;
      this.mapKeys = mapKeys;
    }

    @Override
    public boolean next(NullWritable key, CifRecordWritable value) throws IOException {
      if (reader == null || !reader.next()) return false;
      value.set(reader.current());
      rows++;
      return true;
    }

    @Override public NullWritable createKey() { return NullWritable.get(); }
    @Override public CifRecordWritable createValue() { return new CifRecordWritable(); }
    /**
     * Rows read so far. Hive's record reader treats position 0 as the start of a file and looks up the
     * split's partition for header lines before every such row: a constant 0 cost ~80% of the row
     * path's CPU on the crawl query (JFR, docs/benchmarks.md).
     */
    @Override public long getPos() { return rows; }
    @Override public float getProgress() { return reader == null ? 1 : reader.progress(); }
    @Override
    public void close() throws IOException {
      if (reader == null) return;
      reader.close();
      if (!counted) ReadCounters.add(reporter, reader.bytesRead(), mapKeys);
      counted = true; // once, however often Hive closes
    }
  }
}
