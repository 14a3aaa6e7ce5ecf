package dev.cif.cli;

import java.io.PrintStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.apache.hadoop.conf.Configuration;

/**
 * A verb served by another module's tool class: its static {@code run(Configuration, String[],
 * PrintStream)} if it has one, else its {@code main}. Looked up by name so the CLI starts even when a
 * module is not on the classpath, and then says so.
 */
final class Delegate implements Main.Command {
  private final String usage;
  private final String className;

  Delegate(String usage, String className) {
    this.usage = usage;
    this.className = className;
  }

  @Override public String usage() { return usage; }

  @Override
  public int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    Class<?> c;
    try {
      c = Class.forName(className);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(className + " is not on the classpath (build with: mvn -DskipTests install)");
    }
    try {
      Method run = c.getMethod("run", Configuration.class, String[].class, PrintStream.class);
      if (Modifier.isStatic(run.getModifiers())) return ((Number) run.invoke(null, conf, args, out)).intValue();
    } catch (NoSuchMethodException ignored) {
      // fall back to main
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
    }
    try {
      c.getMethod("main", String[].class).invoke(null, (Object) args);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
    }
    return 0;
  }
}
