package dev.cif.bench.mr;

import dev.cif.bench.data.Dataset;
import dev.cif.bench.data.SyntheticData;
import dev.cif.bench.data.WideStringData;
import dev.cif.bench.harness.BenchJob;
import dev.cif.bench.harness.DistinctMapValueJob;
import dev.cif.bench.harness.Experiment;
import dev.cif.bench.harness.MapAggregateJob;
import dev.cif.bench.harness.ProjectionScanJob;
import dev.cif.testing.crawl.CrawlData;
import java.util.ArrayList;
import java.util.List;

/** The paper's experiments, each as a dataset plus the jobs its figure or table reports. */
public final class PaperExperiments {

  /** Figure 10's selectivities. */
  public static final List<Integer> SELECTIVITIES = List.of(1, 10, 50, 100);

  private PaperExperiments() {}

  /** By name: {@code fig7}, {@code fig1} (= Table 1), {@code fig10}, {@code fig11}. */
  public static List<Experiment> named(String name, long rows, long seed) {
    return switch (name) {
      case "fig7" -> List.of(figure7(rows, seed));
      case "fig1", "table1" -> List.of(figure1(rows, seed));
      case "fig10" -> List.of(figure10(rows, seed));
      case "fig11" -> figure11(rows, seed);
      default -> throw new IllegalArgumentException("unknown experiment " + name
          + "; known: fig7, fig1 (table1), fig10, fig11");
    };
  }

  /** §6.2 Figure 7: scan one int, one string, the map, or all columns of the synthetic dataset. */
  public static Experiment figure7(long rows, long seed) {
    SyntheticData data = new SyntheticData(seed);
    List<String> all = data.schema().getFields().stream().map(f -> f.name()).toList();
    return new Experiment("fig7", new Dataset(data, rows), List.of(
        new ProjectionScanJob("int", List.of("i0")),
        new ProjectionScanJob("string", List.of("s0")),
        new ProjectionScanJob("map", List.of("m")),
        new ProjectionScanJob("all", all)));
  }

  /** §6.3 Table 1 with the Figure 1 job: distinct content-types of ibm.com/jp pages. */
  public static Experiment figure1(long rows, long seed) {
    return new Experiment("fig1", new Dataset(new CrawlData(seed), rows),
        List.of(DistinctMapValueJob.figure1()));
  }

  /** Appendix B.4 Figure 10: aggregate one map key under predicates of 1/10/50/100% selectivity. */
  public static Experiment figure10(long rows, long seed) {
    SyntheticData data = new SyntheticData(seed);
    List<BenchJob> jobs = new ArrayList<>();
    for (int percent : SELECTIVITIES) {
      jobs.add(new MapAggregateJob("s0", percent, "m", data.aggregationKey()));
    }
    return new Experiment("fig10", new Dataset(data, rows), jobs);
  }

  /**
   * Appendix B.5 Figure 11: 20, 40 and 80 string columns; scan 1 column, 10% of them, or all. The paper
   * held the data size constant across widths, so {@code rows} is the row count of the 20-column dataset
   * and wider datasets get proportionally fewer rows.
   */
  public static List<Experiment> figure11(long rows, long seed) {
    List<Experiment> experiments = new ArrayList<>();
    int narrowest = WideStringData.PAPER_WIDTHS.get(0);
    for (int width : WideStringData.PAPER_WIDTHS) {
      WideStringData data = new WideStringData(seed, width);
      experiments.add(new Experiment("fig11-" + width, new Dataset(data, Math.max(1, rows * narrowest / width)),
          List.of(
              new ProjectionScanJob("1col", data.columnNames(1)),
              new ProjectionScanJob("10%", data.columnNames(width / 10)),
              new ProjectionScanJob("all", data.columnNames(width)))));
    }
    return experiments;
  }
}
