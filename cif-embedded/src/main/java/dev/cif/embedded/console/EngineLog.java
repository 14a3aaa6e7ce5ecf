package dev.cif.embedded.console;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;

/**
 * Where a command's engines write: Hive, Tez, Hadoop and Pig log through log4j2 and also print to
 * System.out and System.err (Tez local's "Running Dag", Hive's "Status: Running" and stack traces). A
 * command that prints results on standard output sends all of that to one log file, and keeps the
 * process's real standard output for results and its real standard error for progress and the one line
 * that names a failure. The log's path is printed once, on standard error.
 */
public final class EngineLog {
  /** The system property the log4j2 configuration (cif-engine-log4j2.xml) reads the file name from. */
  static final String FILE_PROPERTY = "dev.cif.engine.log";

  private final File file;
  private final PrintStream results;
  private final PrintStream terminal;

  private EngineLog(File file, PrintStream results, PrintStream terminal) {
    this.file = file;
    this.results = results;
    this.terminal = terminal;
  }

  /**
   * Sends log4j2's output, System.out and System.err to {@code file} (appended to) from now on; call first
   * thing in a command's main, before an engine prints. Says where on the real standard error.
   */
  public static EngineLog to(File file, String command) throws IOException {
    File f = file.getAbsoluteFile();
    f.getParentFile().mkdirs();
    PrintStream results = System.out;
    PrintStream terminal = System.err;
    System.setProperty(FILE_PROPERTY, f.getPath());
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    try {
      context.setConfigLocation(EngineLog.class.getResource("/cif-engine-log4j2.xml").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    PrintStream log = new PrintStream(new FileOutputStream(f, true), true, StandardCharsets.UTF_8);
    System.setOut(log);
    System.setErr(log);
    terminal.println(command + ": engine log in " + f);
    return new EngineLog(f, results, terminal);
  }

  public File file() { return file; }

  /** The process's standard output, for results only. */
  public PrintStream results() { return results; }

  /** The process's standard error: progress, and the line that names a failure. */
  public PrintStream terminal() { return terminal; }
}
