package dev.cif.cluster;

import dev.cif.command.ClientConf;
import dev.cif.command.Command;
import dev.cif.command.UsageException;
import java.io.File;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code cif cluster start|status|stop}: the one-machine cluster as a background JVM. {@code start} starts
 * {@link ClusterCommand}{@code run DIR} in a JVM of its own (this JVM's java, options and classpath, so the
 * nodes run on the cluster's classpath; CIF_CLUSTER_HEAP its heap) and waits until it has written the client
 * configuration to DIR/conf or has ended; {@code stop} sends it SIGTERM and waits. DIR is CIF_CLUSTER_DIR, which
 * bin/cif sets (its {@code --cluster} option names DIR/conf).
 */
public final class ClusterCliCommand implements Command {
  @Override public String name() { return "cluster"; }

  @Override public String summary() { return "starts, reports or stops the one-machine cluster (HDFS on 2 racks, YARN, Tez)"; }

  @Override
  public String help() {
    return "usage: cif cluster start [--nodes N] [--block-size BYTES] [--default-placement] | status | stop\n"
        + "The cluster runs in the background; its client configuration is in $CIF_CLUSTER_DIR/conf, which\n"
        + "--cluster (or --conf DIR) hands to hive, pig, meta, placement and the other commands (docs/cluster.md).";
  }

  @Override
  public int run(ClientConf client, String[] args, PrintStream out) throws Exception {
    String dirName = System.getenv("CIF_CLUSTER_DIR");
    if (dirName == null) throw new IllegalStateException("CIF_CLUSTER_DIR is not set (bin/cif sets it)");
    File dir = new File(dirName).getAbsoluteFile();
    String verb = args.length == 0 ? "status" : args[0];
    List<String> options = Arrays.asList(args).subList(Math.min(1, args.length), args.length);
    switch (verb) {
      case "start": return start(dir, options, out);
      case "status": return status(dir, out);
      case "stop": return stop(dir, out);
      default: throw new UsageException("unknown subcommand " + verb);
    }
  }

  private static File pidFile(File dir) { return new File(dir, "pid"); }

  private static Optional<ProcessHandle> running(File dir) throws Exception {
    File pid = pidFile(dir);
    if (!pid.isFile()) return Optional.empty();
    return ProcessHandle.of(Long.parseLong(Files.readString(pid.toPath()).trim())).filter(ProcessHandle::isAlive);
  }

  private static int start(File dir, List<String> options, PrintStream out) throws Exception {
    Optional<ProcessHandle> running = running(dir);
    if (running.isPresent()) {
      out.println("cif cluster: already running (pid " + running.get().pid() + ")");
      return 0;
    }
    File ready = new File(OneMachineCluster.confDir(dir), "ready");
    Files.createDirectories(dir.toPath());
    Files.deleteIfExists(ready.toPath());
    List<String> command = java("-Xmx" + Optional.ofNullable(System.getenv("CIF_CLUSTER_HEAP")).orElse("3g"));
    command.add(ClusterCommand.class.getName());
    command.add("run");
    command.add(dir.getPath());
    command.addAll(options);
    File log = new File(dir, "cluster.log");
    Process p = new ProcessBuilder(command).directory(dir).redirectErrorStream(true)
        .redirectOutput(log).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    Files.writeString(pidFile(dir).toPath(), Long.toString(p.pid()), StandardCharsets.UTF_8);
    // Until the condition (configuration written) or the JVM's end, whichever comes first.
    while (!ready.isFile()) {
      if (!p.isAlive()) {
        List<String> lines = Files.readAllLines(log.toPath());
        lines.subList(0, Math.max(0, lines.size() - 20)).clear();
        lines.forEach(System.err::println);
        throw new IllegalStateException("the cluster failed to start; see " + log);
      }
      Thread.sleep(500);
    }
    // The report needs the node names of the hosts file this JVM started before it existed: a JVM of its own.
    List<String> status = java("-Xmx256m");
    status.add(ClusterCommand.class.getName());
    status.add("status");
    status.add(dir.getPath());
    return new ProcessBuilder(status).redirectOutput(ProcessBuilder.Redirect.INHERIT)
        .redirectError(ProcessBuilder.Redirect.appendTo(new File(dir, "client.log"))).start().waitFor();
  }

  /**
   * This JVM's command line up to the main class: its java, its options (the heap replaced by {@code heap}, the
   * hosts file of the cluster's node names kept) and its classpath.
   */
  private static List<String> java(String heap) {
    List<String> c = new ArrayList<>();
    c.add(ProcessHandle.current().info().command().orElse("java"));
    for (String o : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!o.startsWith("-Xmx")) c.add(o);
    }
    c.add(heap);
    c.add("-cp");
    c.add(System.getProperty("java.class.path"));
    return c;
  }

  private static int status(File dir, PrintStream out) throws Exception {
    return ClusterCommand.run(new String[] {"status", dir.getPath()}, out, System.err);
  }

  private static int stop(File dir, PrintStream out) throws Exception {
    Optional<ProcessHandle> running = running(dir);
    if (running.isEmpty()) {
      out.println("cif cluster: not running");
      return 0;
    }
    running.get().destroy();
    running.get().onExit().get();
    Files.deleteIfExists(pidFile(dir).toPath());
    out.println("cif cluster: stopped");
    return 0;
  }
}
