package dev.cif.hive;

import dev.cif.WriteOptions;
import dev.cif.conf.CifConf;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde2.SerDeException;

/**
 * A CIF table's {@code cif.*} properties (TBLPROPERTIES): cif-core's write settings, which override
 * the job's for that table's writes. Hive stores any property it is given, so a misspelt key or a bad
 * value would be silently ignored, or fail inside a task; they are refused where Hive initializes the
 * table's SerDe (CREATE TABLE, INSERT; ALTER TABLE too, though Hive rewords that error), with a message
 * naming the key and what it allows.
 */
final class TableSettings {
  private TableSettings() {}

  /** Refuses a {@code cif.*} property that is not a write setting, or whose value that setting does not accept. */
  static void check(Properties table) throws SerDeException {
    for (String key : table.stringPropertyNames()) {
      if (!key.startsWith(CifConf.PREFIX)) continue;
      CifConf setting = CifConf.byKey(key);
      if (setting == null || !WriteOptions.SETTINGS.contains(setting)) {
        throw new SerDeException("CIF: " + (setting == null ? "unknown table property '" : "'") + key + "'"
            + (setting == null ? "" : " is not a table property (it is a job setting)") + "; CIF table properties are "
            + WriteOptions.SETTINGS.stream().map(CifConf::key).collect(Collectors.joining(", ")));
      }
      try {
        WriteOptions.check(setting, table.getProperty(key));
      } catch (IllegalArgumentException e) {
        throw new SerDeException("CIF: table property " + e.getMessage(), e);
      }
    }
  }

  /** The job's configuration with the table's settings over it. */
  static Configuration apply(Properties table, Configuration job) {
    Configuration conf = new Configuration(job);
    for (String key : table.stringPropertyNames()) if (key.startsWith(CifConf.PREFIX)) conf.set(key, table.getProperty(key));
    return conf;
  }
}
