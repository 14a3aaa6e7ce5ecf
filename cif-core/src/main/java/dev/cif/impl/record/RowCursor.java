package dev.cif.impl.record;

import dev.cif.ReadBytes;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.CifFormatException;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.pushdown.MapKeys;
import dev.cif.record.Projection;
import dev.cif.record.RowPredicate;
import dev.cif.schema.CifSchemas;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;


/**
 * Walks the rows of one input split (one or more split-directories). It holds the paper's
 * split-level {@code curPos}; each column reader holds that column's {@code lastPos}. Moving to the
 * next row reads nothing; {@link #read} moves one column forward to {@code curPos} through its skip
 * list and decodes one value. Column files are opened on first use, so a projected column never
 * asked for is never opened either.
 */
public final class RowCursor implements dev.cif.RowRuns {
  private final FileSystem fs;
  private final List<Path> dirs;
  private final Projection projection;
  private final long maxValueBytes;
  private final ColumnFileReader[] readers;
  private final Object[] constants;
  private final boolean[] constant;
  /** Whether column i has been looked up in the current split-directory (present, or constant). */
  private final boolean[] resolved;
  /** Each split-directory's listing (from the split), or null: each is listed when its turn comes. */
  private List<org.apache.hadoop.fs.FileStatus[]> listings;
  private SplitDirectory current;
  /** A split-directory its caller has opened already (to plan the projection), used instead of opening it again. */
  private SplitDirectory opened;
  private int dirIndex = -1;
  private long curPos;
  private long rowsInDir;
  private long rowId = -1;
  private long runStart;
  private long rowsBefore;
  private final RowRangeFilter filter;
  private long[] ranges;
  private int range;
  private final RowPredicate predicate;
  /** The projected index of the predicate's column, or -1. */
  private final int predicateIndex;
  /** The predicate over the current split-directory; null without one, or when its column is constant there. */
  private PredicateColumn predicateColumn;
  /** The predicate's own reader when its column is not projected (closed with the split-directory). */
  private ColumnFileReader predicateReader;
  private MapKeys mapKeys = MapKeys.NONE;
  /** Of each split-directory, only part partIndex of partCount is read (see {@link SplitDirectoryPart}). */
  private int partIndex;
  private int partCount = 1;
  /** The current split-directory's rows of this part: [partStart, partEnd). */
  private long partStart;
  private long partEnd;
  /** Bytes read by the readers closed so far, by column. */
  private final Map<String, ReadBytes> bytesRead = new TreeMap<>();

  public RowCursor(FileSystem fs, List<Path> dirs, Projection projection, long maxValueBytes) {
    this(fs, dirs, projection, maxValueBytes, null);
  }

  /** @param filter the rows of each split-directory to visit, or null for all */
  public RowCursor(FileSystem fs, List<Path> dirs, Projection projection, long maxValueBytes, RowRangeFilter filter) {
    this(fs, dirs, projection, maxValueBytes, filter, null);
  }

  /**
   * @param filter the rows of each split-directory to visit, or null for all
   * @param predicate rows whose value fails it are not visited (see {@link RowPredicate}), or null
   */
  public RowCursor(FileSystem fs, List<Path> dirs, Projection projection, long maxValueBytes, RowRangeFilter filter,
      RowPredicate predicate) {
    this.predicate = predicate;
    Schema.Field pf = predicate == null ? null : projection.schema().getField(predicate.column());
    this.predicateIndex = pf == null ? -1 : pf.pos();
    this.fs = fs;
    this.filter = filter;
    this.dirs = dirs;
    this.projection = projection;
    this.maxValueBytes = maxValueBytes;
    int n = projection.size();
    readers = new ColumnFileReader[n];
    constants = new Object[n];
    constant = new boolean[n];
    resolved = new boolean[n];
  }

  /**
   * The split-directories' listings, in the order of the split's directories (what the planner listed):
   * then no split-directory is listed again, and none is opened beyond the column files read.
   */
  public RowCursor listings(List<org.apache.hadoop.fs.FileStatus[]> listings) {
    this.listings = listings;
    return this;
  }

  public Projection projection() { return projection; }

  /** Map columns whose maps hold only these keys from the next split-directory on (see {@link MapKeys}). */
  public RowCursor mapKeys(MapKeys keys) {
    mapKeys = keys == null ? MapKeys.NONE : keys;
    return this;
  }

  /**
   * Reads of each split-directory only part index of count (a split-directory cut into several
   * input splits): the rows of its share of one projected column's blocks (see {@link SplitDirectoryPart}),
   * so that each column reads its blocks in those rows only. Set before the first row is read.
   */
  public RowCursor part(int index, int count) {
    SplitDirectoryPart.check(index, count);
    partIndex = index;
    partCount = count;
    return this;
  }

