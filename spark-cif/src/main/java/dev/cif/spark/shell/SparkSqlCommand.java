package dev.cif.spark.shell;

import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import java.io.PrintStream;

/** {@code cif spark-sql}: {@link SparkSqlShell}, Spark SQL on a local session with CIF's extensions. */
public final class SparkSqlCommand implements Command {
  @Override public String name() { return "spark-sql"; }

  @Override public String summary() { return "Spark SQL on a local session with format(\"cif\") and CIF's map-key pushdown"; }

  @Override
  public String help() {
    return SparkSqlShell.USAGE + "\n"
        + "  -e SQL / -f FILE  statements to run, separated by ';'\n"
        + "  --warehouse DIR   where CREATE TABLE ... USING cif without LOCATION puts its data, and the log\n"
        + "                    (default ~/.cache/cif/spark-sql); the catalog lasts one run: name a table's LOCATION to keep it\n"
        + "  --header          a line of column names before each statement's rows\n"
        + "Runs on local[*]. Rows go to standard output, tab-separated (NULL for null); Spark's log goes to\n"
        + "DIR/cif-spark-sql.log; a failed statement is one line on standard error, exit status 1.";
  }

  @Override
  public int run(ClientConf client, String[] args, PrintStream out) throws Exception {
    return SparkSqlShell.run(args, out, System.err);
  }
}
