package dev.cif.hive;

import java.io.File;
import java.net.URISyntaxException;
import java.security.CodeSource;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * An embedded Hive session whose jobs run on a cluster ({@code --cluster} / {@code --conf DIR}): the
 * cluster's client configuration laid over the session's defaults, and CIF's jars added to the session
 * as a user's {@code ADD JAR} would, so that Hive localizes them into every Tez container.
 */
public final class ClusterSession {
  /** Classes whose jars a Hive task needs for CIF: hive-cif, cif-core and the codec library. */
  static final List<String> CIF_CLASSES = List.of("dev.cif.hive.CifSerDe", "dev.cif.conf.CifConf",
      "io.airlift.compress.lz4.Lz4Compressor");

  private ClusterSession() {}

  /** Opens a session on the cluster described by the site files in {@code confDir}. */
  public static EmbeddedHive open(File root, boolean persistent, File confDir) throws Exception {
    EmbeddedHive hive = new EmbeddedHive(root, persistent, ClusterSettings.read(confDir));
    try {
      addJars(jarsOf(CIF_CLASSES));
      return hive;
    } catch (Exception | Error e) {
      hive.close();
      throw e;
    }
  }

  /** ADD JAR, for the current session: loaded here and shipped to the session's Tez containers. */
  public static void addJars(List<String> jars) {
    SessionState.get().add_resources(SessionState.ResourceType.JAR, jars);
  }

  /** The jar files the classes are loaded from (each class must come from a jar, not a directory). */
  static List<String> jarsOf(List<String> classNames) throws ClassNotFoundException, URISyntaxException {
    Set<String> jars = new LinkedHashSet<>();
    for (String name : classNames) {
      CodeSource source = Class.forName(name, false, ClusterSession.class.getClassLoader())
          .getProtectionDomain().getCodeSource();
      File file = source == null ? null : new File(source.getLocation().toURI());
      if (file == null || !file.isFile()) {
        throw new IllegalStateException(name + " is not loaded from a jar (" + file
            + "): build the modules with `mvn package` so the cluster's tasks can be sent CIF's jars");
      }
      jars.add(file.getPath());
    }
    return List.copyOf(jars);
  }
}
