package dev.cif.bench.mr;

import dev.cif.embedded.console.EngineLog;
import dev.cif.embedded.console.Progress;
import dev.cif.testing.crawl.CrawlData;
import dev.cif.bench.data.Dataset;
import dev.cif.bench.data.SyntheticData;
import dev.cif.bench.data.WideStringData;
import dev.cif.bench.harness.BarChart;
import dev.cif.bench.harness.BenchResult;
import dev.cif.bench.harness.BenchRunner;
import dev.cif.bench.harness.DatasetStore;
import dev.cif.bench.harness.Experiment;
import dev.cif.bench.harness.ForklessLocalFileSystem;
import dev.cif.bench.harness.FormatUnderTest;
import dev.cif.bench.harness.ResultTable;
import dev.cif.bench.harness.RunSettings;
import dev.cif.testing.rows.RowGenerator;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Command-line entry point.
 *
 * <pre>
 * generate crawl|synthetic|wide20|wide40|wide80 --rows N --out DIR [--seed S] [--format NAME[,NAME]]
 * run fig7|fig1|fig10|fig11|all --rows N --dir DIR [--runs K=3] [--warmups W=2] [--seed S]
 *     [--formats NAME,...] [--baseline NAME] [--md FILE] [--csv FILE] [--png FILE]
 * paper [--scale X=1] [--dir DIR] [--out DIR=docs/bench/paper] [--runs K=5] [--warmups W=1] [--cold true|false]
 *       [--only fig1,fig1-100k,fig7,fig10,fig11]
 * formats
 * </pre>
 *
 * Data goes to {@code DIR/<dataset>-<rows>r-s<seed>/<format>} and is reused by later runs.
 */
public final class BenchMain {

  static final long DEFAULT_SEED = 20110101L;
  /** Two untimed passes per job and format: one left the first timed run of a scan still JIT-bound. */
  static final int DEFAULT_WARMUPS = 2;
  static final int DEFAULT_RUNS = 3;
  /** The paper's io.file.buffer.size (§6.2). */
  static final int IO_BUFFER_BYTES = 128 * 1024;

  /** Results: tables, and the paths of what was written. */
  private final PrintStream out;
  /** Steps: each load and measurement, a line each. */
  private final PrintStream log;
  private final Progress progress;

  /** Results on {@code out}, steps on standard error, no progress line. */
  BenchMain(PrintStream out) {
    this(out, System.err, Progress.logOnly(null));
  }

  BenchMain(PrintStream out, PrintStream log, Progress progress) {
    this.out = out;
    this.log = log;
    this.progress = progress;
  }

  /**
   * Standard output carries the results alone. The steps, the data loads and every library's log go to
   * bench.log in the command's data directory (its path printed once, on standard error); a terminal gets
   * a progress line.
   */
  public static void main(String[] args) throws IOException {
    System.setProperty("java.awt.headless", "true");
    if (args.length == 0 || args[0].equals("formats")) {
      run(args, System.out, System.out, Progress.logOnly(null), System.err);
      return;
    }
    EngineLog engineLog = EngineLog.to(new File(dataDirectory(args), "bench.log"), "cif bench");
    try (Progress progress = Progress.on(engineLog.terminal(), null)) {
      run(args, engineLog.results(), System.out, progress, engineLog.terminal());
    }
    engineLog.results().flush();
  }

  private static void run(String[] args, PrintStream out, PrintStream log, Progress progress, PrintStream errors) throws IOException {
    try {
      new BenchMain(out, log, progress).execute(args);
    } catch (IllegalArgumentException e) {
      progress.close();
      errors.println("error: " + e.getMessage());
      errors.println(usage());
      System.exit(2);
    }
  }

  /** Where a command keeps its data (--dir, or generate's --out), and so its log. */
  static File dataDirectory(String[] args) {
    for (int i = 1; i + 1 < args.length; i++) {
      if (args[i].equals("--dir") || args[0].equals("generate") && args[i].equals("--out")) return new File(args[i + 1]);
    }
    return new File(args[0].equals("paper") ? PAPER_DIR : ENCODINGS_DIR);
  }

  static final String PAPER_DIR = "/tmp/cifbench-data";
  static final String ENCODINGS_DIR = System.getProperty("java.io.tmpdir") + "/cif-encodings";

  /** The usage without the list of formats; a compile-time constant, so that cif bench --help loads nothing. */
  static final String USAGE = "usage: cif bench generate crawl|synthetic|wide20|wide40|wide80 --rows N --out DIR"
      + " [--seed S] [--format NAME,...]\n"
      + "       cif bench run fig7|fig1|fig10|fig11|all --rows N --dir DIR [--runs K] [--warmups W]"
      + " [--seed S] [--formats NAME,...] [--baseline NAME] [--md FILE] [--csv FILE] [--png FILE]\n"
      + "       cif bench paper [--scale X] [--dir DIR] [--out DIR] [--runs K] [--warmups W] [--seed S]"
      + " [--cold true|false] [--only NAME,...] [--full true]   every table and chart of docs/bench/mapreduce.md"
      + " (--full, or --only for its tables: every format and cold pass, not the 20-minute default set)\n"
      + "       cif bench formats   the formats compared\n"
      + "       cif bench encodings [--rows N] [--runs K] [--dir DIR]   string, integer and decimal encodings for batch reads";

  static String usage() {
    return USAGE + "\nformats: " + String.join(", ", Formats.names());
  }

