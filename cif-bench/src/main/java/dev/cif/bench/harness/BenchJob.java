package dev.cif.bench.harness;

import java.util.List;
import java.util.Optional;

/**
 * The map-side work of one benchmark query. A job names the columns it reads (so column formats can
 * project) and creates a fresh {@link JobRun} per timed run.
 */
public interface BenchJob {

  /** Short name for reports, e.g. {@code int}, {@code content-types}, {@code sel-10%}. */
  String name();

  /** Top-level columns the job reads. */
  List<String> projection();

  /**
   * The job's row predicate, for formats that can evaluate it before decoding the other columns (the
   * job still applies it itself); empty for jobs that read every row.
   */
  default Optional<RowFilter> rowFilter() {
    return Optional.empty();
  }

  JobRun newRun();
}
