package dev.cif;

import dev.cif.conf.CifConf;
import dev.cif.impl.record.RowCursor;
import dev.cif.impl.record.SplitRecordReader;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.impl.pushdown.BlockStatisticsFilter;
import dev.cif.pushdown.MapKeys;
import dev.cif.pushdown.Predicate;
import dev.cif.pushdown.SerializedPredicate;
import dev.cif.record.Projection;
import dev.cif.record.RecordType;
import dev.cif.record.RowPredicate;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ReflectionUtils;


/**
 * How a split is read: the projection, the reader schema, the record type, the pushed-down
 * {@link Predicate} (blocks its statistics rule out are passed over), the {@link RowPredicate}, and the
 * largest value a reader allocates. The read-side twin of {@code WriteOptions}, and the one place a
 * record reader or row cursor is made from them: by the MapReduce faces from a job's settings
 * ({@link #fromConf}), and by Hive from what it puts in its job. It sits with the readers it makes
 * rather than beside WriteOptions in {@code split}, which the readers depend on.
 */
public final class ReadOptions {
  private List<String> columns;
  private boolean ignoreUnknownColumns;
  private Schema readerSchema;
  private RecordType recordType = RecordType.LAZY;
  private Predicate predicate;
  private RowPredicate rowPredicate;
  private long maxValueBytes = (Long) CifConf.MAX_VALUE_BYTES.defaultValue();
  private MapKeys mapKeys = MapKeys.NONE;
  private int partIndex;
  private int partCount = 1;

  /** The job's read settings (cif.read.*, cif.max.value.bytes); the row predicate is made with conf. */
  public static ReadOptions fromConf(Configuration conf) {
    ReadOptions o = new ReadOptions();
    o.columns(CifConf.COLUMNS.getString(conf));
    String schema = CifConf.READER_SCHEMA.getString(conf);
    if (!schema.isEmpty()) o.readerSchema = new Schema.Parser().parse(schema);
    o.recordType = RecordType.parse(CifConf.RECORD_TYPE.getString(conf));
    String predicate = CifConf.PREDICATE.getString(conf);
    if (!predicate.trim().isEmpty()) o.predicate = SerializedPredicate.decode(predicate);
    o.rowPredicate = rowPredicate(conf);
    o.maxValueBytes = CifConf.MAX_VALUE_BYTES.getLong(conf);
    o.mapKeys = MapKeys.decode(CifConf.MAP_KEYS.getString(conf));
    return o;
  }

  /** The job's row predicate (cif.read.row-predicate), made with the job's configuration, or null. */
  private static RowPredicate rowPredicate(Configuration conf) {
    String name = CifConf.ROW_PREDICATE.getString(conf).trim();
    if (name.isEmpty()) return null;
    try {
      Class<? extends RowPredicate> c = conf.getClassByName(name).asSubclass(RowPredicate.class);
      return ReflectionUtils.newInstance(c, conf);
    } catch (ClassNotFoundException | ClassCastException e) {
      throw new IllegalArgumentException(CifConf.ROW_PREDICATE.key() + "=" + name + " is not a " + RowPredicate.class.getName(), e);
    }
  }

  /** Puts a predicate in a job's settings (cif.read.predicate); null removes it. */
  public static void setPredicate(Configuration conf, Predicate p) {
    if (p == null) conf.unset(CifConf.PREDICATE.key());
    else CifConf.PREDICATE.set(conf, SerializedPredicate.encode(p));
  }

  /** The columns to read, in order; null for every column, empty for none (a count). */
  public ReadOptions columns(List<String> names) {
    columns = names == null ? null : new ArrayList<>(names);
    return this;
  }

  /** Comma-separated column names (as cif.read.columns); empty means every column, as it cannot say "none". */
  public ReadOptions columns(String commaSeparated) {
    List<String> names = new ArrayList<>();
    for (String c : commaSeparated.split(",")) if (!c.trim().isEmpty()) names.add(c.trim());
    columns = names.isEmpty() ? null : names;
    return this;
  }

  /** Leaves out of the projection the columns the schema lacks, rather than failing (Hive lists partition columns too). */
  public ReadOptions ignoreUnknownColumns() {
    ignoreUnknownColumns = true;
    return this;
  }

  /** Columns a split-directory lacks read their default, or null; null: the first split-directory's schema. */
  public ReadOptions readerSchema(Schema schema) { readerSchema = schema; return this; }

