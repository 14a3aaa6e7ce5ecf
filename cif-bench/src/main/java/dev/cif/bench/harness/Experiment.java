package dev.cif.bench.harness;

import dev.cif.bench.data.Dataset;
import java.util.List;

/** One figure or table of the paper: a dataset and the jobs run over it in every format. */
public record Experiment(String name, Dataset dataset, List<BenchJob> jobs) {

  public Experiment {
    jobs = List.copyOf(jobs);
  }
}
