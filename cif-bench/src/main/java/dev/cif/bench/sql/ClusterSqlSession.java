package dev.cif.bench.sql;

import dev.cif.embedded.hive.ClusterSession;
import dev.cif.embedded.hive.ClusterSettings;
import dev.cif.embedded.hive.EmbeddedHive;
import java.io.File;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Hive's embedded driver as the client of a cluster ({@code bench-sql --conf DIR} / {@code --cluster}): its
 * statements run as Tez DAGs in the cluster's containers, with CIF shipped to them as an operator ships it
 * ({@link ClusterSession}); the generated text and every table live in the cluster's file system. What the
 * tasks cost is what the application master counts: their CPU time and the bytes they read from the file
 * system ({@link TezDagCounters}), as this process sees neither.
 */
final class ClusterSqlSession implements SqlSession {
  /** Where the text data and the benchmark's databases go in the cluster's file system. */
  static final String ROOT = "/cif-bench";

  private final EmbeddedHive hive;
  private final FileSystem fs;

  ClusterSqlSession(File root, File confDir) throws Exception {
    Configuration conf = new Configuration();
    ClusterSettings.read(confDir).forEach(conf::set);
    fs = FileSystem.get(conf);
    hive = ClusterSession.open(root, false, confDir);
    hive.set("hive.exec.post.hooks", TezDagCounters.class.getName());
  }

  @Override public void set(String key, String value) { hive.set(key, value); }

  @Override public List<String> run(String sql) throws Exception { return hive.run(sql); }

  @Override public boolean readsInProcess() { return false; }

  /** The tasks' CPU time, summed over every DAG this session ran. */
  @Override public long cpuNanos() { return TezDagCounters.total("CPU_MILLISECONDS") * 1_000_000; }

  /** The bytes the tasks read from HDFS, summed over every DAG this session ran. */
  @Override public long bytesRead() { return TezDagCounters.total("HDFS_BYTES_READ"); }

  /**
   * Copies the generated text into the cluster ({@value #ROOT}/WORKLOAD/SF, kept between runs like the local
   * copy, and copied again when its size differs), where the containers read it.
   */
  @Override
  public String stage(File data) throws Exception {
    Path target = new Path(ROOT, data.getParentFile().getName() + "/" + data.getName());
    long local = 0;
    try (var files = java.nio.file.Files.walk(data.toPath())) {
      local = files.filter(java.nio.file.Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
    ContentSummary there = fs.exists(target) ? fs.getContentSummary(target) : null;
    if (there == null || there.getLength() != local) {
      fs.delete(target, true);
      fs.mkdirs(target.getParent());
      fs.copyFromLocalFile(false, true, new Path(data.toURI()), target);
    }
    return fs.makeQualified(target).toString();
  }

  /** A database's directory, emptied first: the metastore is the session's own, the file system is not. */
  @Override
  public String databaseLocation(String database, File dir) throws Exception {
    Path location = new Path(ROOT + "/warehouse", database);
    fs.delete(location, true);
    return fs.makeQualified(location).toString();
  }

  @Override
  public void close() throws Exception {
    hive.close();
  }
}
