package dev.cif.testing;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.ipc.Server;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsTag;

/**
 * The calls a NameNode's client RPC server has answered, by method ({@code getBlockLocations}, {@code
 * getListing}, {@code getFileInfo}, ...), from the server's own per-method processing rates: what the tests
 * and the cluster benchmark count a read's NameNode cost by. Pass it {@code
 * cluster.getNameNode().getRpcServer().getClientRpcServer()} of a MiniDFSCluster.
 */
public final class NameNodeCalls {
  private final Server server;

  public NameNodeCalls(Server clientRpcServer) { this.server = clientRpcServer; }

  /** Calls so far, by method. */
  public Map<String, Long> now() {
    Map<String, Long> out = new HashMap<>();
    server.getRpcDetailedMetrics().getOverallRpcProcessingRates().snapshot(new Counts(out), true);
    return out;
  }

  /** The calls between two {@link #now} snapshots, by method in name order; methods not called are left out. */
  public static Map<String, Long> between(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> out = new TreeMap<>();
    for (Map.Entry<String, Long> e : after.entrySet()) {
      long n = e.getValue() - before.getOrDefault(e.getKey(), 0L);
      if (n > 0) out.put(e.getKey(), n);
    }
    return out;
  }

  public static long total(Map<String, Long> calls) {
    return calls.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Takes the "&lt;Method&gt;NumOps" counters of a rates snapshot. */
  private static final class Counts extends MetricsRecordBuilder {
    private final Map<String, Long> out;

    Counts(Map<String, Long> out) { this.out = out; }

    @Override
    public MetricsRecordBuilder addCounter(MetricsInfo info, long value) {
      String name = info.name();
      if (name.endsWith("NumOps") && name.length() > "NumOps".length()) {
        String method = name.substring(0, name.length() - "NumOps".length());
        // The overall processing rates name each method "Overall<Method>".
        if (method.startsWith("Overall") && method.length() > "Overall".length()) method = method.substring("Overall".length());
        out.merge(Character.toLowerCase(method.charAt(0)) + method.substring(1), value, Long::sum);
      }
      return this;
    }

    @Override public MetricsRecordBuilder addCounter(MetricsInfo info, int value) { return addCounter(info, (long) value); }
    @Override public MetricsRecordBuilder tag(MetricsInfo info, String value) { return this; }
    @Override public MetricsRecordBuilder add(MetricsTag tag) { return this; }
    @Override public MetricsRecordBuilder add(AbstractMetric metric) { return this; }
    @Override public MetricsRecordBuilder setContext(String value) { return this; }
    @Override public MetricsRecordBuilder addGauge(MetricsInfo info, int value) { return this; }
    @Override public MetricsRecordBuilder addGauge(MetricsInfo info, long value) { return this; }
    @Override public MetricsRecordBuilder addGauge(MetricsInfo info, float value) { return this; }
    @Override public MetricsRecordBuilder addGauge(MetricsInfo info, double value) { return this; }
    @Override public MetricsCollector parent() { return null; }
  }
}