  void execute(String[] args) throws IOException {
    if (args.length == 0) {
      throw new IllegalArgumentException("no command");
    }
    switch (args[0]) {
      case "generate" -> generate(new BenchArgs(args, 1, Set.of("rows", "out", "seed", "format")));
      case "run" -> run(new BenchArgs(args, 1, Set.of("rows", "dir", "runs", "warmups", "seed", "formats",
          "baseline", "md", "csv", "png")));
      case "paper" -> paper(new BenchArgs(args, 1, Set.of("scale", "dir", "out", "runs", "warmups", "seed",
          "cold", "only", "full")));
      case "formats" -> Formats.names().forEach(out::println);
      case "encodings" -> encodings(new BenchArgs(args, 1, Set.of("rows", "runs", "dir")));
      default -> throw new IllegalArgumentException("unknown command " + args[0]);
    }
  }

  private void encodings(BenchArgs args) throws IOException {
    java.nio.file.Path dir = java.nio.file.Path.of(args.get("dir", ENCODINGS_DIR));
    java.nio.file.Files.createDirectories(dir);
    new dev.cif.bench.encodings.EncodingBench(new org.apache.hadoop.fs.Path(dir.toUri()), (int) args.number("rows", 1_000_000),
        (int) args.number("runs", 5), out).run();
  }

  private void generate(BenchArgs args) throws IOException {
    String kind = single(args.positional(), "dataset");
    long seed = args.number("seed", DEFAULT_SEED);
    Dataset dataset = new Dataset(generator(kind, seed), args.number("rows", 0));
    DatasetStore store = store(args.required("out"));
    for (FormatUnderTest format : Formats.named(args.list("format", Formats.names()))) {
      Path dir = store.ensureLoaded(dataset, format);
      out.println(dir);
    }
  }

  static RowGenerator generator(String kind, long seed) {
    if (kind.startsWith("wide")) {
      return new WideStringData(seed, Integer.parseInt(kind.substring("wide".length())));
    }
    return switch (kind) {
      case "crawl" -> new CrawlData(seed);
      case "synthetic" -> new SyntheticData(seed);
      default -> throw new IllegalArgumentException("unknown dataset " + kind);
    };
  }

  private void run(BenchArgs args) throws IOException {
    String which = single(args.positional(), "experiment");
    long rows = args.number("rows", 0);
    long seed = args.number("seed", DEFAULT_SEED);
    if (rows <= 0) {
      throw new IllegalArgumentException("--rows must be positive");
    }
    List<Experiment> experiments = new ArrayList<>();
    for (String name : which.equals("all") ? List.of("fig7", "fig1", "fig10", "fig11") : List.of(which)) {
      experiments.addAll(PaperExperiments.named(name, rows, seed));
    }
    List<FormatUnderTest> formats = Formats.named(args.list("formats", Formats.names()));
    String baseline = args.get("baseline", Formats.names().contains("seq-custom") ? "seq-custom"
        : formats.get(0).name());
    RunSettings settings = new RunSettings(
        (int) args.number("warmups", DEFAULT_WARMUPS), (int) args.number("runs", DEFAULT_RUNS), baseline);
    String loadBefore = dev.cif.bench.harness.RunConditions.loadAverage();
    BenchRunner runner = new BenchRunner(store(args.required("dir")), settings, log, progress);
    List<BenchResult> results = new ArrayList<>();
    for (Experiment experiment : experiments) {
      results.addAll(runner.run(experiment, formats));
    }
    ResultTable table = new ResultTable(results, baseline);
    String conditions = dev.cif.bench.harness.RunConditions.line(loadBefore);
    out.println();
    out.println(conditions);
    table.printText(out);
    String md = args.get("md", null);
    if (md != null) {
      Files.writeString(new File(md).toPath(), conditions + "\n\n" + table.markdown(), StandardCharsets.UTF_8);
    }
    String csv = args.get("csv", null);
    if (csv != null) {
      try (Writer writer = Files.newBufferedWriter(new File(csv).toPath(), StandardCharsets.UTF_8)) {
        table.writeCsv(writer);
      }
    }
    String png = args.get("png", null);
    if (png != null) {
      BarChart.of(which + ": scan time (median of " + settings.runs() + ")", "wall time (ms)", results,
          BenchResult::wallMillis).write(new File(png));
    }
  }

  private void paper(BenchArgs args) throws IOException {
    double scale = Double.parseDouble(args.get("scale", "1"));
    if (!(scale > 0)) {
      throw new IllegalArgumentException("--scale must be positive");
    }
    new PaperRun(out, log, progress, store(args.get("dir", PAPER_DIR)), new File(args.get("out", "docs/bench/paper")),
        scale, args.number("seed", DEFAULT_SEED), (int) args.number("runs", 5),
        (int) args.number("warmups", 1)).execute(Boolean.parseBoolean(args.get("cold", "true")),
        args.get("only", "").isEmpty() ? Set.of() : Set.of(args.get("only", "").split(",")),
        Boolean.parseBoolean(args.get("full", "false")));
  }

  private DatasetStore store(String dir) throws IOException {
    Configuration conf = ForklessLocalFileSystem.configure(new Configuration());
    conf.setInt("io.file.buffer.size", IO_BUFFER_BYTES);
    // newInstance, not the cached getLocal: the cache would ignore this configuration if already filled.
    FileSystem fs = FileSystem.newInstanceLocal(conf);
    return new DatasetStore(fs, fs.makeQualified(new Path(new File(dir).getAbsolutePath())), log);
  }

  private static String single(List<String> positional, String what) {
    if (positional.size() != 1) {
      throw new IllegalArgumentException("expected one " + what + ", got " + positional);
    }
    return positional.get(0);
  }
}
