package dev.cif.bundle.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.embedded.hive.EmbeddedHive;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hive.ql.processors.AddResourceProcessor;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Hive bundle as an operator installs it: embedded Hive 4.1 whose classpath holds Hive and nothing
 * of CIF, the bundle jar added to the session with {@code ADD JAR}, then {@code STORED AS CIF} written and
 * read on Tez (local mode) and MapReduce. Hive's own aircompressor (2.0.2, inside hive-exec) stays on the
 * classpath beside the bundle's relocated 0.27.
 */
class HiveBundleIT {
  private static final File BUNDLE = new File(System.getProperty("cif.bundle.jar"));
  private static EmbeddedHive hive;

  @BeforeAll
  static void start() throws Exception {
    assertTrue(BUNDLE.isFile(), "no bundle jar at " + BUNDLE);
    hive = new EmbeddedHive(new File("target/hive-bundle-it-" + java.util.UUID.randomUUID()).getAbsoluteFile(), false);
    new AddResourceProcessor().run("JAR " + BUNDLE.getAbsolutePath());
  }

  @AfterAll
  static void stop() throws Exception {
    if (hive != null) hive.close();
  }

  @Test
  void theTestClasspathHoldsNoCif() {
    // Were CIF on the application class path, the rest of this class would prove nothing about the jar.
    assertThrows(ClassNotFoundException.class,
        () -> Class.forName("dev.cif.hive.CifSerDe", false, ClassLoader.getSystemClassLoader()));
    assertThrows(ClassNotFoundException.class,
        () -> Class.forName("dev.cif.impl.split.SplitDirectory", false, ClassLoader.getSystemClassLoader()));
  }

  @Test
  void storedAsCifComesFromTheBundle() throws Exception {
    Class<?> serde = Class.forName("dev.cif.hive.CifSerDe", false, SessionState.get().getConf().getClassLoader());
    assertNotSame(ClassLoader.getSystemClassLoader(), serde.getClassLoader());
    assertTrue(serde.getProtectionDomain().getCodeSource().getLocation().getPath().endsWith(BUNDLE.getName()),
        "CifSerDe loaded from " + serde.getProtectionDomain().getCodeSource().getLocation());
  }

  @Test
  void writesAndReadsOnTez() throws Exception {
    // Tez runs each task with TezClassLoader (a URLClassLoader over the container's class path) as its
    // context loader, not the session's: in a YARN container the jar shipped by tez.aux.uris or ADD JAR is
    // on that class path, localized. Local mode runs tasks on threads of this JVM and localizes nothing,
    // so the bundle is added to that loader here, as a container's class path would hold it.
    org.apache.tez.common.TezClassLoader.getInstance().addURL(BUNDLE.toURI().toURL());
    hive.useTezLocal(256, 8);
    roundTrip("on_tez");
  }

  @Test
  void writesAndReadsOnMapReduce() throws Exception {
    hive.set("hive.execution.engine", "mr");
    roundTrip("on_mr");
  }

  /** A CIF table written with a job, read back with a filtered aggregate job, with LZ4 (aircompressor). */
  private static void roundTrip(String table) throws Exception {
    hive.run("CREATE TABLE " + table + "_src (id INT, url STRING)");
    hive.run("INSERT INTO " + table + "_src VALUES (1, 'http://a.jp/1'), (2, 'http://b.com/2'), (3, 'http://a.jp/3'),"
        + " (4, 'http://c.org/4')");
    hive.run("CREATE TABLE " + table + " (id INT, url STRING, props MAP<STRING,STRING>) STORED AS CIF"
        + " TBLPROPERTIES ('cif.codec'='*:lz4')");
    hive.run("INSERT INTO " + table + " SELECT id, url, map('host', parse_url(url, 'HOST')) FROM " + table + "_src");
    assertEquals(List.of("2\t4"), hive.run(
        "SELECT count(*), sum(id) FROM " + table + " WHERE props['host'] = 'a.jp'"));
    assertEquals(List.of("2\thttp://b.com/2"), hive.run("SELECT id, url FROM " + table + " WHERE id = 2"));
    try (Stream<Path> files = Files.walk(hive.root().toPath())) {
      assertTrue(files.anyMatch(p -> p.toString().contains(table + "/") && p.getFileName().toString().endsWith(".cif")),
          "no .cif column files for " + table + " under " + hive.root());
    }
  }
}
