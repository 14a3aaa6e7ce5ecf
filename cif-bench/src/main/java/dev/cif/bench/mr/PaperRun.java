package dev.cif.bench.mr;

import dev.cif.bench.harness.BarChart;
import dev.cif.bench.harness.BenchResult;
import dev.cif.bench.harness.BenchRunner;
import dev.cif.bench.harness.DatasetStore;
import dev.cif.bench.harness.Experiment;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.LoadResult;
import dev.cif.bench.harness.LoadTable;
import dev.cif.bench.harness.LoadTimer;
import dev.cif.bench.harness.PageCache;
import dev.cif.bench.harness.ResultTable;
import dev.cif.bench.harness.RunConditions;
import dev.cif.bench.harness.RunSettings;
import dev.cif.embedded.console.Progress;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code bench paper}: every table and chart of docs/benchmarks.md in one command. Each experiment runs
 * on its own format list (the SEQ/CIF rows the paper shows plus every registered peer format) with its
 * own baseline, and writes {@code <name>.md}, {@code .csv} and {@code .png} into the output directory;
 * Table 2 (load times) goes to {@code table2.md}. At {@code scale} 1 it must finish within 20 minutes
 * on a 2-core machine; row counts grow linearly with the scale.
 */
final class PaperRun {

  /**
   * One experiment of the run: which paper experiment, the name its outputs get, rows at scale 1, the
   * formats to show, the formats only the full run adds, the baseline of its ratios, when it is
   * repeated with a cold page cache, and the fewest warm-ups it takes (more than the run's for a table
   * measured at steady state, after the JIT has compiled every format's scan loop).
   */
  private record Plan(String experiment, String output, long rows, List<String> formats, List<String> fullOnly,
      String baseline, Cold cold, int minWarmups) {

    Plan(String experiment, String output, long rows, List<String> formats, List<String> fullOnly, String baseline, Cold cold) {
      this(experiment, output, rows, formats, fullOnly, baseline, cold, 0);
    }

    /** The full run ({@code --full}, or {@code --only} naming this table) shows every format of the plan. */
    List<String> formats(boolean full) {
      return full ? concat(formats, fullOnly) : formats;
    }
  }

  /** Whether a plan gets a cold-cache pass: never, in every run, or only in the full run. */
  private enum Cold { NEVER, ALWAYS, FULL }

  private static final List<String> PEERS = List.of("orc", "orc-zlib", "parquet", "parquet-zstd",
      "rcfile", "rcfile-zlib", "avro", "avro-deflate", "text-json");
  /** ORC and Parquet in their recommended and best-compressed configurations, with and without row filters. */
  private static final List<String> COLUMN_PEERS = List.of("orc", "orc-zlib", "orc-nofilter", "parquet",
      "parquet-zstd", "parquet-nofilter");
  /** CIF-DCSL uncompressed and with each block codec, against the compressed peers (Table 1 target). */
  private static final List<String> CIF_DCSL = List.of("cif-dcsl", "cif-dcsl-lz4", "cif-dcsl-zstd",
      "cif-dcsl-zlib", "cif-dcsl-nofilter");
  private static final List<String> CIF_DCSL_COMPRESSED = CIF_DCSL.subList(1, CIF_DCSL.size() - 1);
  /** Warm-ups of the 100,000-row Table 1, the target's table: each format's scan at steady state. */
  static final int TABLE1_WARMUPS = 20;
  /** The costliest formats to scan (every field parsed or inflated per row). */
  private static final List<String> SLOW_ROW_FORMATS = List.of("rcfile-zlib", "avro-deflate", "text-json");
  /** Row formats' compressed variants; their uncompressed variants stand for them in the default run. */
  private static final List<String> COMPRESSED_ROW_FORMATS = SLOW_ROW_FORMATS.subList(0, 2);

  /** Results: the tables, and where the files went. */
  private final PrintStream out;
  /** Steps: which table runs now, each measurement and load. */
  private final PrintStream log;
  private final Progress progress;
  private final DatasetStore store;
  private final File outDir;
  private final double scale;
  private final long seed;
  private final int runs;
  private final int warmups;

