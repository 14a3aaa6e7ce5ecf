package dev.cif.embedded.hive;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * A cluster's client configuration, read from a directory of Hadoop site files (core-site.xml,
 * hdfs-site.xml, yarn-site.xml, mapred-site.xml, tez-site.xml, hive-site.xml), as {@code bin/cif cluster
 * start} writes them or a cluster's operator hands them out: what {@code --cluster} and {@code --conf DIR}
 * lay over an embedded session's defaults.
 */
public final class ClusterSettings {
  /** The files read, in order; a later file's value wins. Missing files are skipped. */
  public static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml",
      "mapred-site.xml", "tez-site.xml", "hive-site.xml");

  private ClusterSettings() {}

  /** Every setting of the directory's site files (without Hadoop's defaults). */
  public static Map<String, String> read(File dir) {
    if (!dir.isDirectory()) {
      throw new IllegalArgumentException("no cluster configuration directory " + dir);
    }
    Configuration conf = new Configuration(false);
    boolean any = false;
    for (String name : SITE_FILES) {
      File f = new File(dir, name);
      if (f.isFile()) {
        try {
          conf.addResource(f.toURI().toURL());
        } catch (MalformedURLException e) {
          throw new UncheckedIOException(new IOException(f.toString(), e));
        }
        any = true;
      }
    }
    if (!any) {
      throw new IllegalArgumentException(dir + " holds none of " + SITE_FILES);
    }
    Map<String, String> settings = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : conf) {
      settings.put(e.getKey(), e.getValue());
    }
    return settings;
  }
}
