package dev.cif.embedded.hive;

import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import dev.cif.embedded.hive.HiveShell;
import java.io.PrintStream;

/** {@code cif hive}: {@link HiveShell}, on the cluster of {@code --conf DIR} when one is given. */
public final class HiveCommand implements Command {
  @Override public String name() { return "hive"; }

  @Override public String summary() { return "HiveQL on embedded Hive with STORED AS CIF (a prompt without -e/-f)"; }

  @Override
  public String help() {
    return "usage: cif hive [-e 'SQL; ...' | -f FILE] [--warehouse DIR] [--engine tez|mr] [--header] [--conf DIR | --cluster]"
        + " [--hive 4.1|4.2]\n"
        + "  -e SQL / -f FILE  statements to run (without them: a prompt)\n"
        + "  --warehouse DIR   keep the metastore and tables in DIR between runs (default: a temporary directory)\n"
        + "  --engine tez|mr   Tez local (default) or MapReduce local\n"
        + "  --header          a line of column names before the rows\n"
        + "  --conf DIR        run the jobs on the cluster whose client configuration is in DIR (--cluster: cif cluster start's)\n"
        + "  --hive 4.2        Hive 4.2 on JDK 21 instead of Hive 4.1 on JDK 17";
  }

  @Override
  public int run(ClientConf client, String[] args, PrintStream out) throws Exception {
    // The shell sends the engines' output to its log file and exits with the statements' status.
    HiveShell.main(client.withConfOption(args));
    return 0;
  }
}