  /** Bytes read from the column files so far, by column (see {@link ReadBytes}). */
  public Map<String, ReadBytes> bytesRead() {
    Map<String, ReadBytes> out = new TreeMap<>();
    bytesRead.forEach((c, b) -> out.computeIfAbsent(c, x -> new ReadBytes()).add(b));
    for (ColumnFileReader r : readers) if (r != null) out.computeIfAbsent(r.spec().name, x -> new ReadBytes()).add(r.bytesRead());
    if (predicateReader != null) out.computeIfAbsent(predicateReader.spec().name, x -> new ReadBytes()).add(predicateReader.bytesRead());
    return out;
  }

  /**
   * Lets the cursor use a split-directory the caller has just opened instead of opening it again
   * (one listing and one schema-file read fewer per split); only if it is the next one to be read.
   */
  public void reuse(SplitDirectory dir) { opened = dir; }

  /** Counts rows across the split; a record compares it to know whether its cached value is current. */
  public long rowId() { return rowId; }

  /** Rows passed so far and the split-directory being read, for progress reports. */
  public double progress() {
    if (dirs.isEmpty()) return 1;
    long part = partEnd - partStart;
    double within = part <= 0 ? 0 : (double) Math.max(0, Math.min(part, curPos + 1 - partStart)) / part;
    return Math.min(1, (Math.max(0, dirIndex) + within) / dirs.size());
  }

  public long rowsBefore() { return rowsBefore; }

  /** Moves to the next row (the next one the filter lets through, if any); false at the end of the split. */
  public boolean advance() throws IOException { return advanceRun(1) > 0; }

  /**
   * Moves to the next run of up to max consecutive rows that the filter lets through, all in one
   * split-directory (the batch path); returns its length, 0 at the end of the split. The run starts
   * at {@link #runStart()}; afterwards the current row is the run's last.
   */
  public int advanceRun(int max) throws IOException {
    while (true) {
      while (current == null || curPos + 1 >= rowsInDir) {
        if (!openNext()) return 0;
      }
      long next = curPos + 1;
      long end = rowsInDir;
      if (ranges != null) {
        while (range < ranges.length && ranges[range + 1] <= next) range += 2;
        if (range >= ranges.length) {
          curPos = rowsInDir - 1; // the rest of this split-directory is left out
          continue;
        }
        next = Math.max(next, ranges[range]);
        end = Math.min(end, ranges[range + 1]);
      }
      int n = (int) Math.min(max, end - next);
      if (predicateColumn != null) {
        next = predicateColumn.nextPassing(next, end);
        if (next == end) {
          curPos = end - 1; // nothing in this range passes
          continue;
        }
        n = 1;
        while (n < max && next + n < end && predicateColumn.passes(next + n, end)) n++;
      }
      runStart = next;
      curPos = next + n - 1;
      rowId += n;
      return n;
    }
  }

  /** The first row (within its split-directory) of the run {@link #advanceRun} moved to. */
  public long runStart() { return runStart; }

  /** Whether projected column i is missing from the current split-directory (it reads {@link #constant}). */
  public boolean isConstant(int i) throws IOException {
    resolve(i);
    return constant[i];
  }

  /** The value a column missing from the current split-directory reads: its default, else null. */
  public Object constant(int i) throws IOException {
    resolve(i);
    return constants[i];
  }

  /** The reader of projected column i, opened on first use and positioned at the current run's first row. */
  public ColumnFileReader column(int i) throws IOException {
    if (i == predicateIndex && predicateColumn != null) {
      throw new UnsupportedOperationException("column " + predicate.column() + " is read by the row predicate; read it by row");
    }
    ColumnFileReader r = open(i);
    r.skipTo(runStart);
    return r;
  }

  private boolean openNext() throws IOException {
    closeReaders();
    if (current != null) rowsBefore += rowsInDir;
    if (dirIndex + 1 >= dirs.size()) {
      current = null;
      dirIndex = dirs.size();
      return false;
    }
    Path next = dirs.get(++dirIndex);
    if (opened != null && opened.path().equals(next)) current = opened;
    else if (listings != null) current = SplitDirectory.listed(fs, next, listings.get(dirIndex));
    else current = SplitDirectory.list(fs, next);
    current.expect(projection.full());
    opened = null;
    curPos = -1;
    java.util.Arrays.fill(resolved, false);
    // The filter opens the files of its columns (kept for reading), so the rows are known after it.
    ranges = filter == null ? null : filter.rowsToRead(current);
    // With every row ruled out no column will be read, so none is opened just for the count.
    rowsInDir = current.rowsOpeningAhead(ranges != null && ranges.length == 0 ? List.of() : projectedNames(), maxValueBytes);
    range = 0;
    predicateColumn = null;
    partStart = 0;
    partEnd = rowsInDir;
    if (partCount > 1) openPart();
    if (predicate != null) openPredicate();
    return true;
  }

