package dev.cif.embedded.pig;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pig.PigServer;
import org.apache.pig.tools.grunt.GruntParser;
import org.apache.pig.tools.pigscript.parser.ParseException;
import org.apache.pig.tools.pigstats.PigStats;

/**
 * A Pig script run through Grunt's parser up to its end or its first failed job. Pig's own
 * {@code PigServer.registerScript} parses the same way but drops the count of failed jobs, so a STORE
 * whose job failed went unreported and the next statement failed instead (a LOAD of the output that was
 * never written, "no CIF dataset at ...").
 */
public final class PigScript {
  private PigScript() {}

  /**
   * Runs the statements as one batch (its STOREs at its end, a DUMP's where it stands), stopping at the first
   * error; the number of jobs that failed.
   */
  public static int run(PigServer pig, Reader statements) throws IOException, ParseException {
    GruntParser parser = new GruntParser(statements, pig);
    parser.setInteractive(false);
    return parser.parseStopOnError()[1];
  }

  /**
   * Runs a script with its {@code $parameters} substituted, as {@code registerScript} does, and fails if a job
   * failed, naming the script and Pig's error.
   */
  public static void runOrFail(PigServer pig, String name, InputStream script, Map<String, String> params) throws IOException {
    List<String> values = new ArrayList<>();
    params.forEach((k, v) -> values.add(k + "=" + v));
    String text = pig.getPigContext().doParamSubstitution(
        new BufferedReader(new InputStreamReader(script, StandardCharsets.UTF_8)), values, null);
    int failed;
    try {
      failed = run(pig, new StringReader(text));
    } catch (ParseException e) {
      throw new IOException(name + ": " + e.getMessage(), e);
    }
    if (failed > 0) {
      PigStats stats = PigStats.get();
      String error = stats == null ? null : stats.getErrorMessage();
      throw new IOException(name + ": " + failed + " Pig job(s) failed" + (error == null ? "" : ": " + error));
    }
  }
}
