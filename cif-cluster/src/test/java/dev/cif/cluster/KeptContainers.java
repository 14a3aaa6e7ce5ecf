package dev.cif.cluster;

import java.util.List;
import java.util.Map;

/**
 * What the cluster benchmark does so that no layout pays for new containers the other does not: the Tez session
 * keeps every container it starts until the run ends, and every layout's tables are scanned, untimed and all at once,
 * before the first timed query.
 *
 * <p>Why (docs/scale-measured.md, "The control's bias"): Tez releases a container idle for 5 to 10 s
 * ({@code tez.am.container.idle.release-timeout-min/max.millis}), and the session reuses a held container for a
 * map task only on the task's own node ({@code tez.am.container.reuse.rack-fallback.enabled=false}, which
 * co-location wants). Between two queries, then, the session holds the one or two containers of the query before,
 * on that query's nodes. A query whose tables sit on those nodes reused them; one whose tables sit elsewhere
 * started new JVMs (2 to 9 s of task CPU against 0.4 s). In the SF 0.01 control the merged tables had all been
 * written by one container on one node and the unmerged ones by others, so the unmerged layout started a
 * container on every query: 0.25× where the bytes were identical. Kept containers, warmed on every layout's
 * nodes, take that history out of the figure. A user's long-lived session is closer to this than to a fresh
 * container per query; the settings are the benchmark session's, not the cluster's.
 */
final class KeptContainers {
  private KeptContainers() {}

  /** An hour: longer than any run, so that no container of the session is released between queries. */
  static final String IDLE_MILLIS = "3600000";

  /** The Tez settings of the benchmark's Hive session (the application master reads them when the session opens). */
  static Map<String, String> sessionSettings() {
    return Map.of(
        "tez.am.container.idle.release-timeout-min.millis", IDLE_MILLIS,
        "tez.am.container.idle.release-timeout-max.millis", IDLE_MILLIS);
  }

  /**
   * The untimed warm-up of one layout: one query that scans all its tables at once, the same for every layout but
   * the database. Its map tasks run side by side on the nodes of the layout's split-directories, so that the
   * session then holds containers there, as many as a query reading several tables at once needs (one scan after
   * another left one container for the four tables TPC-H q10 reads together, and the first layout to run q10 paid
   * three new ones).
   */
  static String warmUp(String database, List<String> tables) {
    return String.join(" UNION ALL ", tables.stream()
        .map(t -> "SELECT '" + t + "' AS t, count(*) AS n FROM " + database + "." + t).toList());
  }
}
