package dev.cif.cluster;

import dev.cif.embedded.hive.EmbeddedHive;
import java.io.File;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The one cluster of this module's test JVM (4 nodes, 1 MB blocks, ColumnPlacementPolicy) with Hive's
 * embedded driver as its client, CIF shipped by {@code hive.aux.jars.path}: started by the first test class
 * that uses it ({@code @ExtendWith(SharedCluster.Start.class)}), stopped when the test run ends. Starting
 * the cluster, the Tez session and the containers' first localization costs about a minute; the cluster
 * test classes share that cost instead of paying it each.
 */
final class SharedCluster implements ExtensionContext.Store.CloseableResource {
  static final File BASE = new File("target/cif-cluster-it").getAbsoluteFile();

  private static volatile SharedCluster current;

  final OneMachineCluster cluster;
  final EmbeddedHive hive;
  final FileSystem fs;

  private SharedCluster(OneMachineCluster cluster, EmbeddedHive hive) throws Exception {
    this.cluster = cluster;
    this.hive = hive;
    this.fs = cluster.fileSystem();
  }

  /** The running cluster (after {@link Start} ran for the calling test class). */
  static SharedCluster get() {
    if (current == null) throw new IllegalStateException("no cluster: annotate the class @ExtendWith(SharedCluster.Start.class)");
    return current;
  }

  /** Starts the shared cluster for a test class, once per test run. */
  static final class Start implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      current = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
          .getOrComputeIfAbsent(SharedCluster.class, k -> start(), SharedCluster.class);
    }
  }

  private static SharedCluster start() {
    try {
      org.apache.hadoop.fs.FileUtil.fullyDelete(BASE);
      OneMachineCluster cluster = OneMachineCluster.start(BASE, new OneMachineCluster.Options().blockSize(1 << 20));
      try {
        EmbeddedHive hive = ClusterFixture.hive(BASE);
        // Map joins of the local runner build their hash tables in this JVM, not in a child process.
        hive.set("hive.exec.submit.local.task.via.child", "false");
        return new SharedCluster(cluster, hive);
      } catch (Exception | Error e) {
        cluster.close();
        throw e;
      }
    } catch (Exception e) {
      throw new IllegalStateException("the one-machine cluster did not start", e);
    }
  }

  @Override
  public void close() throws Exception {
    current = null;
    try {
      hive.close();
    } finally {
      cluster.close();
    }
  }
}
