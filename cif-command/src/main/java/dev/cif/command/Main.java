package dev.cif.command;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The main class bin/cif runs for every command, on that command's classpath: finds the {@link Command}s there,
 * takes {@code --conf DIR} (wherever it stands) and {@code $HADOOP_CONF_DIR} into a {@link ClientConf}, answers
 * {@code cif NAME --help} on standard output with exit status 0, and turns any failure into one line on standard
 * error (the stack trace too with CIF_DEBUG=1). {@code --commands} lists {@code NAME<TAB>SUMMARY} lines: the index
 * bin/cif keeps of which classpath serves which command.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, System.getenv("HADOOP_CONF_DIR"), System.out, System.err));
  }

  /** The commands on this classpath, by name. */
  public static Map<String, Command> commands() {
    Map<String, Command> m = new TreeMap<>();
    for (Command c : ServiceLoader.load(Command.class)) m.putIfAbsent(c.name(), c);
    return m;
  }

  /** Runs {@code cif ARGS}; returns the exit status. */
  public static int run(String[] args, String hadoopConfDir, PrintStream out, PrintStream err) {
    Map<String, Command> commands = commands();
    String first = args.length == 0 ? "--help" : args[0];
    if (first.equals("--commands")) {
      for (Command c : commands.values()) out.println(c.name() + "\t" + c.summary());
      return 0;
    }
    if (first.equals("--help") || first.equals("-h") || first.equals("help")) {
      out.println("usage: cif COMMAND [--conf DIR] [ARGS]   (cif COMMAND --help for its options)");
      for (Command c : commands.values()) out.printf("  %-12s %s%n", c.name(), c.summary());
      return 0;
    }
    Command c = commands.get(first);
    if (c == null) {
      err.println("cif: unknown command " + first + " (cif --help lists the commands)");
      return 2;
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    if (rest.length > 0 && (rest[0].equals("--help") || rest[0].equals("-h"))) {
      out.println(c.help());
      return 0;
    }
    ClientConf client = null;
    try {
      List<String> commandArgs = new ArrayList<>();
      String confDir = null;
      for (int i = 0; i < rest.length; i++) {
        if (rest[i].equals("--conf")) {
          if (i + 1 == rest.length) throw new UsageException("--conf needs a directory");
          confDir = rest[++i];
        } else {
          commandArgs.add(rest[i]);
        }
      }
      client = ClientConf.load(hadoopConfDir, confDir);
      return c.run(client, commandArgs.toArray(new String[0]), out);
    } catch (UsageException e) {
      err.println("cif " + c.name() + ": " + e.getMessage());
      err.println(c.help().lines().findFirst().orElse(""));
      return 2;
    } catch (Exception | LinkageError e) {
      if ("1".equals(System.getenv("CIF_DEBUG"))) e.printStackTrace(err);
      err.println("cif " + c.name() + ": " + FailureLine.of(e, client == null ? null : client.configuration()));
      return 1;
    }
  }
}
