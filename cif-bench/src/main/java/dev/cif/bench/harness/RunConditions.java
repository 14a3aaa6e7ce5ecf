package dev.cif.bench.harness;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What a table's figures depend on besides the code: the versions of the peer formats' libraries that
 * are on this classpath (read from the jars' own Maven metadata, so a table cannot name a version that
 * did not run) and the machine's load average, which on a shared machine decides the wall times.
 */
public final class RunConditions {
  private static final String[][] LIBRARIES = {
      {"ORC", "org.apache.orc/orc-core"},
      {"Parquet", "org.apache.parquet/parquet-hadoop"},
      {"Hive (RCFile)", "org.apache.hive/hive-serde"},
      {"Avro", "org.apache.avro/avro"},
      {"Hadoop", "org.apache.hadoop/hadoop-common"},
  };

  private RunConditions() {}

  /** "ORC 2.3.1, Parquet 1.18.1, ..." for the libraries found on the classpath. */
  public static String versions() {
    List<String> found = new ArrayList<>();
    for (String[] library : LIBRARIES) {
      String version = version(library[1]);
      if (version != null) found.add(library[0] + " " + version);
    }
    return String.join(", ", found);
  }

  /** The 1-, 5- and 15-minute load averages as {@code uptime} prints them, or "unknown" off Linux. */
  public static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return fields[0] + ", " + fields[1] + ", " + fields[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /** One line for the head of a results table. */
  public static String line(String loadBefore) {
    return "Measured " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + " with " + versions()
        + "; load average " + loadBefore + " before, " + loadAverage() + " after (2 cores).";
  }

  /** The version of the jar {@code group/artifact} on this classpath, from its Maven metadata; null if absent. */
  public static String version(String groupAndArtifact) {
    String resource = "META-INF/maven/" + groupAndArtifact + "/pom.properties";
    try (InputStream in = RunConditions.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) return null;
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      return null;
    }
  }
}
