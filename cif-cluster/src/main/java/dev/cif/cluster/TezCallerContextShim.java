package dev.cif.cluster;

import org.apache.hadoop.ipc.CallerContext;
import org.apache.tez.hadoop.shim.HadoopShim;
import org.apache.tez.hadoop.shim.HadoopShimProvider;

/**
 * Tez's Hadoop shim for the one-machine cluster's application masters and containers
 * ({@code tez.hadoop.shim.provider.class} in its tez-site.xml): it sets Hadoop's caller context, so that every
 * NameNode call a Tez task makes carries the task attempt's name ({@code tez_ta:attempt_...}) into the NameNode's
 * audit log, and the benchmark can count the column files a query needs per task (docs/scale-opens.md).
 *
 * <p>Why a shim of our own: Tez names the caller through {@code HadoopShim.setHadoopCallerContext}, and the shim
 * that does something there for Hadoop 2.8 and later ships in Tez's binary tarball, which a cluster installs, but
 * not on Maven Central, which this project's build can reach. Tez's base shim, the one the Maven artifacts give,
 * does nothing, so the audit log named no task. This class does what the tarball's shim does for the caller
 * context and nothing else; the other shim methods keep Tez's defaults.
 *
 * <p>It travels in {@link OneMachineCluster#shimJar} on the nodes' classpath, beside the nodes' Tez install.
 */
public final class TezCallerContextShim extends HadoopShimProvider {
  @Override
  public HadoopShim createHadoopShim(String hadoopVersion, int majorVersion, int minorVersion) {
    return new Shim();
  }

  /** Sets and clears the calling thread's context (threads it starts inherit it, as Hadoop's holder is inherited). */
  static final class Shim extends HadoopShim {
    @Override
    public void setHadoopCallerContext(String context) {
      CallerContext.setCurrent(new CallerContext.Builder(context).build());
    }

    @Override
    public void clearHadoopCallerContext() {
      CallerContext.setCurrent(null);
    }
  }
}
