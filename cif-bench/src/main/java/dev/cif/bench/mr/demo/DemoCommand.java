package dev.cif.bench.mr.demo;

import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import java.io.PrintStream;

/** {@code cif demo}: {@link Figure1Demo}. */
public final class DemoCommand implements Command {
  @Override public String name() { return "demo"; }

  @Override public String summary() { return "the paper's Figure 1 job on crawl data stored as SequenceFile and as CIF"; }

  @Override
  public String help() {
    return "usage: cif demo [--rows N] [--dir DIR]\n"
        + "  --rows N   rows of the generated crawl (default 20000)\n"
        + "  --dir DIR  where the data goes (default target/cif-demo)";
  }

  @Override
  public int run(ClientConf client, String[] args, PrintStream out) throws Exception {
    return Figure1Demo.run(client.configuration(), args, out);
  }
}
