package dev.cif.bench.sql;

/**
 * What the report says about a query that threw: Hive's message, the task-side cause when the session
 * saw one, and whether the process was exiting at the time. A run stopped with kill or Ctrl-C looks like a
 * failure otherwise: Hive's shutdown hook kills the running job and the query ends with "return code 2".
 */
final class QueryFailure {
  private QueryFailure() {}

  static String describe(Exception e, SqlSession sql) {
    String hive = String.valueOf(e.getMessage()).split("\n", 2)[0];
    String task = sql.takeTaskFailure();
    String why = hive + (task == null ? "" : "; task: " + task);
    return exiting() ? "stopped: the process was exiting (kill, Ctrl-C) while this query ran: " + why : "failed: " + why;
  }

  /** True once the JVM has begun to shut down (it then refuses new shutdown hooks). */
  static boolean exiting() {
    Thread probe = new Thread(() -> {});
    try {
      Runtime.getRuntime().addShutdownHook(probe);
      Runtime.getRuntime().removeShutdownHook(probe);
      return false;
    } catch (IllegalStateException shuttingDown) {
      return true;
    }
  }
}