  PaperRun(PrintStream out, PrintStream log, Progress progress, DatasetStore store, File outDir, double scale, long seed,
      int runs, int warmups) {
    this.out = out;
    this.log = log;
    this.progress = progress;
    this.store = store;
    this.outDir = outDir;
    this.scale = scale;
    this.seed = seed;
    this.runs = runs;
    this.warmups = warmups;
  }

  /**
   * The default run must fit 20 minutes on the shared 2-core machine, so it leaves out what costs the
   * most and shows the least (each still in the full run): the Figure 7 cold-cache pass (a fifth of the
   * previous run's wall time, waiting on the disk); the slowest row formats (text-json, avro-deflate,
   * rcfile-zlib) in Figures 10 and 11, where the experiments are about skipping within columnar formats
   * and about width; the compressed row formats in Figure 7 (Avro and RCFile uncompressed, and text,
   * stay); and at 20,000 rows the compressed CIF-DCSL variants, which the 100,000-row Table 1 measures.
   * Table 1 at 20,000 rows keeps every format.
   */
  private static List<Plan> plans() {
    return List.of(
        new Plan("fig1", "fig1", 20_000, concat(List.of("seq-uncomp", "seq-custom", "cif", "cif-zlib", "cif-sl",
            "cif-dcsl", "cif-dcsl-nofilter"), PEERS, List.of("orc-nofilter", "parquet-nofilter")), CIF_DCSL_COMPRESSED, "seq-custom",
            Cold.ALWAYS),
        // Table 1 again on 5x the rows, CIF and the columnar peers only: at 20,000 rows fixed per-scan costs
        // (split planning, footers, opening files) are a large share of a 20-40 ms scan.
        new Plan("fig1", "fig1-100k", 100_000, concat(List.of("cif-sl"), CIF_DCSL, COLUMN_PEERS), List.of(), "orc",
            Cold.NEVER, TABLE1_WARMUPS),
        new Plan("fig7", "fig7", 150_000, concat(List.of("seq-uncomp", "cif", "cif-lz4", "cif-sl"),
            without(CIF_DCSL, List.of("cif-dcsl-nofilter")),
            without(PEERS, COMPRESSED_ROW_FORMATS)), COMPRESSED_ROW_FORMATS, "seq-uncomp", Cold.FULL),
        new Plan("fig10", "fig10", 150_000, concat(List.of("seq-uncomp", "cif-sl-eager", "cif-sl", "cif-dcsl",
            "cif-dcsl-nofilter", "cif-dcsl-lz4"), COLUMN_PEERS, List.of("rcfile", "avro")), SLOW_ROW_FORMATS, "cif-sl-eager", Cold.NEVER),
        new Plan("fig11", "fig11", 50_000, concat(List.of("seq-uncomp", "cif", "cif-sl", "cif-zstd"),
            without(PEERS, SLOW_ROW_FORMATS)), SLOW_ROW_FORMATS, "seq-uncomp", Cold.NEVER));
  }

