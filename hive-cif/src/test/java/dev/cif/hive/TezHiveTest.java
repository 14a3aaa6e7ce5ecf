package dev.cif.hive;

import org.junit.jupiter.api.BeforeAll;

/** A test class whose embedded Hive session runs its jobs on Tez local mode. */
abstract class TezHiveTest extends EmbeddedHiveTest {

  @BeforeAll
  static void useTez() {
    useTezLocal(hive);
    // A failing task fails its query at once (tests of failed inserts), instead of after 4 attempts.
    hive.set("tez.am.task.max.failed.attempts", "1");
  }

  /** Tez in local mode for an embedded session: the DAG's tasks run in this JVM, with small buffers. */
  static void useTezLocal(EmbeddedHive h) {
    h.set("hive.execution.engine", "tez");
    h.set("tez.local.mode", "true");
    h.set("tez.runtime.optimize.local.fetch", "true");
    h.set("tez.staging-dir", h.root + "/tez-staging");
    h.set("hive.tez.container.size", "256");
    h.set("tez.am.resource.memory.mb", "256");
    h.set("tez.runtime.io.sort.mb", "8");
  }
}
