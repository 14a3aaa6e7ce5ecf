package dev.cif.hive;

import org.junit.jupiter.api.BeforeAll;

/** A test class whose embedded Hive session runs its jobs on Tez local mode. */
abstract class TezHiveTest extends EmbeddedHiveTest {

  @BeforeAll
  static void useTez() {
    hive.set("hive.execution.engine", "tez");
    hive.set("tez.local.mode", "true");
    hive.set("tez.runtime.optimize.local.fetch", "true");
    hive.set("tez.staging-dir", hive.root + "/tez-staging");
    hive.set("hive.tez.container.size", "256");
    hive.set("tez.am.resource.memory.mb", "256");
    hive.set("tez.runtime.io.sort.mb", "8");
    // A failing task fails its query at once (tests of failed inserts), instead of after 4 attempts.
    hive.set("tez.am.task.max.failed.attempts", "1");
  }
}
