package dev.cif.hardening;

import dev.cif.CifFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One fuzz execution: damage one file of one dataset, read the split-directory every way, check
 * the outcome, put the file back. Reads run on a worker thread so that a hang is reported as one
 * (with the worker's stack) instead of stalling the build. A failing input's split-directory is
 * kept under target/fuzz-findings for turning into a regression file.
 */
final class MutationRun {
  static final long TIME_LIMIT_SECONDS = 30;
  private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "cif-fuzz-read");
    t.setDaemon(true);
    return t;
  });

  private MutationRun() {}

  static void run(Choices c, long seed) throws Exception {
    FuzzDatasets d = FuzzDatasets.get();
    FuzzDatasets.Dataset ds = d.datasets.get(c.nextInt(d.datasets.size()));
    FileMutator.Mutation m = new FileMutator(c).mutate(ds, d.datasets);
    Path file = ds.dir.resolve(m.file);
    Files.write(file, m.bytes);
    try {
      int way = c.nextInt(3);
      ReadBack.Outcome o = read(d, ds, seed, m, way);
      if (o.error != null) {
        String bad = unnamed(o.error);
        if (bad != null) throw finding(ds, m, seed, o + ": " + bad, null);
      } else if (!m.sealed && !o.same()) {
        throw finding(ds, m, seed, "a wrong value instead of CifFormatException: " + o, null);
      } else if (m.mustFail && !(way < 2 && m.file.startsWith("schema-") && o.same())) {
        // A record reader given the columns (ways 0 and 1) finds their files by name and need not read a
        // damaged schema file at all (docs/FORMAT.md §4.1): reading the right values then is no finding.
        throw finding(ds, m, seed, "read without CifFormatException: " + o, null);
      }
    } finally {
      Files.write(file, ds.files.get(m.file));
    }
  }

  private static ReadBack.Outcome read(FuzzDatasets d, FuzzDatasets.Dataset ds, long seed, FileMutator.Mutation m, int way)
      throws Exception {
    Future<ReadBack.Outcome> f = WORKER.submit(() ->
        new ReadBack(d.fs, new org.apache.hadoop.fs.Path(ds.dir.toUri()), FuzzDatasets.SCHEMA, d.rows, seed).oneWay(way));
    try {
      return f.get(TIME_LIMIT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      StringBuilder stack = new StringBuilder();
      for (var es : Thread.getAllStackTraces().entrySet()) {
        if (es.getKey().getName().equals("cif-fuzz-read")) for (StackTraceElement s : es.getValue()) stack.append("\n  at ").append(s);
      }
      throw finding(ds, m, seed, "read did not finish in " + TIME_LIMIT_SECONDS + " s:" + stack, null);
    } catch (ExecutionException e) {
      throw finding(ds, m, seed, "read threw " + e.getCause(), e.getCause());
    }
  }

  /** What a CifFormatException fails to say: the file, the column (for a column file) and the offset. */
  static String unnamed(CifFormatException e) {
    if (e.file() == null || e.file().equals("?")) return "names no file";
    if (e.offset() < 0) return "negative offset";
    String name = e.file().substring(e.file().lastIndexOf('/') + 1);
    if (name.matches("\\d{4}-.*\\.cif") && e.column() == null) return "names no column";
    return null;
  }

  private static AssertionError finding(FuzzDatasets.Dataset ds, FileMutator.Mutation m, long seed, String what, Throwable cause) {
    Path kept = Path.of("target", "fuzz-findings", ds.label + "-" + seed);
    try {
      Files.createDirectories(kept);
      for (var e : ds.files.entrySet()) {
        Files.write(kept.resolve(e.getKey()), e.getKey().equals(m.file) ? m.bytes : e.getValue());
      }
    } catch (IOException ignored) {
      // the message still says how to reproduce it
    }
    AssertionError err = new AssertionError(ds.label + ", " + m + " (seed " + seed + ", kept in " + kept.toAbsolutePath() + "): " + what);
    if (cause != null) err.initCause(cause);
    return err;
  }
}
