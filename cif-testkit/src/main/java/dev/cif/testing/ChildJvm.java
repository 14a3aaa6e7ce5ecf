package dev.cif.testing;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The start of a command line for a JVM a test starts (a shell, a benchmark client, {@code bin/cif}'s main): this
 * JVM's java, then the flags of this JVM that the child needs too. Those are the JDK openings Hive, Tez and Spark
 * need ({@code --add-opens}), and the root pom's compiler and collector flags (cif.test.argLine: C1 only, the serial
 * collector), which cut a short-lived process's CPU time (docs/design.md, "CI time, fourth round"). Nothing else is
 * passed on: not the test JVM's heap, agents or debug settings.
 */
public final class ChildJvm {
  private static final List<String> FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

  private ChildJvm() {}

  /** The java command and the flags passed on, plus this JVM's flags that start with one of {@code morePrefixes}. */
  public static List<String> command(String... morePrefixes) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (passedOn(a, morePrefixes)) cmd.add(a);
    }
    return cmd;
  }

  static boolean passedOn(String flag, String... morePrefixes) {
    if (flag.startsWith("--add-opens") || FLAGS.contains(flag)) return true;
    for (String p : morePrefixes) {
      if (flag.startsWith(p)) return true;
    }
    return false;
  }
}