  public ReadOptions recordType(RecordType type) { recordType = type; return this; }

  /** A filter judged against block statistics: blocks and split-directories it rules out are not read; null for none. */
  public ReadOptions predicate(Predicate p) { predicate = p; return this; }

  public ReadOptions rowPredicate(RowPredicate p) { rowPredicate = p; return this; }

  /** The largest encoded value (and so block) a reader allocates (cif.max.value.bytes). */
  public ReadOptions maxValueBytes(long n) { maxValueBytes = n; return this; }

  /** Map columns of which only these keys are read (see {@link MapKeys}); null or NONE: whole maps. */
  public ReadOptions mapKeys(MapKeys keys) { mapKeys = keys == null ? MapKeys.NONE : keys; return this; }

  public MapKeys mapKeys() { return mapKeys; }

  /**
   * Reads of each split-directory only part index (from 0) of count: one task's share when a large
   * split-directory is cut into several input splits (cif.split.part-bytes). The parts cut the blocks
   * of the projected column with the largest file into count runs of consecutive blocks and read the
   * rows of their run, so each reads about 1/count of the bytes, and together they read every row
   * once, in order. The default, part 0 of 1, reads everything.
   */
  public ReadOptions part(int index, int count) {
    if (count < 1 || index < 0 || index >= count) throw new IllegalArgumentException("no part " + index + " of " + count);
    partIndex = index;
    partCount = count;
    return this;
  }

  /** Puts map keys in a job's settings (cif.read.map-keys); null or NONE removes them. */
  public static void setMapKeys(Configuration conf, MapKeys keys) {
    if (keys == null || keys.isEmpty()) conf.unset(CifConf.MAP_KEYS.key());
    else CifConf.MAP_KEYS.set(conf, keys.encode());
  }

  /** The projected column names; null for all. */
  public List<String> columns() { return columns; }

  public Schema readerSchema() { return readerSchema; }

  public Predicate predicate() { return predicate; }

  public long maxValueBytes() { return maxValueBytes; }


  /** The projection of these columns over a split's full schema. */
  public Projection projection(Schema full) {
    if (columns == null) return Projection.of(full, (String) null);
    if (!ignoreUnknownColumns) return Projection.of(full, columns);
    List<String> known = new ArrayList<>();
    for (String c : columns) if (full.getField(c) != null) known.add(c);
    return Projection.of(full, known);
  }

  /** A record reader over the split-directories of one split, each listed when its turn comes. */
  public RowReader open(FileSystem fs, List<Path> dirs) throws IOException { return open(fs, dirs, null); }

  /**
   * A record reader over the split-directories of one split.
   *
   * @param listings each split-directory's listing as planned ({@code ColumnSplit#listings}), or null to list
   *     each: with them, and a reader schema, nothing but the projected column files is opened
   */
  public RowReader open(FileSystem fs, List<Path> dirs, List<FileStatus[]> listings) throws IOException {
    // Without a reader schema the first split-directory's is the split's: its schema file is read, once.
    SplitDirectory first = readerSchema != null ? null
        : listings != null ? SplitDirectory.listed(fs, dirs.get(0), listings.get(0)) : SplitDirectory.list(fs, dirs.get(0));
    Projection projection = projection(first != null ? first.schema() : readerSchema);
    BlockStatisticsFilter filter = BlockStatisticsFilter.of(this);
    SplitRecordReader r = new SplitRecordReader(fs, dirs, projection, recordType, maxValueBytes,
        filter == null ? null : filter::rowsToRead, rowPredicate).mapKeys(mapKeys).listings(listings).part(partIndex, partCount);
    return first == null ? r : r.reuse(first);
  }

  /** The runs of rows of the split-directories of one split, for readers that fill batches (Hive's vectorized one). */
  public RowRuns runs(FileSystem fs, List<Path> dirs, Projection projection) { return runs(fs, dirs, null, projection); }

  /** As {@link #runs(FileSystem, List, Projection)}, with the split's listings (see {@link #open(FileSystem, List, List)}). */
  public RowRuns runs(FileSystem fs, List<Path> dirs, List<FileStatus[]> listings, Projection projection) {
    BlockStatisticsFilter filter = BlockStatisticsFilter.of(this);
    return new RowCursor(fs, dirs, projection, maxValueBytes, filter == null ? null : filter::rowsToRead, rowPredicate)
        .mapKeys(mapKeys).listings(listings).part(partIndex, partCount);
  }
}
