package dev.cif.embedded.hive;

import java.io.File;
import java.net.URISyntaxException;
import java.security.CodeSource;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * An embedded Hive session whose jobs run on a cluster ({@code --cluster} / {@code --conf DIR}): the
 * cluster's client configuration laid over the session's defaults, and CIF's jars named in
 * {@code hive.aux.jars.path} (unless the configuration names them, e.g. the operator's bundle jar), as an
 * operator installs CIF for HiveServer2: Hive localizes them into every Tez container.
 */
public final class ClusterSession {
  /** Classes whose jars a Hive task needs for CIF: hive-cif, cif-core and the codec library. */
  static final List<String> CIF_CLASSES = List.of("dev.cif.hive.CifSerDe", "dev.cif.conf.CifConf",
      "io.airlift.compress.lz4.Lz4Compressor");

  static final String AUX_JARS = "hive.aux.jars.path";

  private ClusterSession() {}

  /** Opens a session on the cluster described by the site files in {@code confDir}. */
  public static EmbeddedHive open(File root, boolean persistent, File confDir) throws Exception {
    Map<String, String> settings = new LinkedHashMap<>(ClusterSettings.read(confDir));
    if (settings.getOrDefault(AUX_JARS, "").isBlank()) {
      settings.put(AUX_JARS, jarsOf(CIF_CLASSES).stream().map(j -> new File(j).toURI().toString())
          .collect(Collectors.joining(",")));
    }
    return new EmbeddedHive(root, persistent, settings);
  }

  /** The jar files the classes are loaded from (each class must come from a jar, not a directory). */
  public static List<String> jarsOf(List<String> classNames) throws ClassNotFoundException, URISyntaxException {
    Set<String> jars = new LinkedHashSet<>();
    for (String name : classNames) {
      CodeSource source = Class.forName(name, false, ClusterSession.class.getClassLoader())
          .getProtectionDomain().getCodeSource();
      File file = source == null ? null : new File(source.getLocation().toURI());
      File expandedFrom = file == null ? null : HiveExecDirectory.jarFor(file);
      if (expandedFrom != null) file = expandedFrom;
      if (file == null || !file.isFile()) {
        throw new IllegalStateException(name + " is not loaded from a jar (" + file
            + "): build the modules with `mvn package` so the cluster's tasks can be sent CIF's jars");
      }
      jars.add(file.getPath());
    }
    return List.copyOf(jars);
  }
}
