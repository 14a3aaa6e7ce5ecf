package dev.cif.embedded.console;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * The task failures of the MR local jobs run in this JVM. Hive reports a failed job only as "return code 2
 * from MapRedTask" (3 from MapredLocalTask, a map join's hash-table build); the task's exception goes
 * nowhere but LocalJobRunner's log (WARN) or MapredLocalTask's (ERROR), with the throwable. This appender
 * keeps the latest one, so that a failed query can be reported with its cause.
 */
public final class TaskFailureLog extends AbstractAppender {
  static final List<String> LOGGERS =
      List.of("org.apache.hadoop.mapred.LocalJobRunner", "org.apache.hadoop.hive.ql.exec.mr.MapredLocalTask");
  /** Longest part of a cause's message kept (Hive puts the whole row in "error while processing row"). */
  private static final int MAX_MESSAGE = 300;
  private static TaskFailureLog installed;
  private final AtomicReference<Throwable> last = new AtomicReference<>();

  private TaskFailureLog() {
    super("cif-task-failures", null, null, true, Property.EMPTY_ARRAY);
  }

  /** Attaches the one appender of this JVM to those loggers (at WARN, still passed on to the console). */
  public static synchronized TaskFailureLog install() {
    if (installed != null) return installed;
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    Configuration config = context.getConfiguration();
    TaskFailureLog appender = new TaskFailureLog();
    appender.start();
    config.addAppender(appender);
    for (String name : LOGGERS) {
      LoggerConfig logger = config.getLoggerConfig(name);
      if (!logger.getName().equals(name)) {
        logger = new LoggerConfig(name, Level.WARN, true);
        config.addLogger(name, logger);
      }
      logger.addAppender(appender, Level.WARN, null);
    }
    context.updateLoggers();
    installed = appender;
    return appender;
  }

  @Override
  public void append(LogEvent event) {
    if (event.getThrown() != null) last.set(event.getThrown());
  }

  /** The latest task failure since the last call, as its chain of causes; null if there was none. */
  public String take() {
    Throwable t = takeThrowable();
    return t == null ? null : describe(t);
  }

  /** The latest task failure since the last call, itself; null if there was none. */
  public Throwable takeThrowable() {
    return last.getAndSet(null);
  }

  /** "Class: message" of each cause, outermost first, skipping wrappers that only repeat their cause. */
  public static String describe(Throwable t) {
    List<String> parts = new ArrayList<>();
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      String m = c.getMessage();
      if (m != null && c.getCause() != null && m.equals(c.getCause().toString())) continue;
      String line = m == null ? "" : m.split("\n", 2)[0];
      if (line.length() > MAX_MESSAGE) line = line.substring(0, MAX_MESSAGE) + "...";
      parts.add(c.getClass().getSimpleName() + (line.isEmpty() ? "" : ": " + line));
    }
    return String.join(" / caused by ", parts);
  }
}
