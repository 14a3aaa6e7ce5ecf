package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cif.BlockCodec;
import dev.cif.embedded.console.ShellProcess;
import dev.cif.impl.column.ColumnFileReader;
import dev.cif.impl.split.SplitDirectory;
import dev.cif.testing.Corruption;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

/**
 * bin/cif hive as a user meets it, in processes of its own on the default engine (Tez local): standard output
 * holds the result rows and nothing else; a {@code STORED AS CIF} table is compressed (LZ4, the default
 * codec); the prompt reads statements from a terminal (a pseudo-terminal made by script(1)); a corrupted
 * column ends the statement with one line naming file, column and offset.
 */
class HiveShellProcessTest {
  private static final int ROWS = 2000;

  @Test
  void resultsOnStdoutAPromptOnATerminalAndTheRootCauseOfACorruptTable() throws Exception {
    Path warehouse = dev.cif.testing.TempDirs.create("cif-hive-process");
    String w = warehouse.toString();
    ShellProcess.Result load = ShellProcess.run(HiveShell.class, "--warehouse", w, "-e",
        "CREATE TABLE t (id INT, m MAP<STRING,STRING>) STORED AS CIF; "
            + "INSERT INTO t SELECT pos, map('k', concat('value-', pos)) FROM (SELECT posexplode(split(space(" + (ROWS - 1)
            + "), ' ')) AS (pos, x)) s");
    assertEquals(0, load.status(), load.err());
    assertEquals("", load.out(), "DDL and INSERT print nothing on standard output");
    assertEquals(1, load.err().lines().count(), "standard error holds the log's path alone: " + load.err());
    assertTrue(load.err().startsWith("cif hive: engine log in " + w), load.err());

    Path m = columnFile(warehouse, "m");
    try (ColumnFileReader r = SplitDirectory.open(FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(m.getParent().toUri())).openColumn("m", 1 << 26)) {
      assertEquals(BlockCodec.LZ4, r.spec().codec, "STORED AS CIF compresses with the default codec");
    }

    assertEquals(List.of(Integer.toString(ROWS)), promptSession(w, "SELECT count(*) FROM t WHERE id >= 0;"));

    Corruption.flipMiddleByteUnderChecksumFs(m);
    ShellProcess.Result failed = ShellProcess.run(HiveShell.class, "--warehouse", w, "--header", "-e",
        "SELECT count(*) AS n FROM t WHERE id >= 0; SELECT m['k'] FROM t WHERE id = 5");
    assertEquals(1, failed.status(), failed.err());
    assertEquals("n\n" + ROWS + "\n", failed.out(), "the header and the first statement's row, nothing else");
    List<String> err = failed.err().lines().collect(Collectors.toList());
    String last = err.get(err.size() - 1);
    assertTrue(last.startsWith("cif hive: FAILED: ") && last.contains("checksum mismatch [file ")
        && last.contains(m.getFileName().toString()) && last.contains(", column m, offset "), failed.err());
    assertEquals(2, err.size(), "the log's path and the root cause, no stack trace: " + failed.err());
  }

  /** The data file of a column of table t (Hive 4 puts a table that is not transactional in the external directory). */
  private static Path columnFile(Path warehouse, String column) throws Exception {
    try (Stream<Path> files = Files.walk(warehouse)) {
      return files.filter(p -> p.getFileName().toString().endsWith("-" + column + ".cif") && p.toString().contains("/t/"))
          .findFirst().orElseThrow();
    }
  }

  /**
   * Runs bin/cif hive with no -e/-f under script(1), whose pseudo-terminal makes it a terminal: types the
   * statement once the prompt shows, then quit; returns the lines printed between the statement's echo and
   * the next prompt.
   */
  private static List<String> promptSession(String warehouse, String statement) throws Exception {
    String java = String.join(" ", ShellProcess.command(HiveShell.class, "--warehouse", warehouse).stream()
        .map(a -> "'" + a + "'").toList());
    ProcessBuilder pb = new ProcessBuilder("script", "-qfec", java, "/dev/null").redirectErrorStream(true);
    pb.environment().remove("CIF_DEBUG");
    Process p = pb.start();
    Screen screen = new Screen(p.getInputStream());
    screen.start();
    OutputStream keys = p.getOutputStream();
    screen.awaitCount(HivePrompt.PROMPT, 1);
    keys.write((statement + "\n").getBytes(StandardCharsets.UTF_8));
    keys.flush();
    screen.awaitCount(HivePrompt.PROMPT, 2);
    keys.write("quit;\n".getBytes(StandardCharsets.UTF_8));
    keys.flush();
    assertEquals(0, p.waitFor(), screen.text());
    // Without the terminal's control sequences (JLine sets keypad mode and bracketed paste before a prompt).
    String text = screen.text().replace("\r", "").replaceAll("\u001b(\\[[?0-9;]*[A-Za-z]|[=>])", "");
    String afterEcho = text.substring(text.indexOf(statement) + statement.length());
    String answer = afterEcho.substring(0, afterEcho.indexOf(HivePrompt.PROMPT));
    assertTrue(Files.exists(Path.of(warehouse, ".cif_hive_history")), "the history file is written");
    return answer.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("cif hive: engine log")).toList();
  }

  /** What the pseudo-terminal shows, read as it comes. */
  private static final class Screen extends Thread {
    private final InputStream in;
    private final ByteArrayOutputStream seen = new ByteArrayOutputStream();

    Screen(InputStream in) {
      this.in = in;
      setDaemon(true);
    }

    @Override
    public void run() {
      byte[] b = new byte[4096];
      try {
        for (int n; (n = in.read(b)) > 0; ) {
          synchronized (this) {
            seen.write(b, 0, n);
            notifyAll();
          }
        }
      } catch (java.io.IOException e) {
        // the terminal closed
      }
      synchronized (this) {
        notifyAll();
      }
    }

    synchronized String text() { return seen.toString(StandardCharsets.UTF_8); }

    /** Waits until {@code s} has been shown {@code n} times (or the process has closed the terminal). */
    synchronized void awaitCount(String s, int n) throws InterruptedException {
      while (count(text(), s) < n && isAlive()) wait();
      assertTrue(count(text(), s) >= n, "expected " + n + " times '" + s + "' in: " + text());
    }

    private static int count(String text, String s) {
      int c = 0;
      for (int i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + 1)) c++;
      return c;
    }
  }
}
