package dev.cif.spark;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * The Hadoop configuration a scan or a write runs with, as it travels from the driver to the tasks:
 * the session's Hadoop settings plus the source's options (so an option named after a cif.* setting, such
 * as cif.block.bytes, sets it for one read or write). Serialized with Hadoop's own writer, and sent to the
 * tasks as a broadcast ({@link #broadcast}), never inside a task.
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

  /**
   * This configuration as a broadcast, for a scan's or a write's tasks: an executor deserializes it once
   * (a local session not at all: its tasks get the driver's object), as Spark's file sources do with
   * theirs. Carried inside each task instead, it cost every task Hadoop's readFields of the session's
   * whole configuration (about 1,100 entries, 110 KB), which took 60 to 300 ms a task on a 2-core
   * machine: more than most SSB tasks' own CPU, and the largest part of CIF's task deserialization time.
   */
  Broadcast<HadoopConf> broadcast() {
    return JavaSparkContext.fromSparkContext(SparkSession.active().sparkContext()).broadcast(this);
  }

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
