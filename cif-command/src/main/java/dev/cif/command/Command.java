package dev.cif.command;

import java.io.PrintStream;

/**
 * A command of {@code bin/cif}: what a module contributes to the command line, registered once, in its
 * {@code META-INF/services/dev.cif.command.Command}. {@link Main} finds the commands on its classpath with
 * {@link java.util.ServiceLoader}, answers {@code --help} from {@link #help()}, and turns a failure into one
 * line. An implementation is a small class that calls its module's entry point; it names the module's
 * classes only inside {@link #run}, so that listing the commands loads nothing heavy.
 */
public interface Command {
  /** The word after {@code cif}, e.g. {@code meta}. */
  String name();

  /** One line: what the command does (the command list shows it). */
  String summary();

  /** The usage line(s) and options; {@code cif NAME --help} prints it on standard output. */
  String help();

  /**
   * Runs the command; returns the exit status (0 ok, 2 a usage error, other values as the help says).
   * Results go to {@code out}. A {@link UsageException} or any other exception thrown here reaches the user
   * as one line on standard error.
   */
  int run(ClientConf client, String[] args, PrintStream out) throws Exception;
}
