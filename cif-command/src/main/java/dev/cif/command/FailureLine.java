package dev.cif.command;

import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.UnknownHostException;

/**
 * The one line a failed command leaves on standard error: the message of the exception that says what went
 * wrong (wrappers without a message of their own are skipped). A host name that does not resolve gets a line of
 * its own, because it is what a client of the one-machine cluster meets when it runs without the cluster's hosts
 * file.
 */
final class FailureLine {
  private FailureLine() {}

  static String of(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String host = unresolvedHost(t);
      if (host != null) {
        return "cannot resolve host " + host + " (a node of `cif cluster start`'s cluster? run with --cluster, or"
            + " --conf DIR where DIR holds its client configuration and hosts file; else check the name in DIR's"
            + " *-site.xml and DNS)";
      }
    }
    Throwable t = e;
    while (t.getCause() != null && (t.getMessage() == null || t instanceof UncheckedIOException
        || t instanceof InvocationTargetException)) {
      t = t.getCause();
    }
    return t.getMessage() == null ? t.toString() : t.getMessage();
  }

  /** The host name an UnknownHostException names, also when Hadoop wrapped it into another exception's message. */
  private static String unresolvedHost(Throwable t) {
    if (t instanceof UnknownHostException) return t.getMessage() == null ? "(unnamed)" : t.getMessage().split(":")[0].trim();
    String m = t.getMessage();
    String marker = "java.net.UnknownHostException: ";
    if (m == null || !m.contains(marker)) return null;
    String rest = m.substring(m.indexOf(marker) + marker.length());
    return rest.split("[\\s:;,]")[0];
  }
}
