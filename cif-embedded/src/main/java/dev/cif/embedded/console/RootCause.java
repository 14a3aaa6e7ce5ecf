package dev.cif.embedded.console;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one line a failed statement or script ends with: what actually broke, not the engine's wrapper.
 * Hive says "return code 2 from ...MapRedTask" or "...TezTask"; the cause is either an exception a task
 * logged (MapReduce local: {@link TaskFailureLog}) or text inside Hive's message (Tez puts the failed
 * task's diagnostics, stack trace included, into the error). The innermost cause is the one named; for
 * CIF's own errors that is e.g. {@code checksum mismatch [file ..., column m, offset ...]}.
 */
public final class RootCause {
  /** "Caused by: some.Class: message" lines of a stack trace printed into a message. */
  private static final Pattern CAUSED_BY = Pattern.compile("Caused by: ([\\w.$]+)(?::\\s*([^\\n]*))?");
  private static final int MAX = 400;

  private RootCause() {}

  /**
   * One line naming the root cause of {@code error}, or of {@code taskFailure} when a task logged one
   * (it is where the cause is then; Hive's own exception only wraps a return code).
   */
  public static String of(Throwable error, Throwable taskFailure) {
    if (taskFailure != null) return innermost(taskFailure);
    String inText = lastCausedBy(fullText(error));
    return inText != null ? inText : innermost(error);
  }

  /** "SimpleClassName: message" of the innermost cause that has a message. */
  static String innermost(Throwable t) {
    Throwable named = t;
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c.getMessage() != null && !c.getMessage().isBlank()) named = c;
    }
    String inText = lastCausedBy(String.valueOf(named.getMessage()));
    return inText != null ? inText : line(named.getClass().getSimpleName(), named.getMessage());
  }

  private static String fullText(Throwable t) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) b.append(c.getMessage()).append('\n');
    return b.toString();
  }

  private static String lastCausedBy(String text) {
    Matcher m = CAUSED_BY.matcher(text);
    String found = null;
    while (m.find()) {
      String cls = m.group(1);
      found = line(cls.substring(cls.lastIndexOf('.') + 1), m.group(2));
    }
    return found;
  }

  private static String line(String cls, String message) {
    String m = message == null ? "" : message.split("\n", 2)[0].trim();
    if (m.length() > MAX) m = m.substring(0, MAX) + "...";
    return m.isEmpty() ? cls : cls + ": " + m;
  }
}
