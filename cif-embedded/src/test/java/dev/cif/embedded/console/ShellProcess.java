package dev.cif.embedded.console;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

/**
 * A shell's main class run as bin/cif runs it: a JVM of its own (this test JVM's classpath and module
 * openings), with standard output and standard error kept apart, so a test sees exactly what a pipe
 * would. {@link #command} is the java command line, for running it under a pseudo-terminal too.
 */
public final class ShellProcess {
  /** What the process printed, and its exit status. */
  public record Result(int status, String out, String err) {}

  private ShellProcess() {}

  public static List<String> command(Class<?> main, String... args) {
    List<String> cmd = dev.cif.testing.ChildJvm.command();
    cmd.add("-Xmx1g");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(main.getName());
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** Runs {@code main} with {@code args} and empty standard input, as from a script; waits for it to end. */
  public static Result run(Class<?> main, String... args) throws IOException, InterruptedException {
    File dir = dev.cif.testing.TempDirs.create("cif-shell").toFile();
    File out = new File(dir, "stdout");
    File err = new File(dir, "stderr");
    ProcessBuilder pb = new ProcessBuilder(command(main, args)).redirectOutput(out).redirectError(err)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().remove(Progress.TERMINAL_ENV);
    pb.environment().remove("CIF_DEBUG");
    int status = pb.start().waitFor();
    return new Result(status, Files.readString(out.toPath()), Files.readString(err.toPath()));
  }
}
