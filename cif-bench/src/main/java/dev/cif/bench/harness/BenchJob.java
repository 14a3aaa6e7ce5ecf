package dev.cif.bench.harness;

import java.util.List;

/**
 * The map-side work of one benchmark query. A job names the columns it reads (so column formats can
 * project) and creates a fresh {@link JobRun} per timed run.
 */
public interface BenchJob {

  /** Short name for reports, e.g. {@code int}, {@code content-types}, {@code sel-10%}. */
  String name();

  /** Top-level columns the job reads. */
  List<String> projection();

  JobRun newRun();
}
