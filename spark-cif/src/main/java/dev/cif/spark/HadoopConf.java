package dev.cif.spark;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;

/**
 * The Hadoop configuration a scan or a write runs with, as it travels from the driver to the tasks:
 * the session's Hadoop settings plus the source's options (so an option named after a cif.* setting, such
 * as cif.block.bytes, sets it for one read or write). Serialized with Hadoop's own writer.
 */
final class HadoopConf implements Serializable {
  private static final long serialVersionUID = 1L;
  private transient Configuration conf;

  private HadoopConf(Configuration conf) { this.conf = conf; }

  /** The active session's Hadoop configuration with options laid over it. */
  static HadoopConf of(Map<String, String> options) {
    Configuration c = SparkSession.active().sessionState().newHadoopConf();
    for (Map.Entry<String, String> e : options.entrySet()) {
      if (!e.getKey().equalsIgnoreCase("path") && !e.getKey().equalsIgnoreCase("paths")) c.set(e.getKey(), e.getValue());
    }
    return new HadoopConf(c);
  }

  Configuration get() { return conf; }

  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    conf.write(out);
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    conf = new Configuration(false);
    conf.readFields(in);
  }
}
