package dev.cif.bench.harness;

import dev.cif.embedded.console.Progress;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Runs every job of an experiment over every format: loads the data if needed, does the warm-up passes,
 * times the measured passes, keeps the median, and insists that every pass of every format gives the
 * reference format's answer (the first format listed is the reference).
 */
public final class BenchRunner {

  private final DatasetStore store;
  private final RunSettings settings;
  private final PrintStream log;
  private final IoCounters io;
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

  private final Progress progress;

  public BenchRunner(DatasetStore store, RunSettings settings, PrintStream log) {
    this(store, settings, log, Progress.logOnly(null));
  }

  /** A runner that also shows each measurement on {@code progress} (format, job, elapsed). */
  public BenchRunner(DatasetStore store, RunSettings settings, PrintStream log, Progress progress) {
    this.progress = progress;
    this.store = store;
    this.settings = settings;
    this.log = log;
    this.io = new IoCounters(store.fileSystem());
    if (!threads.isCurrentThreadCpuTimeSupported()) {
      throw new IllegalStateException("this JVM cannot measure thread CPU time");
    }
  }

  public List<BenchResult> run(Experiment experiment, List<FormatUnderTest> formats) throws IOException {
    if (formats.isEmpty()) {
      throw new IllegalArgumentException("no formats to run");
    }
    List<Path> dirs = new ArrayList<>();
    for (FormatUnderTest format : formats) {
      progress.start("data " + experiment.dataset().id() + " as " + format.name());
      dirs.add(store.ensureLoaded(experiment.dataset(), format));
      progress.done("");
    }
    List<BenchResult> results = new ArrayList<>();
    int total = experiment.jobs().size() * formats.size();
    long started = System.nanoTime();
    for (BenchJob job : experiment.jobs()) {
      BenchResult reference = null;
      for (int f = 0; f < formats.size(); f++) {
        progress.start(String.format("[%d/%d] %s %s %s", results.size() + 1, total, experiment.name(), job.name(), formats.get(f).name()));
        BenchResult result = measure(experiment, job, formats.get(f), dirs.get(f));
        progress.done(String.format("%.1f ms", result.wallMillis()));
        if (reference == null) {
          reference = result;
        } else if (!result.outcome().agreesWith(reference.outcome())) {
          throw new AnswerMismatchException(String.format(
              "%s/%s: %s answered%n  %s (%d records)%nbut %s answered%n  %s (%d records)",
              experiment.name(), job.name(), result.format(), result.answer(), result.records(),
              reference.format(), reference.answer(), reference.records()));
        }
        log.printf("[%3d/%d %5.0fs] %-8s %-14s %-14s %9.1f ms wall %9.1f ms cpu %,14d bytes read"
                + " (%,d by syscalls)%n",
            results.size() + 1, total, (System.nanoTime() - started) / 1e9, experiment.name(), job.name(),
            result.format(), result.wallMillis(), result.cpuMillis(), result.median().bytesRead(),
            result.median().syscallBytesRead());
        results.add(result);
      }
    }
    return results;
  }

  private BenchResult measure(Experiment experiment, BenchJob job, FormatUnderTest format, Path dir)
      throws IOException {
    var fs = store.fileSystem();
    var schema = experiment.dataset().schema();
    for (int i = 0; i < settings.warmups(); i++) {
      ScanLoop.run(format, fs, dir, schema, job);
    }
    List<Measurement> runs = new ArrayList<>();
    ScanLoop.Outcome first = null;
    for (int i = 0; i < settings.runs(); i++) {
      if (settings.coldCache()) {
        PageCache.drop();
      }
      io.reset();
      long cpu = threads.getCurrentThreadCpuTime();
      long wall = System.nanoTime();
      ScanLoop.Outcome outcome = ScanLoop.run(format, fs, dir, schema, job);
      long wallNanos = System.nanoTime() - wall;
      long cpuNanos = threads.getCurrentThreadCpuTime() - cpu;
      runs.add(new Measurement(wallNanos, cpuNanos, io.bytesRead(), io.syscallBytesRead()));
      if (first == null) {
        first = outcome;
      } else if (!first.equals(outcome)) {
        throw new AnswerMismatchException(format.name() + "/" + job.name()
            + " is not deterministic: " + first + " then " + outcome);
      }
    }
    return new BenchResult(experiment.name(), experiment.dataset().id(), job.name(), format.name(),
        first.records(), format.sizeOnDisk(fs, dir), Measurement.median(runs), first.answer(),
        first.filtered());
  }
}
