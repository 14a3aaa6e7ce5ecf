package dev.cif.embedded.pig;

import dev.cif.embedded.console.EngineLog;
import dev.cif.embedded.console.RootCause;
import dev.cif.embedded.console.TaskFailureLog;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.pig.ExecType;
import org.apache.pig.PigServer;

/**
 * {@code bin/cif pig -e STATEMENTS | -f FILE}: Pig Latin in local mode with CIF on the classpath, so
 * CifLoader and CifStorer can be tried without a cluster. Statements run through Pig's own Grunt
 * parser (DUMP, STORE, DESCRIBE, SET, ...); scratch directories go to a private temporary directory.
 */
public final class PigShell {
  static final String USAGE = "usage: cif pig -e 'STATEMENTS' | -f SCRIPT [--conf CLUSTER_CONF_DIR]";

  private PigShell() {}

  /**
   * What a command line asks for: statements ({@code -e}) or a script file ({@code -f}), and the cluster's client
   * configuration ({@code --conf DIR}) when one is given. The options may come in any order, since bin/cif puts
   * {@code --cluster}'s {@code --conf} where {@code --cluster} stood and a user may write it anywhere.
   */
  record Invocation(String statements, String scriptFile, File cluster) {
    /** The invocation, or null when the arguments are not one of -e/-f with its value and at most one --conf DIR. */
    static Invocation parse(String[] args) {
      String statements = null;
      String scriptFile = null;
      File cluster = null;
      for (int i = 0; i < args.length; i++) {
        if (i + 1 == args.length) return null;
        String value = args[++i];
        switch (args[i - 1]) {
          case "-e" -> { if (statements != null || scriptFile != null) return null; statements = value; }
          case "-f" -> { if (statements != null || scriptFile != null) return null; scriptFile = value; }
          case "--conf" -> { if (cluster != null) return null; cluster = new File(value); }
          default -> { return null; }
        }
      }
      return statements == null && scriptFile == null ? null : new Invocation(statements, scriptFile, cluster);
    }
  }

  public static void main(String[] args) throws Exception {
    // Pig's log, Hadoop's and whatever the jobs print go to the log file; DUMP's tuples to standard output.
    File dir = Files.createTempDirectory("cif-pig").toFile();
    EngineLog log = EngineLog.to(new File(dir, "cif-pig.log"), "cif pig");
    System.setProperty("pig.logfile", new File(dir, "pig-errors.log").getPath());
    int status = run(new Configuration(), args, log.results(), log.terminal());
    log.results().flush();
    System.exit(status);
  }

  public static int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    return run(conf, args, out, System.err);
  }

  /**
   * Runs a script; DUMP's output goes to {@code out}. A failed script ends with one line on {@code err}
   * naming the root cause (a task's exception when a job failed), the stack trace only with CIF_DEBUG=1.
   * With {@code --conf DIR} it runs in MapReduce mode on the cluster whose client site files are in DIR.
   */
  public static int run(Configuration conf, String[] args, PrintStream out, PrintStream err) throws Exception {
    Invocation call = Invocation.parse(args);
    if (call == null) {
      err.println(USAGE);
      return 2;
    }
    File cluster = call.cluster();
    // Grunt's lexer fails on a statement that ends the input without a newline ("Lexical error ... <EOF>").
    Reader script = call.statements() != null ? new StringReader(call.statements() + "\n")
        : Files.newBufferedReader(Paths.get(call.scriptFile()), StandardCharsets.UTF_8);
    Path scratch = Files.createTempDirectory("cif-pig");
    Properties p = new Properties();
    p.setProperty("hadoop.tmp.dir", scratch.resolve("hadoop").toString());
    p.setProperty("mapreduce.jobtracker.staging.root.dir", scratch.resolve("staging").toString());
    p.setProperty("pig.temp.dir", scratch.resolve("pig").toString());
    // CifLoader() and CifStorer() by their short names, as a cluster's pig.properties gets them (docs/pig.md).
    p.setProperty("udf.import.list", "dev.cif.pig.");
    PrintStream saved = System.out;
    System.setOut(out);
    TaskFailureLog taskFailures = TaskFailureLog.install();
    taskFailures.takeThrowable(); // forget an earlier script's failure in this JVM
    // Pig's job-control thread looks at its jobs every pig.jobcontrol.sleep ms, 5 s by default (sized for a
    // cluster's JobTracker); a local job finishes in well under that and each one waited for the next look.
    if (cluster == null) p.setProperty("pig.jobcontrol.sleep", "100");
    PigServer pig = cluster != null ? ClusterPig.open(cluster, p) : new PigServer(ExecType.LOCAL, p);
    try {
      int failed = PigScript.run(pig, script);
      if (failed == 0) return 0;
      Throwable task = taskFailures.takeThrowable();
      err.println("cif pig: FAILED: " + (task == null ? failed + " job(s) failed" : RootCause.of(task, task)));
      return 1;
    } catch (Exception e) {
      Throwable task = taskFailures.takeThrowable();
      System.err.println("cif pig: script failed"); // the log, in bin/cif
      e.printStackTrace(System.err);
      err.println("cif pig: FAILED: " + RootCause.of(e, task));
      if ("1".equals(System.getenv("CIF_DEBUG"))) e.printStackTrace(err);
      return 1;
    } finally {
      pig.shutdown();
      System.setOut(saved);
      script.close();
      // Pig's and Hadoop's scratch of the script: intermediate outputs nobody reads once it has run.
      org.apache.hadoop.fs.FileUtil.fullyDelete(scratch.toFile());
    }
  }
}
