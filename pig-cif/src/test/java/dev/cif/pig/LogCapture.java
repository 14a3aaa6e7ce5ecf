package dev.cif.pig;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;

/**
 * Collects warnings and errors logged while it is open. In local mode Pig does not hand a failed task's
 * exception back through its API (no task reports); the reason is what LocalJobRunner logs, which is
 * what a user of local mode reads.
 */
final class LogCapture extends AbstractAppender implements AutoCloseable {
  private final StringBuilder text = new StringBuilder();
  private final LoggerContext context = (LoggerContext) LogManager.getContext(false);

  private LogCapture() {
    super("pig-cif-test-capture", null, null, true, Property.EMPTY_ARRAY);
  }

  static LogCapture open() {
    LogCapture c = new LogCapture();
    c.start();
    c.context.getConfiguration().getRootLogger().addAppender(c, Level.WARN, null);
    c.context.updateLoggers();
    return c;
  }

  @Override
  public synchronized void append(LogEvent e) {
    text.append(e.getMessage().getFormattedMessage()).append('\n');
    for (Throwable t = e.getThrown(); t != null; t = t.getCause()) text.append(t).append('\n');
  }

  synchronized String text() { return text.toString(); }

  @Override
  public void close() {
    context.getConfiguration().getRootLogger().removeAppender(getName());
    context.updateLoggers();
    stop();
  }
}
