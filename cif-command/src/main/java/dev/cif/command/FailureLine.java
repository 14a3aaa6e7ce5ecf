package dev.cif.command;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * The one line a failed command leaves on standard error: the message of the exception that says what went
 * wrong (wrappers without a message of their own are skipped). A host name that does not resolve gets a line of
 * its own, because it is what a client of the one-machine cluster meets when it runs without the cluster's hosts
 * file: named by the exception, or else (HDFS's client gives up on a block without saying why) the first node of
 * the cluster's topology table ({@code net.topology.table.file.name}) that does not resolve.
 */
final class FailureLine {
  static final String TOPOLOGY_TABLE = "net.topology.table.file.name";

  private FailureLine() {}

  static String of(Throwable e, Configuration conf) {
    Optional<String> host = namedHost(e);
    if (host.isEmpty() && conf != null) host = unresolvedNode(conf);
    if (host.isPresent()) {
      return "cannot resolve host " + host.get() + " (a node of `cif cluster start`'s cluster? run with --cluster, or"
          + " --conf DIR where DIR holds its client configuration and hosts file; else check DNS)";
    }
    Throwable t = e;
    while (t.getCause() != null && (t.getMessage() == null || t instanceof UncheckedIOException
        || t instanceof InvocationTargetException)) {
      t = t.getCause();
    }
    return t.getMessage() == null ? t.toString() : t.getMessage();
  }

  /** The host an UnknownHostException in the chain names, also when Hadoop wrapped it into another exception's message. */
  private static Optional<String> namedHost(Throwable e) {
    String marker = "java.net.UnknownHostException: ";
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof UnknownHostException) return Optional.of(hostOf(String.valueOf(t.getMessage())));
      String m = t.getMessage();
      if (m != null && m.contains(marker)) return Optional.of(hostOf(m.substring(m.indexOf(marker) + marker.length())));
    }
    return Optional.empty();
  }

  /** "node1.cif.test/<unresolved>:38385" or "node1.cif.test: Name or service not known": the name. */
  private static String hostOf(String message) {
    return message.trim().split("[\\s:/;,]")[0];
  }

  private static Optional<String> unresolvedNode(Configuration conf) {
    String table = conf.getTrimmed(TOPOLOGY_TABLE, "");
    if (table.isEmpty() || !Files.isRegularFile(Path.of(table))) return Optional.empty();
    try {
      for (String line : Files.readAllLines(Path.of(table), StandardCharsets.UTF_8)) {
        String node = line.trim().split("\\s+")[0];
        if (node.isEmpty() || Character.isDigit(node.charAt(0))) continue;
        try {
          InetAddress.getByName(node);
        } catch (UnknownHostException unresolved) {
          return Optional.of(node);
        }
      }
    } catch (IOException unreadable) {
      return Optional.empty();
    }
    return Optional.empty();
  }
}
