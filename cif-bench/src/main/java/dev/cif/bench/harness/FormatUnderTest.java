package dev.cif.bench.harness;

import dev.cif.bench.data.Dataset;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A storage format as the benchmarks see it: it can load a dataset into a directory and scan it back
 * through its Hadoop InputFormat. Register implementations in {@link dev.cif.bench.mr.Formats}.
 *
 * <p>Implementations should read through the format's real {@code InputFormat} (getSplits, then a record
 * reader per split, e.g. with {@link InputFormatScan}), because that is the path a MapReduce job takes and
 * the one the paper timed.
 */
public interface FormatUnderTest {

  /** Short, stable, file-name-safe name used in reports and directory names, e.g. {@code seq-block}. */
  String name();

  /**
   * The name of the stored data this format reads: its own name, unless it only reads another format's
   * files differently (e.g. without a row filter, or with eager records), in which case that format's
   * name, so the data is written and stored once.
   */
  default String storageName() {
    return name();
  }

  /** Writes every row of {@code data} under {@code dir}, which does not exist yet. */
  void write(Dataset data, FileSystem fs, Path dir) throws IOException;

  /**
   * Opens a scan of the data under {@code dir}. {@code projection} names the top-level columns the job
   * will read; a column-oriented format should read only those, a row format may ignore it. Records
   * returned by the scan may be reused by the next call to {@link RecordScan#next()}.
   *
   * @param schema the schema the data was written with (formats that store their own may ignore it)
   */
  RecordScan openScan(FileSystem fs, Path dir, Schema schema, List<String> projection) throws IOException;

  /**
   * As above, also offering the job's row predicate. A format whose reader can filter rows itself (ORC's
   * row filter, Parquet's filter2) may use it to skip decoding the other columns of rows that fail, and
   * then returns only rows that pass; it must say so in {@link #appliesRowFilters()}. By default the
   * filter is ignored and every row is returned.
   */
  default RecordScan openScan(FileSystem fs, Path dir, Schema schema, List<String> projection,
      Optional<RowFilter> filter) throws IOException {
    return openScan(fs, dir, schema, projection);
  }

  /** True if scans opened with a filter return only the rows that pass it (fewer records than stored). */
  default boolean appliesRowFilters() {
    return false;
  }

  /** Bytes the format occupies on disk (file-system checksum files excluded). */
  default long sizeOnDisk(FileSystem fs, Path dir) throws IOException {
    return fs.getContentSummary(dir).getLength();
  }
}
