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
    return BenchMain.USAGE + "\nResults on stdout, steps and logs in DIR/bench.log (docs/benchmarks.md).";
  }

  @Override
  public int run(ClientConf client, String[] args, PrintStream out) throws Exception {
    BenchMain.main(args);
    return 0;
  }
}
