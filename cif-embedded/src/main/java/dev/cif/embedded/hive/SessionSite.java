package dev.cif.embedded.hive;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;

/**
 * An embedded session's settings where Hive's own fresh {@code new HiveConf()} and metastore
 * configurations find them: a hive-site.xml under the session's root, named as Hive's site file for the
 * session's lifetime. Written as JVM System properties instead, they outlived the session and leaked into
 * the next test class of a reused fork. Closing points Hive back at the site file it had before.
 */
final class SessionSite implements AutoCloseable {
  private static final String DERBY_LOG = "derby.stream.error.file";

  private final File file;
  private final Configuration settings = new Configuration(false);
  private final URL previousHiveSite = HiveConf.getHiveSiteLocation();
  private final URL previousMetastoreSite = MetastoreConf.getHiveSiteLocation();
  /** Derby reads its log's place only from a System property, once per JVM; set only if unset. */
  private final boolean setDerbyLog;

  SessionSite(File root, Map<String, String> initial) {
    this.file = new File(root, "hive-site.xml");
    initial.forEach(settings::set);
    write();
    HiveConf.setHiveSiteLocation(url());
    MetastoreConf.setHiveSiteLocation(url());
    setDerbyLog = System.getProperty(DERBY_LOG) == null;
    if (setDerbyLog) System.setProperty(DERBY_LOG, new File(root, "derby.log").getPath());
  }

  /** Adds or changes a setting for every configuration Hive makes from now on. */
  void set(String key, String value) {
    settings.set(key, value);
    write();
  }

  private void write() {
    file.getParentFile().mkdirs();
    try (OutputStream out = new FileOutputStream(file)) {
      settings.writeXml(out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  private URL url() {
    try {
      return file.toURI().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    HiveConf.setHiveSiteLocation(previousHiveSite);
    MetastoreConf.setHiveSiteLocation(previousMetastoreSite);
    if (setDerbyLog) System.clearProperty(DERBY_LOG);
  }
}