  private List<String> projectedNames() {
    List<String> names = new java.util.ArrayList<>();
    for (Schema.Field f : projection.schema().getFields()) names.add(f.name());
    return names;
  }

  /** Looks projected column i up in the current split-directory: present, or missing and read as a constant. */
  private void resolve(int i) throws IOException {
    if (resolved[i]) return;
    Schema.Field f = projection.schema().getFields().get(i);
    constant[i] = current.locate(f.name()) == null;
    // A column added after this split-directory was written: its default, else null.
    constants[i] = !constant[i] ? null
        : f.hasDefaultValue() ? GenericData.get().deepCopy(f.schema(), GenericData.get().getDefaultValue(f)) : null;
    resolved[i] = true;
  }

  /**
   * Narrows the rows to visit to this part's: the driver column is opened (it is projected, so it
   * would be anyway) and its footer's block row counts say where the part's rows start and end.
   */
  private void openPart() throws IOException {
    List<String> stored = new java.util.ArrayList<>();
    List<Schema.Field> fields = projection.schema().getFields();
    for (int i = 0; i < fields.size(); i++) {
      resolve(i);
      if (!constant[i]) stored.add(fields.get(i).name());
    }
    String driver = SplitDirectoryPart.driver(current, stored);
    long[] rows = driver == null ? SplitDirectoryPart.rows(partIndex, partCount, rowsInDir)
        : SplitDirectoryPart.rows(partIndex, partCount, open(projection.schema().getField(driver).pos()));
    partStart = rows[0];
    partEnd = rows[1];
    ranges = SplitDirectoryPart.intersect(ranges, partStart, partEnd);
  }

  /**
   * Sets up the predicate over the split-directory just opened. A column the split-directory lacks
   * reads one value for every row, so the predicate is judged once: all rows or none.
   */
  private void openPredicate() throws IOException {
    if (predicateIndex >= 0) resolve(predicateIndex);
    if (current.locate(predicate.column()) == null) {
      Object value = predicateIndex >= 0 ? constants[predicateIndex] : null;
      if (!constantPasses(value)) ranges = new long[0];
      return;
    }
    ColumnFileReader r;
    if (predicateIndex >= 0) {
      r = open(predicateIndex);
    } else {
      r = predicateReader = current.openColumn(predicate.column(), maxValueBytes);
    }
    predicateColumn = new PredicateColumn(predicate, r);
  }

  private boolean constantPasses(Object value) {
    if (value == null) return predicate.testNull();
    byte[] b;
    if (value instanceof java.nio.ByteBuffer) {
      java.nio.ByteBuffer buf = ((java.nio.ByteBuffer) value).duplicate();
      b = new byte[buf.remaining()];
      buf.get(b);
    } else {
      b = value.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
    return predicate.test(b, 0, b.length);
  }

  /** The value of projected column i at the current row. */
  public Object read(int i) throws IOException {
    resolve(i);
    if (constant[i]) return constants[i];
    if (i == predicateIndex && predicateColumn != null) return predicateColumn.value(curPos);
    ColumnFileReader r = open(i);
    r.skipTo(curPos);
    return r.next();
  }

  private ColumnFileReader open(int i) throws IOException {
    ColumnFileReader r = readers[i];
    if (r == null) {
      Schema.Field f = projection.schema().getFields().get(i);
      String name = f.name();
      r = current.openColumn(name, maxValueBytes);
      if (CifSchemas.nonNull(r.spec().schema).getType() != CifSchemas.nonNull(f.schema()).getType()) {
        r.close();
        throw new CifFormatException(current.path().toString(), name, 0, "column type " + r.spec().schema
            + " differs from the reader's " + f.schema());
      }
      readers[i] = r;
      java.util.Set<String> keys = mapKeys.of(name);
      if (keys != null) r.selectMapKeys(keys);
    }
    return r;
  }

  private void closeReaders() throws IOException {
    for (int i = 0; i < readers.length; i++) {
      if (readers[i] != null) {
        count(readers[i]);
        readers[i].close();
      }
      readers[i] = null;
    }
    if (predicateReader != null) {
      count(predicateReader);
      predicateReader.close();
    }
    predicateReader = null;
    if (current != null) current.close(); // files opened ahead that no column took
  }

  private void count(ColumnFileReader r) {
    bytesRead.computeIfAbsent(r.spec().name, x -> new ReadBytes()).add(r.bytesRead());
  }

  @Override
  public void close() throws IOException { closeReaders(); }
}
