package dev.cif.embedded.hive;

import org.junit.jupiter.api.BeforeAll;

/** A test class whose embedded Hive session runs its jobs on Tez local mode. */
abstract class TezHiveTest extends EmbeddedHiveTest {

  @BeforeAll
  static void useTez() {
    hive.useTezLocal(256, 8);
    // A failing task fails its query at once (tests of failed inserts), instead of after 4 attempts.
    hive.set("tez.am.task.max.failed.attempts", "1");
  }
}
