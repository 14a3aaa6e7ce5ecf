package dev.cif.placement;

import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import java.io.PrintStream;

/** {@code cif placement}: {@link PlacementTool} on the file system of the client configuration. */
public final class PlacementCommand implements Command {
  @Override public String name() { return "placement"; }

  @Override public String summary() {
    return "checks or repairs split-directory co-location in HDFS; the NameNode cost model";
  }

  @Override
  public String help() {
    return "usage: cif placement check|repair PATH [--conf DIR | --cluster]\n"
        + "       cif placement cost [--table-tib N] [--columns N] [--block-mib N]\n"
        + "cost prints NameNode objects and heap of a table as CIF, ORC and Parquet"
        + " (default: 1024 TiB, 50 columns, 128 MiB blocks).\n"
        + "Exit status 0: every split-directory under PATH is co-located on every replica; 1: some are not; 2: usage or I/O error.";
  }

  @Override
  public int run(ClientConf client, String[] args, PrintStream out) {
    return PlacementTool.run(client.configuration(), args, out);
  }
}
