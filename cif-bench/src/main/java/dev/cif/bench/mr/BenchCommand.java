package dev.cif.bench.mr;

import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import java.io.PrintStream;

/** {@code cif bench}: the benchmarks of {@link BenchMain}. */
public final class BenchCommand implements Command {
  @Override public String name() { return "bench"; }

  @Override public String summary() { return "the paper's benchmarks over CIF and the peer formats (docs/benchmarks.md)"; }

  @Override
  public String help() {
    return "usage: cif bench WORKLOAD [OPTIONS]   (cif bench formats: the formats compared; docs/benchmarks.md: the workloads)";
  }

  @Override
  public int run(ClientConf client, String[] args, PrintStream out) throws Exception {
    BenchMain.main(args);
    return 0;
  }
}
