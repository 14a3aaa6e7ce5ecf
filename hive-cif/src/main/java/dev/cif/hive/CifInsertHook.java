package dev.cif.hive;

import java.io.IOException;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.DefaultHiveMetaHook;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * The insert hooks of {@link CifStorageHandler} tables. Hive 4.1 runs {@link #preInsertTable} before
 * every INSERT into such a table, and {@link #commitInsertTable} (then {@link #rollbackInsertTable} if
 * that fails) only after a Tez job; {@link HandlerWrites} holds what they do. The other hooks do nothing.
 */
final class CifInsertHook extends DefaultHiveMetaHook {
  private final Supplier<Configuration> conf;

  /** @param conf the session's conf at call time: Hive sets the running query's id there */
  CifInsertHook(Supplier<Configuration> conf) { this.conf = conf; }

  @Override
  public void preInsertTable(Table table, boolean overwrite) throws MetaException {
    if (overwrite && !HandlerWrites.committedByHook(conf.get())) {
      throw new MetaException("INSERT OVERWRITE into " + table.getDbName() + "." + table.getTableName()
          + " (STORED BY 'dev.cif.hive.CifStorageHandler') needs hive.execution.engine=tez: Hive commits storage-handler "
          + "inserts only after Tez jobs, so older rows could not be removed. Use STORED AS CIF, or Tez.");
    }
  }

  @Override
  public void commitInsertTable(Table table, boolean overwrite) throws MetaException {
    Path dir = new Path(table.getSd().getLocation());
    try {
      HandlerWrites.commit(dir.getFileSystem(conf.get()), dir, HandlerWrites.queryId(conf.get()), overwrite);
    } catch (IOException | RuntimeException e) {
      throw metaException("commit of an insert into " + dir, e);
    }
  }

  @Override
  public void rollbackInsertTable(Table table, boolean overwrite) throws MetaException {
    Path dir = new Path(table.getSd().getLocation());
    try {
      HandlerWrites.discard(dir.getFileSystem(conf.get()), dir, HandlerWrites.queryId(conf.get()));
    } catch (IOException | RuntimeException e) {
      throw metaException("rollback of an insert into " + dir, e);
    }
  }

  private static MetaException metaException(String what, Exception cause) {
    MetaException m = new MetaException(what + " failed: " + cause);
    m.initCause(cause);
    return m;
  }

  @Override public void preCreateTable(Table table) {}
  @Override public void rollbackCreateTable(Table table) {}
  @Override public void commitCreateTable(Table table) {}
  @Override public void preDropTable(Table table) {}
  @Override public void rollbackDropTable(Table table) {}
  @Override public void commitDropTable(Table table, boolean deleteData) {}
}
