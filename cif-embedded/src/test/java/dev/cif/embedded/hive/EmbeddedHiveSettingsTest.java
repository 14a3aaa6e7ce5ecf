package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.hive.conf.HiveConf;
import org.junit.jupiter.api.Test;

/**
 * A session's settings reach the HiveConf objects Hive makes on its own, and leave no trace in the JVM:
 * test classes share forks, and the next one must not inherit this one's warehouse or engine.
 */
class EmbeddedHiveSettingsTest {
  private static final List<String> SESSION_KEYS = List.of("javax.jdo.option.ConnectionURL",
      "hive.metastore.warehouse.dir", "hadoop.tmp.dir", "hive.execution.engine", "mapreduce.framework.name");

  @Test
  void freshHiveConfsSeeTheSessionAndSystemPropertiesStayUntouched() throws Exception {
    File root = new File("target/hive-" + UUID.randomUUID()).getAbsoluteFile();
    String warehouse = new File(root, "warehouse").getPath();
    try (EmbeddedHive hive = new EmbeddedHive(root, false)) {
      hive.set("hive.exec.counters.pull.interval", "123");
      assertEquals(List.of("2"), hive.run("SELECT 1 + 1"));
      HiveConf fresh = new HiveConf();
      assertEquals(warehouse, fresh.get("hive.metastore.warehouse.dir"));
      assertEquals("123", fresh.get("hive.exec.counters.pull.interval"));
      for (String key : SESSION_KEYS) assertNull(System.getProperty(key), key);
    }
    for (String key : SESSION_KEYS) assertNull(System.getProperty(key), key);
    assertNotEquals(warehouse, new HiveConf().get("hive.metastore.warehouse.dir"), "the next session starts clean");
  }
}
