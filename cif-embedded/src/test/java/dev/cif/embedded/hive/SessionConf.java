package dev.cif.embedded.hive;

import org.apache.hadoop.conf.Configuration;

/**
 * The embedded session's settings as Hadoop's {@code Configuration}, for the test classes of the Hive 4.2 pass.
 * That pass runs in two forks, so surefire discovers its test classes in Maven's own JVM (JDK 17), whose
 * verifier loads every class a test method hands over as one of its superclasses: {@code hive.conf()} passed
 * where a {@code Configuration} goes would load Hive 4.2's {@code HiveConf} (Java 21 class files) and fail the
 * discovery. Here, outside the test classes, the JVM verifies it only when a test calls it, in the fork.
 */
final class SessionConf {
  private SessionConf() {}

  static Configuration of(EmbeddedHive hive) { return hive.conf(); }

  /** The settings of this thread's Hive session (SessionState's). */
  static Configuration ofCurrentSession() { return org.apache.hadoop.hive.ql.session.SessionState.get().getConf(); }
}
