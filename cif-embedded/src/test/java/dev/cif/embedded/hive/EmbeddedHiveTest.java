package dev.cif.embedded.hive;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** A test class with one embedded Hive session shared by its tests (a session costs seconds). */
abstract class EmbeddedHiveTest {
  static EmbeddedHive hive;

  @BeforeAll
  static void startHive() throws Exception {
    hive = new EmbeddedHive();
  }

  @AfterAll
  static void stopHive() throws Exception {
    if (hive != null) hive.close();
    hive = null;
  }
}
