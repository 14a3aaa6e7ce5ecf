package dev.cif.command;

import java.io.File;
import java.util.Arrays;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The Hadoop client configuration a command runs with, found as {@code hdfs} and {@code orc-tools} find theirs:
 * the {@code *-site.xml} files of {@code $HADOOP_CONF_DIR}, then those of {@code --conf DIR} (which win). A
 * command that touches a file system takes its {@link #configuration()}; {@code hive} and {@code pig} also take
 * the {@link #directory()} itself (they run their jobs on that cluster).
 */
public final class ClientConf {
  private final Configuration conf;
  private final File directory;

  private ClientConf(Configuration conf, File directory) {
    this.conf = conf;
    this.directory = directory;
  }

  /** The configuration from {@code hadoopConfDir} (the environment's HADOOP_CONF_DIR, may be null) and {@code confDir} (may be null). */
  public static ClientConf load(String hadoopConfDir, String confDir) {
    Configuration conf = new Configuration();
    File dir = confDir == null ? null : new File(confDir).getAbsoluteFile();
    if (dir != null && !dir.isDirectory()) throw new UsageException("--conf " + confDir + ": no such directory");
    if (hadoopConfDir != null && !hadoopConfDir.isEmpty()) addSites(conf, new File(hadoopConfDir));
    if (dir != null) addSites(conf, dir);
    return new ClientConf(conf, dir);
  }

  /** Every {@code *-site.xml} of {@code dir} as a resource, in name order (a missing directory adds nothing). */
  private static void addSites(Configuration conf, File dir) {
    File[] sites = dir.listFiles((d, n) -> n.endsWith("-site.xml"));
    if (sites == null) return;
    Arrays.sort(sites);
    for (File site : sites) conf.addResource(new Path(site.toURI()));
  }

  public Configuration configuration() { return conf; }

  /** The {@code --conf} directory, if one was given (bin/cif's {@code --cluster} gives the one-machine cluster's). */
  public Optional<File> directory() { return Optional.ofNullable(directory); }

  /** {@code args} followed by {@code --conf DIR} when a directory was given: for entry points that take it themselves. */
  public String[] withConfOption(String[] args) {
    if (directory == null) return args;
    String[] all = Arrays.copyOf(args, args.length + 2);
    all[args.length] = "--conf";
    all[args.length + 1] = directory.getPath();
    return all;
  }
}
