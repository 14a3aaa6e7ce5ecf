package dev.cif.embedded.hive;

import dev.cif.hive.CifStorageHandler;
import org.apache.hadoop.hive.metastore.DefaultHiveMetaHook;

/** CifStorageHandler's insert hook, as Hive calls it after a query (outside the test class: see {@link SessionConf}). */
final class StorageHandlerHook {
  private StorageHandlerHook() {}

  static DefaultHiveMetaHook of() {
    return (DefaultHiveMetaHook) new CifStorageHandler().getMetaHook();
  }
}