  /**
   * Runs every plan, or with {@code only} non-empty just the plans of those output names (to regenerate
   * one table with all of its formats; Table 2 goes with fig7). {@code full} runs every plan with all of
   * its formats and cold passes.
   */
  void execute(boolean cold, Set<String> only, boolean full) throws IOException {
    long start = System.nanoTime();
    Files.createDirectories(outDir.toPath());
    List<String> registered = Formats.names();
    Set<String> known = plans().stream().map(Plan::output).collect(Collectors.toSet());
    if (!known.containsAll(only)) {
      throw new IllegalArgumentException("--only names unknown tables " + only + "; known: " + known);
    }
    List<Plan> plans = plans().stream().filter(p -> only.isEmpty() || only.contains(p.output())).toList();
    for (Plan plan : plans) {
      long rows = Math.max(1, Math.round(plan.rows() * scale));
      List<Experiment> experiments = PaperExperiments.named(plan.experiment(), rows, seed);
      List<FormatUnderTest> formats = Formats.named(
          plan.formats(full || only.contains(plan.output())).stream().filter(registered::contains).toList());
      if (plan.output().equals("fig7")) {
        table2(experiments.get(0), formats);
      }
      log.printf("== %s: %,d rows, %d formats (%.0f s so far)%n", plan.output(), rows, formats.size(),
          (System.nanoTime() - start) / 1e9);
      report(plan.output(), experiments, formats, new RunSettings(Math.max(warmups, plan.minWarmups()), runs, plan.baseline()));
    }
    if (cold) {
      if (!PageCache.canDrop()) {
        out.println("cold-cache runs skipped: this process cannot write /proc/sys/vm/drop_caches");
      } else {
        for (Plan plan : plans) {
          boolean planFull = full || only.contains(plan.output());
          if (plan.cold() == Cold.NEVER || plan.cold() == Cold.FULL && !planFull) {
            continue;
          }
          long rows = Math.max(1, Math.round(plan.rows() * scale));
          List<FormatUnderTest> formats = Formats.named(
              plan.formats(planFull).stream().filter(registered::contains).toList());
          log.printf("== %s cold cache (page cache dropped before every timed run)%n", plan.output());
          report(plan.output() + "-cold", PaperExperiments.named(plan.experiment(), rows, seed), formats,
              new RunSettings(Math.min(1, warmups), Math.min(3, runs), plan.baseline(), true));
        }
      }
    }
    out.printf("done in %.0f s; tables and charts in %s%n", (System.nanoTime() - start) / 1e9, outDir);
  }

  private void table2(Experiment experiment, List<FormatUnderTest> formats) throws IOException {
    log.printf("== table2: load times of %s%n", experiment.dataset().id());
    String loadBefore = RunConditions.loadAverage();
    List<LoadResult> loads = new LoadTimer(store, log).run(experiment.dataset(), formats);
    Files.writeString(new File(outDir, "table2.md").toPath(),
        RunConditions.line(loadBefore) + "\n\n" + new LoadTable(loads).markdown(), StandardCharsets.UTF_8);
  }

  private void report(String name, List<Experiment> experiments, List<FormatUnderTest> formats,
      RunSettings settings) throws IOException {
    String loadBefore = RunConditions.loadAverage();
    BenchRunner runner = new BenchRunner(store, settings, log, progress);
    List<BenchResult> results = new ArrayList<>();
    for (Experiment experiment : experiments) {
      results.addAll(runner.run(experiment, formats));
    }
    ResultTable table = new ResultTable(results, settings.baseline());
    table.printText(out);
    String conditions = RunConditions.line(loadBefore);
    out.println(conditions);
    Files.writeString(new File(outDir, name + ".md").toPath(), conditions + "\n\n" + table.markdown(),
        StandardCharsets.UTF_8);
    try (Writer writer = Files.newBufferedWriter(new File(outDir, name + ".csv").toPath(),
        StandardCharsets.UTF_8)) {
      table.writeCsv(writer);
    }
    // Wall time as the paper reports it; CPU time, the measure a shared machine does not distort; bytes read.
    String median = " (median of " + settings.runs() + ")";
    BarChart.of(name + ": scan time" + median, "wall time (ms)", results, BenchResult::wallMillis)
        .write(new File(outDir, name + ".png"));
    BarChart.of(name + ": scanning thread's CPU time" + median, "CPU time (ms)", results, BenchResult::cpuMillis)
        .write(new File(outDir, name + "-cpu.png"));
    BarChart.of(name + ": bytes read" + median, "read (MB)",
        results, r -> Math.max(r.median().bytesRead(), r.median().syscallBytesRead()) / (double) (1 << 20))
        .write(new File(outDir, name + "-read.png"));
  }

  private static List<String> without(List<String> formats, List<String> left) {
    return formats.stream().filter(f -> !left.contains(f)).toList();
  }

  @SafeVarargs
  private static List<String> concat(List<String>... lists) {
    List<String> all = new ArrayList<>();
    for (List<String> list : lists) {
      all.addAll(list);
    }
    return all;
  }
}
