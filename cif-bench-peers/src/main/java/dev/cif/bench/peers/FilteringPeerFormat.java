package dev.cif.bench.peers;

import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.RecordScan;
import dev.cif.bench.harness.RowFilter;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * A peer format read through its MapReduce input format that can apply a job's row predicate with
 * the library's own row filter. Its variants differ by codec and by whether the filter is applied: the
 * {@code -nofilter} variant reads the files of the filtering one with the same name, to show what the
 * filter buys.
 */
abstract class FilteringPeerFormat implements FormatUnderTest {
  private final String name;
  private final String baseName;
  private final boolean rowFilter;

  FilteringPeerFormat(String name, String baseName, boolean rowFilter) {
    this.name = name;
    this.baseName = baseName;
    this.rowFilter = rowFilter;
  }

  /** Installs the library's row filter for {@code filter} in the job's configuration. */
  abstract void installRowFilter(Configuration job, RowFilter filter);

  /** The scan of the job's input, with the projection pushed down as the library takes it. */
  abstract RecordScan scan(Job job, Schema schema, List<String> projection) throws IOException;

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String storageName() {
    return rowFilter ? name : baseName;
  }

  @Override
  public final boolean appliesRowFilters() {
    return rowFilter;
  }

  @Override
  public final RecordScan openScan(FileSystem fs, Path dir, Schema schema, List<String> projection)
      throws IOException {
    return openScan(fs, dir, schema, projection, Optional.empty());
  }

  @Override
  public final RecordScan openScan(FileSystem fs, Path dir, Schema schema, List<String> projection,
      Optional<RowFilter> filter) throws IOException {
    Job job = Job.getInstance(fs.getConf());
    if (rowFilter && filter.isPresent()) {
      installRowFilter(job.getConfiguration(), filter.get());
    }
    FileInputFormat.setInputPaths(job, fs.makeQualified(dir));
    return scan(job, schema, projection);
  }

  @Override
  public final String toString() {
    return name;
  }
}
