package dev.cif.embedded.pig;

import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import dev.cif.embedded.pig.PigShell;
import java.io.PrintStream;

/** {@code cif pig}: {@link PigShell}, in MapReduce mode on the cluster of {@code --conf DIR} when one is given. */
public final class PigCommand implements Command {
  @Override public String name() { return "pig"; }

  @Override public String summary() { return "Pig Latin with CifLoader/CifStorer (local mode, or on a cluster with --conf)"; }

  @Override
  public String help() {
    return "usage: cif pig -e 'STATEMENTS' | -f SCRIPT [--conf DIR | --cluster]\n"
        + "  --conf DIR  MapReduce mode on the cluster whose client configuration is in DIR (--cluster: cif cluster start's)";
  }

  @Override
  public int run(ClientConf client, String[] args, PrintStream out) throws Exception {
    // The shell sends the engines' output to its log file and exits with the script's status.
    PigShell.main(client.withConfOption(args));
    return 0;
  }
}
