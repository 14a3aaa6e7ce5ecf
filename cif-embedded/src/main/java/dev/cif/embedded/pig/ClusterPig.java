package dev.cif.embedded.pig;

import dev.cif.embedded.hive.ClusterSession;
import dev.cif.embedded.hive.ClusterSettings;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.pig.ExecType;
import org.apache.pig.PigServer;

/**
 * Pig in MapReduce mode on a cluster ({@code bin/cif pig --cluster} / {@code --conf DIR}): the cluster's
 * client site files as Pig's properties, and CIF's jars REGISTERed, so that Pig ships them in its job jar.
 */
public final class ClusterPig {
  /** Classes whose jars a Pig task needs for CIF: pig-cif, cif-core, the codec library and Avro. */
  static final List<String> CIF_CLASSES = List.of("dev.cif.pig.CifLoader", "dev.cif.conf.CifConf",
      "io.airlift.compress.lz4.Lz4Compressor", "org.apache.avro.Schema");

  private static final String JOB_HISTORY_ADDRESS = "mapreduce.jobhistory.address";

  private ClusterPig() {}

  /**
   * A MapReduce-mode PigServer on the cluster whose client configuration is in {@code confDir}. Pig
   * insists on finding core-site.xml through the context class loader (as HADOOP_CONF_DIR on a client's
   * classpath): this thread's context class loader is replaced by one that also sees {@code confDir}.
   */
  public static PigServer open(File confDir, Properties local) throws IOException, ReflectiveOperationException,
      URISyntaxException {
    Thread.currentThread().setContextClassLoader(new java.net.URLClassLoader(
        new java.net.URL[] {confDir.getAbsoluteFile().toURI().toURL()}, Thread.currentThread().getContextClassLoader()));
    Properties p = new Properties();
    Map<String, String> site = ClusterSettings.read(confDir);
    p.putAll(site);
    // A client configuration that names no JobHistory server (the one-machine cluster runs none): Hadoop's
    // default, 0.0.0.0:10020, made every question Pig asks about a finished job (task reports, counters,
    // diagnostics: four per job) retry a connection there for 30 s, two minutes per job. Empty, the client
    // answers from the ResourceManager's report of the job instead (ClientCache: no history proxy).
    // An empty value cannot be written in a site file (Hadoop reads <value/> as unset), hence here.
    if (!site.containsKey(JOB_HISTORY_ADDRESS)) p.setProperty(JOB_HISTORY_ADDRESS, "");
    p.putAll(local);
    // Pig's scratch files live on the cluster's file system.
    p.setProperty("pig.temp.dir", "/tmp/pig");
    PigServer pig = new PigServer(ExecType.MAPREDUCE, p);
    for (String jar : ClusterSession.jarsOf(CIF_CLASSES)) pig.registerJar(jar);
    return pig;
  }

}
